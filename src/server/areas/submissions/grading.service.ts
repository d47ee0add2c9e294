import type { CoreServices } from '../../core-services.ts';
import { UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { SubmissionData } from '../../domain/records/submission-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { servingRequests, type JobItems, type JobKind } from '../../jobs/job-runner.ts';
import { bulkGradeInputs, type BulkGradeInputs } from './bulk-grade-inputs.ts';
import { completeReviewOnComment } from '../peer-reviews/reviewer-access.ts';
import { applyGrade, checkGradeRequest, commentData, gradingRefused, type CheckedGrade, type GradeRequest } from './grade-change.ts';
import { MANAGE_GRADES, type SubmissionScope, type SubmissionScopes } from './submission-scope.ts';
import type { PlannedChange, StoredAssignment, SubmissionChange, SubmissionStore } from './submission-store.ts';
import { placeholder } from './submission-workflow.ts';
import type { BulkGradeRequest, UpdateGradesParams } from './submissions.params.ts';

export const BULK_TAG = 'submissions_update';

/**
 * Students per item of a bulk job: each item is one transaction and one done mark, so a restart redoes nothing and
 * a large course is not one transaction per student.
 */
const BULK_CHUNK = 50;

/** One student's part of a bulk request, resolved and checked. */
export interface BulkEntry {
  readonly assignment: StoredAssignment;
  readonly studentId: number;
  readonly checked: CheckedGrade;
}

/**
 * The student entries of an `update_grades` call, each with its assignment: the path's, else (course paths) the
 * key of Canvas's `grade_data[<assignment_id>][<student_id>]` form or the entry's own `assignment_id`.
 */
function bulkRequests(p: UpdateGradesParams): Array<BulkGradeRequest & { assignmentId: number }> {
  const data = p.grade_data;
  if (!data) return [];
  if (data.keyedBy === 'assignment' && p.assignment_id !== undefined) {
    throw ValidationError.field('grade_data', 'is keyed by student id on an assignment’s path', 'invalid');
  }
  return data.requests.map((r) => {
    const assignmentId = p.assignment_id ?? r.assignmentId;
    if (assignmentId === undefined) throw ValidationError.field('assignment_id', 'is required for each student on this path', 'blank');
    return { ...r, assignmentId };
  });
}

const SHARED = new WeakMap<CoreServices, GradingService>();

/** Grading and commenting (docs/canvas-compatibility.md §8.4), one at a time or in bulk. */
export class GradingService {
  readonly #services: CoreServices;
  readonly #store: SubmissionStore;
  readonly #scopes: SubmissionScopes;

  /**
   * The one grading service of a core: its bulk job kind is registered once, and every area that grades in bulk
   * (the grade routes, a gradebook upload) starts that same job.
   */
  static of(services: CoreServices, store: SubmissionStore, scopes: SubmissionScopes): GradingService {
    let grading = SHARED.get(services);
    if (!grading) {
      grading = new GradingService(services, store, scopes);
      SHARED.set(services, grading);
    }
    return grading;
  }

  private constructor(services: CoreServices, store: SubmissionStore, scopes: SubmissionScopes) {
    this.#services = services;
    this.#store = store;
    this.#scopes = scopes;
    services.jobs.register(this.#bulkJob);
  }

  /**
   * Checks a request for one student whose grader or commenter rights the route's rule has already established:
   * the student's enrollment, and every value (docs/canvas-compatibility.md §8.4, §0.4).
   */
  async check(principal: Principal, assignment: StoredAssignment, student: { id: number; active: boolean }, request: GradeRequest): Promise<CheckedGrade> {
    const checked = checkGradeRequest(request, assignment.data);
    if (checked.grades && !student.active) throw gradingRefused('Student must be enrolled in the course as a student to be graded');
    if (checked.comment && checked.comment.file_ids.length > 0) {
      await this.#store.ownFiles(assignment.data.course_id, principal.userId, checked.comment.file_ids, 'No valid file ids given for the comment');
    }
    return checked;
  }

  /**
   * Resolves and checks a whole `update_grades` call before its job starts (docs/canvas-compatibility.md §8.6):
   * each assignment must exist (404) and be published (401, whoever asks), every value must parse (400). Students
   * the caller cannot find or reach are collected instead: the job fails naming them, as in Canvas. The students
   * and the caller's reach are loaded once, so a call for every student of a large course stays linear.
   */
  async checkBulk(
    principal: Principal,
    scope: SubmissionScope,
    p: UpdateGradesParams,
    assignmentOf: (id: number) => Promise<StoredAssignment>,
  ): Promise<{ entries: BulkEntry[]; unknown: string[] }> {
    const requests = bulkRequests(p);
    if (requests.length === 0) throw gradingRefused("'grade_data' parameter required");
    const assignments = new Map<number, StoredAssignment>();
    for (const id of new Set(requests.map((r) => r.assignmentId))) {
      const assignment = await assignmentOf(id);
      if (assignment.data.workflow_state !== 'published') throw new UnauthorizedError();
      assignments.set(id, assignment);
    }
    const [students, reaches] = await Promise.all([
      this.#scopes.studentsNamed(requests.map((r) => r.student), principal, scope),
      this.#scopes.reach(principal, MANAGE_GRADES, scope.courseId),
    ]);
    const entries: BulkEntry[] = [];
    const unknown = new Set<string>();
    for (const r of requests) {
      const student = students.get(r.student);
      if (!student || !reaches(student.id)) {
        unknown.add(r.student);
        continue;
      }
      const assignment = assignments.get(r.assignmentId)!;
      entries.push({ assignment, studentId: student.id, checked: await this.check(principal, assignment, student, r.entry) });
    }
    return { entries, unknown: [...unknown] };
  }

  /** Whether the caller may grade (or, `grades` false, comment on) the student's work: one grant must reach them. */
  async mayChange(principal: Principal, courseId: number, studentId: number, grades: boolean): Promise<boolean> {
    if (grades) return this.#scopes.canForStudent(principal, MANAGE_GRADES, courseId, studentId);
    return principal.userId === studentId || this.#scopes.canForStudent(principal, ['manage_grades', 'comment_on_others_submissions'], courseId, studentId);
  }

  /** Applies a checked request: the submission, its history version and its comment in one write. */
  async apply(assignment: StoredAssignment, studentId: number, checked: CheckedGrade, stamp: WriteStamp): Promise<Stored<SubmissionData>> {
    const author = await this.#author(stamp.actorId);
    const saved = await this.#store.serialized(assignment.id, async () => {
      const read = await this.#store.byPair(assignment.id, studentId);
      // Nothing to grade or say: no write, so no change event.
      if (read && !checked.grades && !checked.comment) return read;
      const planned = await this.#store.plan(this.#change(assignment, studentId, read, checked, author, stamp), stamp);
      await this.#store.write(assignment.data.course_id, [planned], stamp);
      return planned.record;
    });
    await this.#scored(saved, checked, stamp);
    if (checked.comment) await completeReviewOnComment(this.#services.repos, saved.id, stamp.actorId, stamp);
    return saved;
  }

  /**
   * Bulk grading (`update_grades`): a Progress answered at once, the job run from the job table after the answer,
   * a chunk of students at a time, so a restart resumes it where it stopped. Values were checked by the caller; students
   * it cannot find fail the job, and nothing is written (docs/canvas-compatibility.md §8.6).
   */
  startBulk(scope: SubmissionScope, entries: readonly BulkEntry[], unknown: readonly string[], stamp: WriteStamp): Promise<Stored<ProgressData>> {
    const inputs: BulkGradeInputs = {
      course_id: scope.courseId,
      unknown: [...unknown],
      entries: entries.map((e) => ({ assignment_id: e.assignment.id, student_id: e.studentId, checked: e.checked })),
    };
    return this.#services.jobs.enqueue(this.#bulkJob, inputs, { context_type: 'Course', context_id: scope.courseId }, stamp);
  }

  readonly #bulkJob: JobKind<BulkGradeInputs> = { kind: BULK_TAG, inputs: bulkGradeInputs, load: (inputs, stamp) => this.#loadBulk(inputs, stamp) };

  /** The job's items, from its stored inputs: on a resume the assignments must still be there to be graded. */
  async #loadBulk(inputs: BulkGradeInputs, stamp: WriteStamp): Promise<JobItems> {
    if (inputs.unknown.length > 0) throw new Error(`Couldn't find User(s) with API ids ${inputs.unknown.map((id) => `'${id}'`).join(', ')}`);
    const ids = [...new Set(inputs.entries.map((e) => e.assignment_id))];
    const assignments = await this.#services.repos.assignments.getMany(ids);
    for (const id of ids) {
      const state = assignments.get(id)?.data.workflow_state;
      if (state !== 'published') throw new Error(`The assignment ${id} is ${state ?? 'deleted'}; the grades not yet given were not given.`);
    }
    const author = await this.#author(stamp.actorId);
    const entries = inputs.entries.map((e) => ({ ...e, assignment: assignments.get(e.assignment_id)! }));
    return {
      count: Math.ceil(entries.length / BULK_CHUNK),
      apply: (index, at) => this.#writeChunk(inputs.course_id, entries.slice(index * BULK_CHUNK, (index + 1) * BULK_CHUNK), author, at),
      // Module progression follows the stored scores; evaluating it again (after a crash here) changes nothing.
      finish: async (at) => {
        for (const e of entries) {
          await servingRequests();
          const saved = await this.#store.byPair(e.assignment_id, e.student_id);
          if (saved) await this.#scored(saved, e.checked, at);
        }
        return null;
      },
    };
  }

  /** One item of a bulk job: a chunk of its students, written in one transaction. */
  async #writeChunk(courseId: number, chunk: ReadonlyArray<BulkGradeInputs['entries'][number] & { assignment: StoredAssignment }>, author: { id: number; name: string }, stamp: WriteStamp) {
    // Locks in ascending assignment order, so two bulk jobs can never wait on each other.
    const assignmentIds = [...new Set(chunk.map((e) => e.assignment_id))].sort((a, b) => a - b);
    await this.#locked(assignmentIds, async () => {
      const planned: PlannedChange[] = [];
      for (const e of chunk) {
        const read = await this.#store.byPair(e.assignment_id, e.student_id);
        planned.push(await this.#store.plan(this.#change(e.assignment, e.student_id, read, e.checked, author, stamp), stamp));
      }
      await this.#store.write(courseId, planned, stamp);
    });
  }

  #locked<T>(assignmentIds: readonly number[], work: () => Promise<T>): Promise<T> {
    const [first, ...rest] = assignmentIds;
    if (first === undefined) return work();
    return this.#store.serialized(first, () => this.#locked(rest, work));
  }

  #change(
    assignment: StoredAssignment,
    studentId: number,
    read: Stored<SubmissionData> | undefined,
    checked: CheckedGrade,
    author: { id: number; name: string },
    stamp: WriteStamp,
  ): SubmissionChange {
    const current = read?.data ?? placeholder(assignment, studentId);
    const next = applyGrade(current, checked, author.id, stamp.now);
    const comment = commentData(checked, current, author);
    return { assignment, userId: studentId, read, next, version: checked.grades, ...(comment ? { comment } : {}) };
  }

  async #author(userId: number): Promise<{ id: number; name: string }> {
    const user = await this.#services.repos.users.get(userId);
    return { id: userId, name: user?.data.short_name ?? '' };
  }

  /** A posted score completes min_score requirements (module progression). */
  async #scored(record: Stored<SubmissionData>, checked: CheckedGrade, stamp: WriteStamp): Promise<void> {
    const s = record.data;
    if (checked.posted?.kind !== 'grade' || s.score === null) return;
    await progressionService(this.#services.repos).scored(s.course_id, s.user_id, { type: 'Assignment', id: s.assignment_id }, s.score, stamp);
  }
}
