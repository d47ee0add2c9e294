import type { CoreServices } from '../../core-services.ts';
import { endOfDayIn } from '../../domain/calendar-day.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import type { AssignmentData, GradingType, SubmissionType } from '../../domain/records/content-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import { assignmentSubmissionStats } from '../submissions/assignment-stats.ts';
import { inBucket, type AssignmentBucket, type BucketFacts } from './assignment-buckets.ts';
import type { AssignmentFields } from './assignments.params.ts';
import { isoOrNull } from '../common/api-values.ts';
import { defaultGroupId } from '../assignment-groups/default-group.ts';
import { dateOrderErrors, isVisibleContent, matchesSearch, visibleInCourse, type ContentViewer } from '../common/course-content.ts';

/** Canvas's model error when a published assignment with student work is unpublished. */
export const UNPUBLISH_REFUSED = "Can't unpublish if there are student submissions";

/** Who edits assignments, and so also sees unpublished ones. */
export const MANAGE_ASSIGNMENTS: readonly PermissionName[] = ['manage_assignments'];

/** What a quiz or a graded discussion topic gives the assignment it is graded through. */
export interface LinkedAssignment {
  name: string;
  points_possible: number | null;
  due_at: string | null;
  unlock_at: string | null;
  lock_at: string | null;
  published: boolean;
  submission_types: SubmissionType[];
  grading_type?: GradingType;
  quiz_id?: number;
  discussion_topic_id?: number;
}

