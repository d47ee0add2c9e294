import type { CoreServices } from '../../core-services.ts';
import { BadRequestError } from '../../domain/errors.ts';
import type { AssignmentData, FileData } from '../../domain/records/content-records.ts';
import { latePolicyKey } from '../../domain/records/late-policy-records.ts';
import type { SubmissionCommentData, SubmissionData } from '../../domain/records/submission-records.ts';
import { CourseScoreStore } from '../../domain/grading/course-scores.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { latePolicyRelevant, scoreWithLatePolicy } from './late-policy-scoring.ts';
import { placeholder } from './submission-workflow.ts';

export type StoredAssignment = Stored<AssignmentData>;

/** The writes of one planned change, and the submission as it will be stored. */
export interface PlannedChange {
  readonly writes: PlannedWrite[];
  readonly record: Stored<SubmissionData>;
  /** Whether it changes what counts in the totals (the score or the excuse). */
  readonly scored: boolean;
}

/** A submission's next state and what goes with it; `read` is undefined for a student with no record yet. */
export interface SubmissionChange {
  readonly assignment: StoredAssignment;
  readonly userId: number;
  readonly read: Stored<SubmissionData> | undefined;
  readonly next: SubmissionData;
  /** Submits and grade changes keep a history version; a comment alone does not. */
  readonly version: boolean;
  readonly comment?: Omit<SubmissionCommentData, 'submission_id'>;
}

/**
 * Reads and writes of submissions. A change writes the submission, its history version and its comment in one
 * transaction (all `course_user` records), so a grade never exists without its audit entry or its comment. Writes
 * to one assignment are serialized: one process owns the data (decision 0005), and this keeps "one submission per
 * student and assignment" true when two requests create the first one at once. The student's course totals go
 * in the same transaction (`write`), so a grade never exists without the totals it makes.
 */
/** Up to this many students, `ensure` looks each one's submission up by key rather than reading the assignment's list. */
const FEW_STUDENTS = 50;

