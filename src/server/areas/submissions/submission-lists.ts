import type { CoreServices } from '../../core-services.ts';
import { ForbiddenError, InvalidError, NotFoundError, UnauthorizedError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { needsGrading, type SubmissionData } from '../../domain/records/submission-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { CourseScoreStore } from '../../domain/grading/course-scores.ts';
import { isVisibleContent, type ContentViewer } from '../common/course-content.ts';
import { whenNotFound, type IdResolver } from '../common/id-lookup.ts';
import type { SubmissionScope, SubmissionScopes } from './submission-scope.ts';
import type { StoredAssignment, SubmissionStore } from './submission-store.ts';
import type { StudentSubmissionsParams } from './submissions.params.ts';

/** Canvas's own refusal when `/students/submissions` names assignments the caller cannot see. */
const INVALID_ASSIGNMENT_IDS = () => new ForbiddenError('invalid assignment ids requested', 'error');

/** Canvas caps explicit student lists of `/students/submissions` (docs/canvas-compatibility.md §8.6). */
const MAX_STUDENT_IDS = 50;

/** The list and summary endpoints beyond one assignment's submissions: gradeable students, summaries, read marks. */
export class SubmissionLists {
  readonly #services: CoreServices;
  readonly #store: SubmissionStore;
  readonly #scopes: SubmissionScopes;
  readonly #ids: IdResolver;

  constructor(services: CoreServices, store: SubmissionStore, scopes: SubmissionScopes, ids: IdResolver) {
    this.#services = services;
    this.#store = store;
    this.#scopes = scopes;
    this.#ids = ids;
  }

  /**
   * Published assignments of the course (students see no others), or the named ones among them, by id. A named id
   * the viewer cannot see at all (unknown, deleted, another course's, a draft of someone else's) is a 404, never
   * an empty answer (`unseen` says how: a 404 by default); a draft its editor names is left out like every draft.
   */
  async publishedAssignments(viewer: ContentViewer, only?: readonly number[], unseen: () => Error = () => new NotFoundError('assignment')): Promise<StoredAssignment[]> {
    const all = await this.#services.repos.assignments.find({ course_id: viewer.courseId });
    if (only !== undefined) {
      const visible = new Set(all.filter((a) => isVisibleContent(a.data.workflow_state, viewer)).map((a) => a.id));
      if (only.some((id) => !visible.has(id))) throw unseen();
    }
    return all.filter((a) => a.data.workflow_state === 'published' && (only === undefined || only.includes(a.id)));
  }

  /** Visible students with their users, by id (inactive and concluded included, as Canvas lists them). */
  async gradeableUsers(principal: Principal, scope: SubmissionScope) {
    const ids = await this.#scopes.visibleStudents(principal, scope);
    const users = await this.#services.repos.users.getMany(ids);
    return ids.map((id) => ({ id, user: users.get(id) }));
  }

  /** Counts over the visible students (docs/canvas-compatibility.md §8.6): graded (excused included), ungraded, not submitted. */
  async summary(principal: Principal, scope: SubmissionScope, assignment: StoredAssignment, stamp: WriteStamp) {
    const ids = await this.#scopes.visibleStudents(principal, scope);
    const all = await this.#store.ensure(assignment, ids, stamp);
    const counts = { graded: 0, ungraded: 0, not_submitted: 0 };
    for (const id of ids) {
      const s = all.get(id)!.data;
      if (s.workflow_state === 'graded' || s.excused) counts.graded++;
      else if (needsGrading(s)) counts.ungraded++;
      else counts.not_submitted++;
    }
    return counts;
  }

  /** The caller's read mark on a submission (Canvas's ContentParticipation), kept apart so it fires no submission change. */
  async mark(submission: Stored<SubmissionData>, viewerId: number, read: boolean, stamp: WriteStamp): Promise<void> {
    const { submissionReads } = this.#services.repos;
    const existing = await submissionReads.byLookup(`submission_read:${submission.id}:${viewerId}`);
    if (existing) {
      if (existing.data.read !== read) await submissionReads.update(existing.id, stamp, (d) => ({ ...d, read }));
      return;
    }
    await submissionReads.create({ course_id: submission.data.course_id, submission_id: submission.id, user_id: viewerId, read }, stamp);
  }

  /**
   * `/students/submissions`: the students asked for (default the caller, `all` every visible one), each of whom the
   * caller must see (401 otherwise), across the published assignments asked for.
   */
  async forStudents(viewer: ContentViewer, scope: SubmissionScope, p: StudentSubmissionsParams, stamp: WriteStamp) {
    const studentIds = await this.#inEnrollmentState(scope, await this.#requestedStudents(viewer.principal, scope, p.student_ids), p);
    const published = await this.publishedAssignments(viewer, p.assignment_ids, INVALID_ASSIGNMENT_IDS);
    // `post_to_sis=true` asks for assignments posted to SIS; Outpost posts none (every assignment's `post_to_sis` is false).
    const assignments = p.post_to_sis === true ? [] : published;
    const found = await this.#store.ensureAcross(viewer.courseId, assignments, studentIds, stamp);
    const records: Stored<SubmissionData>[] = [];
    for (const assignment of assignments) {
      const all = found.get(assignment.id)!;
      for (const id of studentIds) records.push(all.get(id)!);
    }
    const kept = records.filter((r) => matchesFilters(r.data, p));
    return { studentIds, assignments, records: sortSubmissions(kept, p.order, p.order_direction) };
  }

  /**
   * What a grouped entry says about its student beside the submissions: the section of their enrollment, their SIS
   * ids to a caller with SIS rights, and, with `include[]=total_scores`, their posted course totals (Canvas's
   * enrollment `computed_*_score`).
   */
  async groupedStudents(principal: Principal, scope: SubmissionScope, ids: readonly number[], totals: boolean): Promise<Map<number, Record<string, unknown>>> {
    const { repos, access } = this.#services;
    const [students, users, sis] = await Promise.all([
      this.#scopes.students(scope, ids),
      repos.users.getMany(ids),
      access.canAny(principal, ['read_sis', 'manage_sis'], { type: 'course', courseId: scope.courseId }),
    ]);
    const store = new CourseScoreStore(repos);
    const scores = totals ? await store.read(await store.structure(scope.courseId), ids) : undefined;
    return new Map(
      ids.map((id) => {
        const user = users.get(id)?.data;
        const sisIds = sis ? { sis_user_id: user?.sis_user_id ?? null, integration_id: user?.integration_id ?? null } : {};
        const s = scores?.get(id);
        const computed = scores ? { computed_current_score: s?.current_score ?? null, computed_final_score: s?.final_score ?? null } : {};
        return [id, { section_id: students.get(id)?.sectionId ?? null, ...sisIds, ...computed }];
      }),
    );
  }

  /**
   * `enrollment_state`: only students with an enrollment in that state (`concluded` is Canvas's `completed`),
   * judged by the course's and section's dates unless `state_based_on_date=false` asks for the stored state.
   */
  async #inEnrollmentState(scope: SubmissionScope, ids: number[], p: StudentSubmissionsParams): Promise<number[]> {
    if (p.enrollment_state === undefined || ids.length === 0) return ids;
    const wanted = p.enrollment_state === 'active' ? 'active' : 'completed';
    const students = await this.#scopes.students(scope, ids);
    return ids.filter((id) => students.get(id)?.enrollments.some((e) => (p.state_based_on_date ? e.effective : e.stored) === wanted));
  }

  /** Named students are checked against their own enrollments, not the whole roster's. */
  async #requestedStudents(principal: Principal, scope: SubmissionScope, requested: readonly string[] | undefined): Promise<number[]> {
    if (requested?.includes('all')) return this.#scopes.visibleStudents(principal, scope);
    // Only a student has work of their own; anyone else asking for "themselves" gets nothing.
    if (requested === undefined || requested.length === 0) return this.#scopes.visibleStudents(principal, scope, [principal.userId]);
    if (requested.length > MAX_STUDENT_IDS) throw new InvalidError('too many students', 'error');
    const ids = new Set<number>();
    for (const raw of new Set(requested)) {
      const id = await this.#ids.userId(raw, principal).catch(whenNotFound(undefined));
      if (id === undefined) throw new UnauthorizedError();
      ids.add(id);
    }
    const visible = await this.#scopes.visibleStudents(principal, scope, [...ids]);
    if (visible.length !== ids.size) throw new UnauthorizedError();
    return visible;
  }
}

/** `workflow_state`, and `submitted_since`/`graded_since`, strictly after the time as Canvas compares (never-submitted or ungraded work is left out). */
function matchesFilters(s: SubmissionData, p: StudentSubmissionsParams): boolean {
  if (p.workflow_state !== undefined && s.workflow_state !== p.workflow_state) return false;
  return after(s.submitted_at, p.submitted_since) && after(s.graded_at, p.graded_since);
}

function after(at: string | null, since: Date | null | undefined): boolean {
  if (since === undefined || since === null) return true;
  return at !== null && Date.parse(at) > since.getTime();
}

/** `order` id or graded_at (nulls last either way), ascending or descending; ties by id. */
function sortSubmissions(records: Stored<SubmissionData>[], order: 'id' | 'graded_at', direction: 'ascending' | 'descending') {
  const sign = direction === 'descending' ? -1 : 1;
  const key = (r: Stored<SubmissionData>) => (order === 'id' ? r.id : r.data.graded_at === null ? null : Date.parse(r.data.graded_at));
  return [...records].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka === null || kb === null) return ka === kb ? a.id - b.id : ka === null ? 1 : -1;
    return sign * (ka - kb) || a.id - b.id;
  });
}