/** Assignments of a course: Canvas's draft state, date order and positions. Callers have checked the route's permission. */
export class AssignmentsService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  get #repo() {
    return this.#services.repos.assignments;
  }

  /** The viewer's assignments in position order, narrowed by `search_term` and a `bucket` (relative to the caller). */
  async list(viewer: ContentViewer, filters: { search_term?: string; bucket?: AssignmentBucket }, now: number) {
    const all = await this.#repo.find({ course_id: viewer.courseId }, [{ sort_key: 'asc' }]);
    const listed = all.filter((a) => isVisibleContent(a.data.workflow_state, viewer) && matchesSearch(a.data.name, filters.search_term));
    const { bucket } = filters;
    if (bucket === undefined) return listed;
    const facts = await this.#bucketFacts(viewer, listed.map((a) => a.id), now);
    return listed.filter((a) => inBucket(a.id, a.data, bucket, facts));
  }

  /** The caller's own submissions, student enrollment and grading rights, read once for a bucket filter. */
  async #bucketFacts(viewer: ContentViewer, ids: readonly number[], now: number): Promise<BucketFacts> {
    const { principal, courseId } = viewer;
    const [own, maySubmit, mayGrade, stats] = await Promise.all([
      this.#services.repos.submissions.find({ course_id: courseId, user_id: principal.userId }),
      progressionService(this.#services.repos).participatesAsStudent(courseId, principal.userId, now),
      this.#services.access.canAny(principal, ['manage_grades'], { type: 'course', courseId }),
      assignmentSubmissionStats(this.#services, principal, courseId, ids),
    ]);
    const ownByAssignment = new Map(own.map((s) => [s.data.assignment_id, s.data]));
    return {
      now,
      maySubmit,
      mayGrade,
      ownSubmission: (id) => ownByAssignment.get(id),
      needsGradingCount: (id) => stats.get(id)?.needs_grading_count ?? 0,
    };
  }

  /** 404 for an assignment of another course, a deleted one, or a draft the viewer may not see. */
  async get(viewer: ContentViewer, id: number): Promise<Stored<AssignmentData>> {
    return visibleInCourse(await this.#repo.get(id), viewer, 'assignment');
  }

  async create(courseId: number, fields: AssignmentFields & { name: string }, stamp: WriteStamp) {
    const data = applyFields(await this.#defaults(courseId, fields.name, stamp), fields, await this.#timeZone(courseId));
    if (await this.#isLiveGroup(courseId, fields.assignment_group_id)) data.assignment_group_id = fields.assignment_group_id;
    const invalid = dateOrderErrors(data);
    if (invalid) throw invalid;
    return this.#repo.create(data, stamp);
  }

  /** Builds (without writing) the assignment a quiz or graded topic is graded through, for one joint insert. */
  async buildLinked(courseId: number, linked: LinkedAssignment, stamp: WriteStamp, id?: number) {
    const data: AssignmentData = {
      ...(await this.#defaults(courseId, linked.name, stamp)),
      points_possible: linked.points_possible,
      due_at: linked.due_at,
      unlock_at: linked.unlock_at,
      lock_at: linked.lock_at,
      workflow_state: linked.published ? 'published' : 'unpublished',
      submission_types: linked.submission_types,
      grading_type: linked.grading_type ?? 'points',
      quiz_id: linked.quiz_id ?? null,
      discussion_topic_id: linked.discussion_topic_id ?? null,
    };
    return this.#repo.build(data, stamp, id);
  }

  async update(viewer: ContentViewer, id: number, fields: AssignmentFields, stamp: WriteStamp) {
    return retryStale(async () => {
      const current = await this.get(viewer, id);
      const data = applyFields(current.data, fields, await this.#timeZone(viewer.courseId));
      if (await this.#isLiveGroup(viewer.courseId, fields.assignment_group_id)) data.assignment_group_id = fields.assignment_group_id;
      const invalid = dateOrderErrors(data);
      if (invalid) throw invalid;
      if (current.data.workflow_state === 'published' && data.workflow_state === 'unpublished' && !(await this.canUnpublish(id))) {
        throw ValidationError.field('workflow_state', UNPUBLISH_REFUSED);
      }
      return this.#writeWithLinked(current, data, stamp);
    });
  }

  /** A soft delete (ids are never reused, positions never renumbered); the quiz or topic it grades goes with it. */
  async delete(viewer: ContentViewer, id: number, stamp: WriteStamp) {
    return retryStale(async () => {
      const current = await this.get(viewer, id);
      return this.#writeWithLinked(current, { ...current.data, workflow_state: 'deleted' }, stamp);
    });
  }

  /**
   * Writes the assignment and the quiz's or topic's copy of the shared fields in one transaction (they share the
   * course collection), so a failure cannot leave e.g. a deleted assignment whose quiz is still published.
   */
  async #writeWithLinked(read: Stored<AssignmentData>, a: AssignmentData, stamp: WriteStamp): Promise<Stored<AssignmentData>> {
    const { record, writes } = await this.withLinked(read, a, stamp);
    await writeTogether(writes);
    return record;
  }

  /** The writes of an assignment change and of its quiz's or topic's copy, for one `writeTogether`. */
  async withLinked(read: Stored<AssignmentData>, a: AssignmentData, stamp: WriteStamp): Promise<{ record: Stored<AssignmentData>; writes: PlannedWrite[] }> {
    const { quizzes, discussionTopics } = this.#services.repos;
    const assignment = this.#repo.replacement(read, a, stamp);
    const writes: PlannedWrite[] = [assignment];
    const quiz = a.quiz_id === null ? undefined : await quizzes.get(a.quiz_id);
    if (quiz) {
      writes.push(quizzes.replacement(quiz, {
        ...quiz.data,
        title: a.name,
        points_possible: a.points_possible,
        due_at: a.due_at,
        unlock_at: a.unlock_at,
        lock_at: a.lock_at,
        workflow_state: a.workflow_state,
      }, stamp));
    }
    const topic = a.discussion_topic_id === null ? undefined : await discussionTopics.get(a.discussion_topic_id);
    if (topic) writes.push(discussionTopics.replacement(topic, { ...topic.data, title: a.name, workflow_state: a.workflow_state }, stamp));
    return { record: assignment.record, writes };
  }

  /** Canvas's `can_unpublish?`: no student has handed anything in (a grade alone is not a submission). */
  async canUnpublish(assignmentId: number): Promise<boolean> {
    const rows = await this.#services.repos.submissions.find({ parent_id: assignmentId });
    return !rows.some((s) => s.data.submission_type !== null);
  }

  /** A due date as sent to a graded topic or quiz: a bare day is the end of that day in the course's zone. */
  async dueAt(courseId: number, value: AssignmentFields['due_at']): Promise<string | null> {
    return value === undefined ? null : dueDate(value, await this.#timeZone(courseId));
  }

  /** The zone a bare due date is read in: the course's (a course starts with its account's default zone). */
  async #timeZone(courseId: number): Promise<string> {
    const course = await this.#services.repos.courses.get(courseId);
    if (!course) throw new NotFoundError('course');
    return course.data.time_zone;
  }

  /** An `assignment_group_id` Canvas honours: a live group of this course (an unknown one is ignored). */
  async #isLiveGroup(courseId: number, groupId: number | undefined): Promise<boolean> {
    if (groupId === undefined) return false;
    const group = await this.#services.repos.assignmentGroups.get(groupId);
    return group?.data.course_id === courseId && group.data.workflow_state === 'available';
  }

  /**
   * New assignments go last (deleted ones keep their positions, so the next position counts them too), in the
   * course's first assignment group, created if the course has none yet.
   */
  async #defaults(courseId: number, name: string, stamp: WriteStamp): Promise<AssignmentData> {
    const [last] = await this.#repo.find({ course_id: courseId }, [{ sort_key: 'desc' }]);
    return {
      course_id: courseId,
      name,
      description: null,
      points_possible: null,
      grading_type: 'points',
      submission_types: ['none'],
      allowed_extensions: [],
      allowed_attempts: -1,
      due_at: null,
      unlock_at: null,
      lock_at: null,
      peer_reviews: false,
      automatic_peer_reviews: false,
      peer_review_count: 0,
      workflow_state: 'unpublished',
      grading_standard_id: null,
      position: (last?.data.position ?? 0) + 1,
      omit_from_final_grade: false,
      anonymous_grading: false,
      quiz_id: null,
      discussion_topic_id: null,
      assignment_group_id: await defaultGroupId(this.#services.repos, courseId, stamp),
      muted: false,
    };
  }
}

/** The assignment after a create or PUT: absent fields keep their value, explicit empties clear. */
function applyFields(current: AssignmentData, f: AssignmentFields, timeZone: string): AssignmentData {
  const next: AssignmentData = { ...current };
  if (f.name !== undefined) next.name = f.name;
  if (f.description !== undefined) next.description = f.description;
  if (f.points_possible !== undefined) next.points_possible = f.points_possible;
  if (f.grading_type !== undefined) next.grading_type = f.grading_type;
  if (f.submission_types !== undefined) next.submission_types = [...new Set(f.submission_types)];
  if (f.allowed_extensions !== undefined) next.allowed_extensions = f.allowed_extensions.map((e) => e.replace(/^\./, '').toLowerCase());
  if (f.allowed_attempts !== undefined) next.allowed_attempts = f.allowed_attempts;
  if (f.due_at !== undefined) next.due_at = dueDate(f.due_at, timeZone);
  if (f.unlock_at !== undefined) next.unlock_at = isoOrNull(f.unlock_at);
  if (f.lock_at !== undefined) next.lock_at = isoOrNull(f.lock_at);
  if (f.peer_reviews !== undefined) next.peer_reviews = f.peer_reviews;
  if (f.automatic_peer_reviews !== undefined) next.automatic_peer_reviews = f.automatic_peer_reviews;
  if (f.peer_review_count !== undefined) next.peer_review_count = f.peer_review_count;
  if (f.published !== undefined && current.workflow_state !== 'deleted') next.workflow_state = f.published ? 'published' : 'unpublished';
  if (f.grading_standard_id !== undefined) next.grading_standard_id = f.grading_standard_id === '' ? null : f.grading_standard_id;
  if (f.position !== undefined) next.position = f.position;
  if (f.omit_from_final_grade !== undefined) next.omit_from_final_grade = f.omit_from_final_grade;
  if (f.anonymous_grading !== undefined) next.anonymous_grading = f.anonymous_grading;
  if (f.muted !== undefined) next.muted = f.muted;
  // Canvas keeps no points on an ungraded assignment.
  if (next.grading_type === 'not_graded') next.points_possible = null;
  return next;
}

/** Canvas reads a bare day (`2026-12-01`) as 23:59:59 of that day in the course's time zone. */
function dueDate(value: NonNullable<AssignmentFields['due_at']> | null, timeZone: string): string | null {
  return isoOrNull(value !== null && 'day' in value ? endOfDayIn(value.day, timeZone) : value);
}
