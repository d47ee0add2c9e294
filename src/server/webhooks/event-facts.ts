import type { AssignmentData, DiscussionTopicData, FileData } from '../domain/records/content-records.ts';
import type { SubmissionData } from '../domain/records/submission-records.ts';
import type { WebhookEventType, WebhookSnapshotData } from '../domain/records/webhook-records.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { Stored } from '../storage/typed-records.ts';
import { cut, idString, isoSeconds, type CanonicalEvent } from './canonical-event.ts';
import type { TopicEventType } from './event-rules.ts';
import { ulid } from './ulid.ts';
import { quizSubmissionKey } from '../domain/records/quiz-records.ts';

export interface Change<T extends object> {
  record: Stored<T>;
  source: string;
}

/**
 * Looks up what the payloads name besides the changed record (users, course, assignment, root account, role),
 * cached for one derivation pass, and builds the canonical events.
 */
export class EventFacts {
  readonly #repos: Repositories;
  readonly #hostname: string;
  readonly #rootAccountId: number;
  readonly #cache = new Map<string, Promise<unknown>>();

  constructor(repos: Repositories, rootAccountId: number, hostname: string) {
    this.#repos = repos;
    this.#rootAccountId = rootAccountId;
    this.#hostname = hostname;
  }

  #once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.#cache.get(key) as Promise<T> | undefined;
    if (!hit) this.#cache.set(key, (hit = load()));
    return hit;
  }

  assignment(id: number) {
    return this.#once(`assignment:${id}`, () => this.#repos.assignments.get(id));
  }

  #user(id: number) {
    return this.#once(`user:${id}`, () => (id === 0 ? Promise.resolve(undefined) : this.#repos.users.get(id)));
  }

  #course(id: number) {
    return this.#once(`course:${id}`, () => this.#repos.courses.get(id));
  }

  #quizOf(assignmentId: number) {
    return this.#once(`quiz:${assignmentId}`, async () => (await this.#repos.quizzes.find({ parent_id: assignmentId }))[0]);
  }

  /** The actor's enrollment type in the course (`context_role`), e.g. `TeacherEnrollment`. */
  #roleIn(courseId: number, userId: number) {
    return this.#once(`role:${courseId}:${userId}`, async () => {
      if (userId === 0) return null;
      const enrollments = await this.#repos.enrollments.find({ course_id: courseId, user_id: userId });
      return enrollments.find((e) => e.data.workflow_state === 'active')?.data.type ?? enrollments[0]?.data.type ?? null;
    });
  }

  async #metadata(name: WebhookEventType, record: Stored<object>, courseId: number) {
    const [root, actor, course, role] = await Promise.all([
      this.#once('root', () => this.#repos.accounts.get(this.#rootAccountId)),
      this.#user(record.updated_by),
      this.#course(courseId),
      this.#roleIn(courseId, record.updated_by),
    ]);
    const uuid = root?.data.uuid ?? null;
    const metadata: Record<string, string | null> = {
      event_name: name,
      event_time: new Date(record.updated_at).toISOString(),
      producer: 'canvas',
      hostname: this.#hostname,
      request_id: record.request_id || null,
      root_account_id: String(this.#rootAccountId),
      root_account_uuid: uuid,
      root_account_lti_guid: uuid === null ? null : `${uuid}.${this.#hostname}`,
      user_id: idString(record.updated_by),
      user_login: actor?.data.login_id ?? null,
      user_sis_id: actor?.data.sis_user_id ?? null,
      user_account_id: actor ? String(actor.data.root_account_id) : null,
      context_type: 'Course',
      context_id: String(courseId),
      context_role: role,
      context_account_id: course ? String(course.data.account_id) : null,
      context_sis_source_id: course?.data.sis_course_id ?? null,
    };
    return { metadata, role, accountId: course?.data.account_id ?? this.#rootAccountId };
  }

  async #event(name: WebhookEventType, change: Change<object>, courseId: number, assignmentId: number, orderKey: string, body: Record<string, unknown>, sis?: string | null): Promise<CanonicalEvent> {
    const { metadata, role, accountId } = await this.#metadata(name, change.record, courseId);
    const event_id = ulid(change.record.updated_at);
    return {
      event_id,
      event_name: name,
      event_time: metadata.event_time!,
      source: change.source,
      course_id: courseId,
      assignment_id: assignmentId,
      account_id: accountId,
      order_key: orderKey,
      changed_at: change.record.updated_at,
      metadata: { ...metadata, event_id },
      body,
      caliper: { actor_role: role, student_sis_id: sis },
    };
  }

  async submissionEvent(name: WebhookEventType, change: Change<SubmissionData>, previous: WebhookSnapshotData | undefined): Promise<CanonicalEvent> {
    const s = change.record.data;
    const [assignment, student] = await Promise.all([this.assignment(s.assignment_id), this.#user(s.user_id)]);
    const orderKey = `submission:${change.record.id}`;
    const ids = { assignment_id: String(s.assignment_id), submission_id: String(change.record.id), user_id: String(s.user_id) };
    if (name === 'grade_change') {
      return this.#event(name, change, s.course_id, s.assignment_id, orderKey, {
        ...ids,
        student_id: String(s.user_id),
        student_sis_id: student?.data.sis_user_id ?? null,
        grader_id: idString(s.grader_id),
        grade: s.grade,
        old_grade: previous?.grade ?? null,
        score: s.score,
        old_score: previous?.score ?? null,
        points_possible: assignment?.data.points_possible ?? null,
        old_points_possible: previous?.points_possible ?? assignment?.data.points_possible ?? null,
        grading_complete: s.workflow_state === 'graded',
        muted: false,
      }, student?.data.sis_user_id ?? null);
    }
    if (name === 'quiz_submitted') {
      const quiz = await this.#quizOf(s.assignment_id);
      // Canvas names the quiz submission (the attempt's record), not the assignment's.
      const attempt = quiz ? await this.#repos.quizSubmissions.byLookup(quizSubmissionKey(quiz.id, s.user_id)) : undefined;
      return this.#event(name, change, s.course_id, s.assignment_id, orderKey, { quiz_id: idString(quiz?.id), submission_id: attempt ? String(attempt.id) : ids.submission_id });
    }
    const body: Record<string, unknown> = {
      ...ids,
      attempt: s.attempt,
      body: cut(s.body),
      grade: s.grade,
      graded_at: isoSeconds(s.graded_at),
      group_id: null,
      late: s.late_policy_status === 'late',
      lti_assignment_id: null,
      lti_user_id: student?.data.uuid ?? null,
      missing: s.late_policy_status === 'missing',
      score: s.score,
      submission_type: s.submission_type,
      submitted_at: isoSeconds(s.submitted_at),
      updated_at: isoSeconds(change.record.updated_at),
      url: s.url,
      workflow_state: s.workflow_state,
    };
    if (name === 'plagiarism_resubmit') {
      delete body.late;
      delete body.missing;
    }
    return this.#event(name, change, s.course_id, s.assignment_id, orderKey, body);
  }

  attachmentEvent(change: Change<FileData>): Promise<CanonicalEvent> {
    const f = change.record.data;
    return this.#event('attachment_created', change, f.course_id, 0, `attachment:${change.record.id}`, {
      attachment_id: String(change.record.id),
      content_type: f.content_type,
      context_id: String(f.course_id),
      context_type: 'Course',
      display_name: cut(f.display_name),
      filename: cut(f.filename),
      folder_id: null,
      lock_at: isoSeconds(f.lock_at),
      unlock_at: isoSeconds(f.unlock_at),
      updated_at: isoSeconds(change.record.updated_at),
      user_id: idString(f.user_id),
    });
  }

  /** Canvas's `get_discussion_topic_data`, or for `announcement_created` the announcement's own fields. */
  topicEvent(name: TopicEventType, change: Change<DiscussionTopicData>): Promise<CanonicalEvent> {
    const t = change.record.data;
    const id = String(change.record.id);
    const common = {
      title: cut(t.title),
      body: t.message === null ? null : cut(t.message),
      context_id: String(t.course_id),
      context_type: 'Course',
      workflow_state: t.workflow_state === 'published' ? 'active' : t.workflow_state,
      lock_at: isoSeconds(t.lock_at),
      updated_at: isoSeconds(change.record.updated_at),
    };
    const body =
      name === 'announcement_created'
        ? { announcement_id: id, ...common }
        : { discussion_topic_id: id, is_announcement: t.is_announcement, assignment_id: t.assignment_id === null ? null : String(t.assignment_id), ...common };
    return this.#event(name, change, t.course_id, 0, `${name}:${id}`, body);
  }

  pointsPossible(assignment: Stored<AssignmentData> | undefined): number | null {
    return assignment?.data.points_possible ?? null;
  }
}
