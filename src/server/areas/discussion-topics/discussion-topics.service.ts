import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { AssignmentsService } from '../assignments/assignments.service.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';
import { dateOrderErrors, matchesSearch } from '../common/course-content.ts';
import { seesTopic, type ForumViewer } from './forum-viewer.ts';
import type { NewTopic, TopicChanges } from './discussion-topics.params.ts';

export { MODERATE_FORUM } from './forum-viewer.ts';

export class DiscussionTopicsService {
  readonly #services: CoreServices;
  readonly #assignments: AssignmentsService;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#assignments = new AssignmentsService(services);
  }

  /** Pinned topics first, then the most recently posted, as Canvas's default list order. */
  async list(viewer: ForumViewer, filters: { search_term?: string; only_announcements: boolean }) {
    const all = await this.#services.repos.discussionTopics.find({ course_id: viewer.courseId });
    const key = (t: Stored<DiscussionTopicData>) => t.data.posted_at ?? isoSeconds(t.created_at);
    return all
      .filter(
        (t) =>
          seesTopic(t.data, viewer) &&
          t.data.is_announcement === filters.only_announcements &&
          matchesSearch(t.data.title, filters.search_term),
      )
      .sort((a, b) => Number(b.data.pinned) - Number(a.data.pinned) || key(b).localeCompare(key(a)) || b.id - a.id);
  }

  /** A 404 for another course's topic and for one the viewer may not see yet (delayed, another section's). */
  async get(viewer: ForumViewer, id: number): Promise<Stored<DiscussionTopicData>> {
    const topic = await this.#services.repos.discussionTopics.get(id);
    if (!topic || topic.data.course_id !== viewer.courseId || !seesTopic(topic.data, viewer)) throw new NotFoundError('discussion topic');
    return topic;
  }

  /** A graded topic and its `discussion_topic` assignment are written together, each pointing at the other. */
  async create(viewer: ForumViewer, input: NewTopic, stamp: WriteStamp): Promise<Stored<DiscussionTopicData>> {
    const moderator = viewer.canManage;
    const announcement = input.is_announcement === true;
    if ((announcement || input.assignment !== undefined) && !moderator) throw new UnauthorizedError();
    if (input.assignment !== undefined && !(await this.#canManageAssignments(viewer.principal, viewer.courseId))) {
      throw new UnauthorizedError();
    }
    const sectionIds = await this.#sections(viewer, input.specific_sections, input.assignment !== undefined);
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
      section_ids: sectionIds ?? null,
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
  async update(viewer: ForumViewer, id: number, input: TopicChanges, stamp: WriteStamp): Promise<Stored<DiscussionTopicData>> {
    return retryStale(async () => {
      const current = await this.get(viewer, id);
      const d = current.data;
      const unpublish = input.published === false && d.workflow_state === 'published' && !d.is_announcement;
      if (unpublish && (await this.#hasPosts(current))) {
        throw new ValidationError({ published: [{ type: 'invalid', message: 'This topic cannot be set to draft state because it contains posts.' }] });
      }
      const published = input.published === undefined || d.is_announcement ? d.workflow_state === 'published' : input.published;
      const sectionIds = await this.#sections(viewer, input.specific_sections, d.assignment_id !== null);
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
        section_ids: sectionIds === undefined ? (d.section_ids ?? null) : sectionIds,
        workflow_state: published ? 'published' : 'unpublished',
        posted_at: published ? (d.posted_at ?? isoSeconds(stamp.now)) : null,
      };
      return this.#writeWithAssignment(current, next, stamp);
    });
  }

  /** Deleted as Canvas does: the topic and, for a graded one, its assignment; entries stay with the deleted topic. */
  async delete(viewer: ForumViewer, id: number, stamp: WriteStamp): Promise<void> {
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

  /**
   * The sections a topic is meant for, checked before anything is written: only moderators choose them, every id
   * must be one of the course's sections, and a graded topic is for the whole course (its assignment's overrides
   * are what narrow a graded discussion in Canvas). Undefined when not sent.
   */
  async #sections(viewer: ForumViewer, sent: number[] | null | undefined, graded: boolean): Promise<number[] | null | undefined> {
    if (sent === undefined || sent === null) return sent;
    if (!viewer.canManage) throw new UnauthorizedError();
    const invalid = (message: string) => new ValidationError({ specific_sections: [{ type: 'invalid', message }] });
    if (graded) throw invalid('Graded discussions cannot be section-specific.');
    const sections = await this.#services.repos.sections.find({ course_id: viewer.courseId });
    const known = new Set(sections.filter((s) => s.data.workflow_state === 'active').map((s) => s.id));
    if (!sent.every((id) => known.has(id))) throw invalid('Unable to find the sections given.');
    return sent.sort((a, b) => a - b);
  }

  async #hasPosts(topic: Stored<DiscussionTopicData>): Promise<boolean> {
    const entries = await this.#services.repos.discussionEntries.find({ parent_id: topic.id, course_id: topic.data.course_id });
    return entries.some((e) => e.data.workflow_state === 'active');
  }

  #canManageAssignments(principal: Principal, courseId: number): Promise<boolean> {
    return this.#services.access.canAny(principal, ['manage_assignments'], { type: 'course', courseId });
  }
}
