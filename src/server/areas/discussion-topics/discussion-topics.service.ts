import type { CoreServices } from '../../core-services.ts';
import { UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { AssignmentsService } from '../assignments/assignments.service.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';
import { dateOrderErrors, isVisibleContent, matchesSearch, visibleInCourse, type ContentViewer } from '../common/course-content.ts';
import type { NewTopic, TopicChanges } from './discussion-topics.params.ts';

/** Moderators see and write drafts, pins, locks and announcements; members with post_to_forum start plain topics. */
export const MODERATE_FORUM = ['moderate_forum'] as const;

export class DiscussionTopicsService {
  readonly #services: CoreServices;
  readonly #assignments: AssignmentsService;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#assignments = new AssignmentsService(services);
  }

  /** Pinned topics first, then the most recently posted, as Canvas's default list order. */
  async list(viewer: ContentViewer, filters: { search_term?: string; only_announcements: boolean }) {
    const all = await this.#services.repos.discussionTopics.find({ course_id: viewer.courseId });
    const key = (t: Stored<DiscussionTopicData>) => t.data.posted_at ?? isoSeconds(t.created_at);
    return all
      .filter(
        (t) =>
          isVisibleContent(t.data.workflow_state, viewer) &&
          t.data.is_announcement === filters.only_announcements &&
          matchesSearch(t.data.title, filters.search_term),
      )
      .sort((a, b) => Number(b.data.pinned) - Number(a.data.pinned) || key(b).localeCompare(key(a)) || b.id - a.id);
  }

  async get(viewer: ContentViewer, id: number): Promise<Stored<DiscussionTopicData>> {
    return visibleInCourse(await this.#services.repos.discussionTopics.get(id), viewer, 'discussion topic');
  }

  /** A graded topic and its `discussion_topic` assignment are written together, each pointing at the other. */
  async create(viewer: ContentViewer, input: NewTopic, stamp: WriteStamp): Promise<Stored<DiscussionTopicData>> {
    const moderator = viewer.canManage;
    const announcement = input.is_announcement === true;
    if ((announcement || input.assignment !== undefined) && !moderator) throw new UnauthorizedError();
    if (input.assignment !== undefined && !(await this.#canManageAssignments(viewer.principal, viewer.courseId))) {
      throw new UnauthorizedError();
    }
    // Only moderators keep drafts; announcements and everyone else's topics are posted at once.
    const published = !moderator || announcement || input.published !== false;
    const data: DiscussionTopicData = {
      course_id: viewer.courseId,
      user_id: viewer.principal.userId,
      title: input.title === undefined || input.title === '' ? 'No Title' : input.title,
      message: input.message ?? null,
      discussion_type: input.discussion_type ?? 'side_comment',
      pinned: moderator && input.pinned === true,
      locked: moderator && input.locked === true,
      is_announcement: announcement,
      require_initial_post: input.require_initial_post ?? false,
      delayed_post_at: isoOrNull(input.delayed_post_at ?? null),
      lock_at: isoOrNull(input.lock_at ?? null),
      posted_at: published ? isoSeconds(stamp.now) : null,
      workflow_state: published ? 'published' : 'unpublished',
      assignment_id: null,
      allow_rating: input.allow_rating ?? false,
      only_graders_can_rate: input.only_graders_can_rate ?? false,
      sort_by_rating: input.sort_by_rating ?? false,
    };
    const { discussionTopics, assignments } = this.#services.repos;
    const graded = input.assignment;
    if (graded === undefined) return discussionTopics.create(data, stamp);

    const linked = {
      name: data.title,
      points_possible: graded.points_possible ?? null,
      grading_type: graded.grading_type,
      due_at: await this.#assignments.dueAt(viewer.courseId, graded.due_at),
      unlock_at: isoOrNull(graded.unlock_at ?? null),
      lock_at: isoOrNull(graded.lock_at ?? null),
      published,
      submission_types: ['discussion_topic' as const],
    };
    const invalid = dateOrderErrors(linked);
    if (invalid) throw invalid;
    const draft = await this.#assignments.buildLinked(viewer.courseId, linked, stamp);
    const topic = await discussionTopics.build({ ...data, assignment_id: draft.id }, stamp);
    const assignment = await this.#assignments.buildLinked(viewer.courseId, { ...linked, discussion_topic_id: topic.id }, stamp, draft.id);
    // Both or neither: a failed write never leaves a graded topic without its assignment.
    await writeTogether([discussionTopics.insertion(topic), assignments.insertion(assignment)]);
    return topic;
  }

  /**
   * A moderator's change: only the fields sent. A published topic with posts cannot go back to draft, and an
   * announcement is never a draft (both as Canvas). A graded topic's assignment follows its title and state.
   */
  async update(viewer: ContentViewer, id: number, input: TopicChanges, stamp: WriteStamp): Promise<Stored<DiscussionTopicData>> {
    return retryStale(async () => {
      const current = await this.get(viewer, id);
      const d = current.data;
      const unpublish = input.published === false && d.workflow_state === 'published' && !d.is_announcement;
      if (unpublish && (await this.#hasPosts(current))) {
        throw new ValidationError({ published: [{ type: 'invalid', message: 'This topic cannot be set to draft state because it contains posts.' }] });
      }
      const published = input.published === undefined || d.is_announcement ? d.workflow_state === 'published' : input.published;
      const next: DiscussionTopicData = {
        ...d,
        title: input.title === undefined ? d.title : input.title || 'No Title',
        message: input.message === undefined ? d.message : input.message,
        pinned: input.pinned ?? d.pinned,
        locked: input.locked ?? d.locked,
        require_initial_post: input.require_initial_post ?? d.require_initial_post,
        allow_rating: input.allow_rating ?? d.allow_rating,
        only_graders_can_rate: input.only_graders_can_rate ?? d.only_graders_can_rate,
        sort_by_rating: input.sort_by_rating ?? d.sort_by_rating,
        delayed_post_at: input.delayed_post_at === undefined ? d.delayed_post_at : isoOrNull(input.delayed_post_at),
        lock_at: input.lock_at === undefined ? d.lock_at : isoOrNull(input.lock_at),
        workflow_state: published ? 'published' : 'unpublished',
        posted_at: published ? (d.posted_at ?? isoSeconds(stamp.now)) : null,
      };
      return this.#writeWithAssignment(current, next, stamp);
    });
  }

  /** Deleted as Canvas does: the topic and, for a graded one, its assignment; entries stay with the deleted topic. */
  async delete(viewer: ContentViewer, id: number, stamp: WriteStamp): Promise<void> {
    await retryStale(async () => {
      const current = await this.get(viewer, id);
      await this.#writeWithAssignment(current, { ...current.data, workflow_state: 'deleted' }, stamp);
    });
  }

  /** The topic and its assignment's copy of the shared fields in one transaction, so they never disagree. */
  async #writeWithAssignment(read: Stored<DiscussionTopicData>, next: DiscussionTopicData, stamp: WriteStamp): Promise<Stored<DiscussionTopicData>> {
    const { discussionTopics, assignments } = this.#services.repos;
    const topic = discussionTopics.replacement(read, next, stamp);
    const writes: PlannedWrite[] = [topic];
    const assignment = next.assignment_id === null ? undefined : await assignments.get(next.assignment_id);
    if (assignment) writes.push(assignments.replacement(assignment, { ...assignment.data, name: next.title, workflow_state: next.workflow_state }, stamp));
    await writeTogether(writes);
    return topic.record;
  }

  async #hasPosts(topic: Stored<DiscussionTopicData>): Promise<boolean> {
    const entries = await this.#services.repos.discussionEntries.find({ parent_id: topic.id, course_id: topic.data.course_id });
    return entries.some((e) => e.data.workflow_state === 'active');
  }

  #canManageAssignments(principal: Principal, courseId: number): Promise<boolean> {
    return this.#services.access.canAny(principal, ['manage_assignments'], { type: 'course', courseId });
  }
}
