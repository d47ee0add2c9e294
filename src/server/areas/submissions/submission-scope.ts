import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { canForStudent, type PermissionName } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { whenNotFound, type IdResolver } from '../common/id-lookup.ts';

/**
 * Every submission path exists under /courses/:course_id and /sections/:section_id. A scope is
 * the course plus, on section paths, the section whose students the call is limited to.
 */
export interface SubmissionScope {
  readonly courseId: number;
  readonly sectionId?: number;
}

export interface ScopeParams {
  course_id?: string;
  section_id?: string;
}

/** Rights that let a caller see other students' grades (docs/canvas-compatibility.md §5.7: "view grades"). */
/** A student of a scope, as `SubmissionScopes.students` finds them. */
export interface ScopeStudent {
  active: boolean;
  readonly sectionId: number;
  readonly enrollments: { readonly effective: string; readonly stored: string }[];
}

export const VIEW_GRADES: readonly PermissionName[] = ['view_all_grades', 'manage_grades'];
export const MANAGE_GRADES: readonly PermissionName[] = ['manage_grades'];

export class SubmissionScopes {
  readonly #services: CoreServices;
  readonly #ids: IdResolver;

  constructor(services: CoreServices, ids: IdResolver) {
    this.#services = services;
    this.#ids = ids;
  }

  /** 404 for an unknown or deleted course or section (sis ids accepted). */
  async resolve(p: ScopeParams): Promise<SubmissionScope> {
    if (p.section_id !== undefined) {
      const sectionId = await this.#ids.sectionId(p.section_id);
      const section = await this.#services.repos.sections.get(sectionId);
      if (!section || section.data.workflow_state === 'deleted') throw new NotFoundError('section');
      return { courseId: section.data.course_id, sectionId };
    }
    if (p.course_id === undefined) throw new NotFoundError('course');
    return { courseId: await this.#ids.courseId(p.course_id) };
  }

  /**
   * Students of the scope (enrollments neither deleted nor rejected, inactive and concluded included, as Canvas's
   * gradebook lists them), id → whether any of their student enrollments is active or invited, the section of their
   * first such enrollment (grouped lists name it), and each enrollment's state, effective (dates applied) and stored.
   * `among`: only those of these users, read by user rather than as the whole roster (a gradebook names 50 students
   * of 1,000 per call).
   */
  async students(scope: SubmissionScope, among?: readonly number[]): Promise<Map<number, ScopeStudent>> {
    const { repos } = this.#services;
    const course = await repos.courses.get(scope.courseId);
    if (!course) throw new NotFoundError('course');
    const rows = among === undefined ? await repos.enrollments.inCourse(scope.courseId) : await repos.enrollments.ofUsersInCourse(scope.courseId, among);
    const students = new Map<number, ScopeStudent>();
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      const e = row.data;
      if (e.type !== 'StudentEnrollment' || (scope.sectionId !== undefined && e.course_section_id !== scope.sectionId)) continue;
      const state = effectiveEnrollmentState(e, course.data);
      if (state === 'deleted' || state === 'rejected') continue;
      const seen = students.get(e.user_id);
      const active = state === 'active' || state === 'invited';
      const enrollment = { effective: state, stored: e.workflow_state };
      if (seen) {
        seen.active ||= active;
        seen.enrollments.push(enrollment);
      } else students.set(e.user_id, { active, sectionId: e.course_section_id, enrollments: [enrollment] });
    }
    return students;
  }

  /** The scope's students whose work the caller may see, ascending by id (`among`: only these users, see `students`). */
  async visibleStudents(principal: Principal, scope: SubmissionScope, among?: readonly number[]): Promise<number[]> {
    const [all, visible] = await Promise.all([this.students(scope, among), this.#services.access.visibleStudents(principal, scope.courseId)]);
    return [...all.keys()].filter((id) => visible === 'all' || visible.has(id)).sort((a, b) => a - b);
  }

  /** Any of the permissions in the scope (a section-limited grant counts only in its own section). */
  canInScope(principal: Principal, permissions: readonly PermissionName[], scope: SubmissionScope): Promise<boolean> {
    const context = { type: 'course' as const, courseId: scope.courseId, ...(scope.sectionId === undefined ? {} : { sectionId: scope.sectionId }) };
    return this.#services.access.canAny(principal, permissions, context);
  }

  /** One grant must both hold a permission and reach the student (policy `canForStudent`). */
  async canForStudent(principal: Principal, permissions: readonly PermissionName[], courseId: number, studentId: number): Promise<boolean> {
    return (await this.reach(principal, permissions, courseId))(studentId);
  }

  /** `canForStudent` for many students: the facts are loaded once, each student is then asked without a read. */
  async reach(principal: Principal, permissions: readonly PermissionName[], courseId: number): Promise<(studentId: number) => boolean> {
    const facts = await this.#services.access.visibilityFacts(principal, courseId);
    return (studentId) => permissions.some((permission) => canForStudent({ userId: principal.userId }, permission, courseId, studentId, facts));
  }

  /** docs/canvas-compatibility.md §5.7: submitting needs an active student enrollment in the course (in the section, on section paths). */
  async isActiveStudent(principal: Principal, scope: SubmissionScope): Promise<boolean> {
    const enrollments = await this.#services.access.enrollmentsOf(principal, scope.courseId);
    return enrollments.some(
      (e) =>
        e.type === 'StudentEnrollment' &&
        e.workflow_state === 'active' &&
        (scope.sectionId === undefined || e.course_section_id === scope.sectionId),
    );
  }

  /** A `:user_id` of a submission path: the student's id (or sis form, or `self`); 404 when not a student of the scope. */
  async student(raw: string, principal: Principal, scope: SubmissionScope): Promise<{ id: number; active: boolean }> {
    const found = (await this.studentsNamed([raw], principal, scope)).get(raw);
    if (!found) throw new NotFoundError('user');
    return found;
  }

  /** Several raw user ids at once (one read of the roster): those naming a student of the scope, by raw id. */
  async studentsNamed(raws: readonly string[], principal: Principal, scope: SubmissionScope): Promise<Map<string, { id: number; active: boolean }>> {
    const students = await this.students(scope);
    const found = new Map<string, { id: number; active: boolean }>();
    for (const raw of new Set(raws)) {
      const id = await this.#ids.userId(raw, principal).catch(whenNotFound(undefined));
      const student = id === undefined ? undefined : students.get(id);
      if (student) found.set(raw, { id: id!, active: student.active });
    }
    return found;
  }
}