export class SubmissionStore {
  readonly #services: CoreServices;
  readonly #queue = new KeyedQueue();
  readonly #scores: CourseScoreStore;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#scores = new CourseScoreStore(services.repos);
  }

  get #repos() {
    return this.#services.repos;
  }

  byPair(assignmentId: number, userId: number): Promise<Stored<SubmissionData> | undefined> {
    return this.#repos.submissions.byLookup(`submission:${assignmentId}:${userId}`);
  }

  async ofAssignment(assignmentId: number): Promise<Map<number, Stored<SubmissionData>>> {
    const rows = await this.#repos.submissions.find({ parent_id: assignmentId });
    return new Map(rows.map((r) => [r.data.user_id, r]));
  }

  /** Runs `work` after every earlier write to the same assignment has finished. */
  serialized<T>(assignmentId: number, work: () => Promise<T>): Promise<T> {
    return this.#queue.run(`assignment:${assignmentId}`, work);
  }

  /**
   * Every listed student's submission, creating unsubmitted placeholders for those without one, as Canvas keeps
   * one per student: lists then show everyone, each with an id (peer reviews name submissions by id).
   */
  ensure(assignment: StoredAssignment, userIds: readonly number[], stamp: WriteStamp): Promise<Map<number, Stored<SubmissionData>>> {
    return this.serialized(assignment.id, async () => {
      const existing = await this.#ofStudents(assignment.id, userIds);
      const missing = userIds.filter((id) => !existing.has(id));
      if (missing.length === 0) return existing;
      const built = await Promise.all(missing.map((id) => this.#repos.submissions.build(placeholder(assignment, id), stamp)));
      await writeTogether(built.map((r) => this.#repos.submissions.insertion(r)));
      for (const record of built) existing.set(record.data.user_id, record);
      return existing;
    });
  }

  /**
   * `ensure` over several assignments at once, for lists across a course (`/students/submissions`, the gradebook's
   * read): the students' submissions come from one index range per student (their records in the course), not from
   * every student's submissions of each assignment. Only an assignment where someone lacks a submission goes
   * through `ensure`, which creates the placeholders under the assignment's write queue.
   */
  async ensureAcross(courseId: number, assignments: readonly StoredAssignment[], userIds: readonly number[], stamp: WriteStamp) {
    const found = new Map<number, Map<number, Stored<SubmissionData>>>(assignments.map((a) => [a.id, new Map()]));
    for (const record of await this.#repos.submissions.ofUsersInCourse(courseId, userIds)) found.get(record.data.assignment_id)?.set(record.data.user_id, record);
    for (const assignment of assignments) {
      if (userIds.some((id) => !found.get(assignment.id)!.has(id))) found.set(assignment.id, await this.ensure(assignment, userIds, stamp));
    }
    return found;
  }

  /**
   * The named students' submissions of one assignment: by their lookup keys when they are few (one student's
   * grade must not read the whole class's), else the assignment's whole list in one index range.
   */
  async #ofStudents(assignmentId: number, userIds: readonly number[]): Promise<Map<number, Stored<SubmissionData>>> {
    if (userIds.length > FEW_STUDENTS) return this.ofAssignment(assignmentId);
    const found = await Promise.all(userIds.map((id) => this.byPair(assignmentId, id)));
    return new Map(found.filter((r) => r !== undefined).map((r) => [r.data.user_id, r]));
  }

  /** Plans the writes of several changes (bulk grading writes them all in one transaction). */
  async plan(change: SubmissionChange, stamp: WriteStamp): Promise<PlannedChange> {
    const { submissions, submissionVersions, submissionComments } = this.#repos;
    const next = await this.#scored(change, stamp.now);
    const writes: PlannedWrite[] = [];
    let record: Stored<SubmissionData>;
    if (change.read) {
      const planned = submissions.replacement(change.read, next, stamp);
      record = planned.record;
      writes.push(planned);
    } else {
      record = await submissions.build(next, stamp);
      writes.push(submissions.insertion(record));
    }
    if (change.version) writes.push(submissionVersions.insertion(await submissionVersions.build({ ...next, submission_id: record.id }, stamp)));
    if (change.comment) {
      writes.push(submissionComments.insertion(await submissionComments.build({ ...change.comment, submission_id: record.id, attempt: next.attempt }, stamp)));
    }
    const before = change.read?.data;
    const scored = before ? before.score !== next.score || before.excused !== next.excused : next.score !== null || next.excused;
    return { writes, record, scored };
  }

  /** The change's next state under the course's late policy, when it changed what the policy looks at. */
  async #scored(change: SubmissionChange, now: number): Promise<SubmissionData> {
    if (!latePolicyRelevant(change.read?.data, change.next)) return change.next;
    const policy = await this.#repos.latePolicies.byLookup(latePolicyKey(change.assignment.data.course_id));
    return scoreWithLatePolicy(change.next, change.assignment.data, policy?.data, now);
  }

  /** One change, written together with the totals it changes. */
  async apply(change: SubmissionChange, stamp: WriteStamp): Promise<Stored<SubmissionData>> {
    const planned = await this.plan(change, stamp);
    await this.write(change.assignment.data.course_id, [planned], stamp);
    return planned.record;
  }

  /**
   * Planned changes of one course in one transaction (with any `companions` of the same collection), with the totals of each student whose score or excuse they
   * change: that student's alone, never a course rescan. A concurrent write to the same totals (another
   * assignment's grade) plans the totals again from a fresh read.
   */
  async write(courseId: number, planned: readonly PlannedChange[], stamp: WriteStamp, companions: readonly PlannedWrite[] = []): Promise<void> {
    const scored = planned.filter((p) => p.scored).map((p) => p.record.data);
    const structure = scored.length > 0 ? await this.#scores.structure(courseId) : undefined;
    await retryStale(async () => {
      const totals = structure ? await this.#scores.plan(structure, scored, stamp) : [];
      // Companions are the records the change came from (a quiz attempt): they stand or fall with it.
      await writeTogether([...planned.flatMap((p) => p.writes), ...companions, ...totals]);
    });
  }

  /** Files the user uploaded to the course, all of them, or a 400 naming the parameter (docs/canvas-compatibility.md §8.6). */
  async ownFiles(courseId: number, userId: number, fileIds: readonly number[], message = 'No valid file ids given'): Promise<Stored<FileData>[]> {
    const found = await this.#repos.files.getMany([...new Set(fileIds)]);
    const files = [...found.values()].filter((f) => f.data.course_id === courseId && f.data.user_id === userId && f.data.workflow_state === 'available');
    if (files.length === 0 || files.length !== new Set(fileIds).size) throw new BadRequestError(message);
    return files;
  }
}
