import { deepFreeze } from '../storage/deep-freeze.ts';
import type { Stored } from '../storage/typed-records.ts';
import { NotFoundError } from './errors.ts';
import {
  builtInRole,
  can,
  visibleSectionIds,
  seesEveryStudent,
  visibleStudentIds,
  type AccountFact,
  type EnrollmentFact,
  type EnrollmentState,
  type PermissionContext,
  type PermissionFacts,
  type PermissionName,
  type RoleRecord,
  type VisibilityFacts,
} from './permissions/index.ts';
import type { Principal } from './principal.ts';
import type { CourseData, EnrollmentData } from './records/course-records.ts';
import type { RoleData } from './records/directory-records.ts';
import type { Repositories } from './repositories.ts';

/** How long permission facts are reused at most (see `facts`). */
const FACTS_FRESH_MS = 2_000;
/** Users × contexts kept before the whole set is dropped: bounds the memory a busy hub spends on them. */
const MAX_KEPT_FACTS = 10_000;

/** Account trees are shallow in practice; a longer chain means a cycle written by a bug or a bad sync. */
const MAX_ACCOUNT_DEPTH = 32;

/**
 * Loads the plain facts the permission policy decides from and asks it. Every endpoint's permission rule and
 * every visibility filter goes through here, so the Roles API (overrides, custom roles) governs all access.
 */
export class Access {
  readonly #repos: Repositories;
  /** Facts per user and context, with when they were read; every write of a record they come from clears them all. */
  readonly #facts = new Map<string, { readAt: number; facts: Promise<PermissionFacts> }>();

  constructor(repos: Repositories) {
    this.#repos = repos;
    const clear = () => this.#facts.clear();
    for (const source of [repos.accounts, repos.accountUsers, repos.roles, repos.roleOverrides, repos.courses, repos.enrollments]) source.onWrite(clear);
  }

  async can(principal: Principal, permission: PermissionName, context: PermissionContext): Promise<boolean> {
    return can({ userId: principal.userId }, permission, context, await this.facts(principal, context));
  }

  async canAny(principal: Principal, permissions: readonly PermissionName[], context: PermissionContext): Promise<boolean> {
    const facts = await this.facts(principal, context);
    return permissions.some((permission) => can({ userId: principal.userId }, permission, context, facts));
  }

  /**
   * Canvas's course `:read`: any enrollment that still grants access (active, invited or concluded — concluded
   * users keep read access), or an admin who may read course content along the account chain.
   */
  async canReadCourse(principal: Principal, courseId: number): Promise<boolean> {
    const context: PermissionContext = { type: 'course', courseId };
    const facts = await this.facts(principal, context);
    const readable: readonly EnrollmentState[] = ['active', 'invited', 'completed'];
    if (facts.enrollments.some((e) => readable.includes(e.workflow_state))) return true;
    return (['read_course_content', 'manage_courses'] as const).some((p) => can({ userId: principal.userId }, p, context, facts));
  }

  /** 'all', or the ids of the students whose work the principal may see in the course. */
  async visibleStudents(principal: Principal, courseId: number): Promise<'all' | ReadonlySet<number>> {
    const actor = { userId: principal.userId };
    const facts = await this.facts(principal, { type: 'course', courseId });
    // Graders who see everyone are most callers, and the roster (a large course's every enrollment) is only needed
    // to expand a section or an observer's link.
    if (seesEveryStudent(actor, courseId, facts)) return 'all';
    return visibleStudentIds(actor, courseId, await this.#withRoster(facts, courseId));
  }

  async visibleSections(principal: Principal, courseId: number): Promise<'all' | ReadonlySet<number>> {
    const context: PermissionContext = { type: 'course', courseId };
    return visibleSectionIds({ userId: principal.userId }, courseId, await this.facts(principal, context));
  }

  /** The principal's own enrollments in a course, with their effective states. */
  async enrollmentsOf(principal: Principal, courseId: number): Promise<readonly EnrollmentFact[]> {
    return (await this.facts(principal, { type: 'course', courseId })).enrollments;
  }

  /**
   * Only the user matters: masquerading asks about users who sent no request (domain/masquerade.ts). A request asks
   * several times (the route's rule, then each visibility check), and a gradebook load is thirty requests: facts
   * are reused until a record they come from is written, which RxDB reports as the write commits, so a grant or a
   * revocation counts from the next check on. Enrollment states also follow the clock (an end date passing), so
   * reused facts are never older than FACTS_FRESH_MS. Shared, so frozen.
   */
  facts(principal: Pick<Principal, 'userId'>, context: PermissionContext): Promise<PermissionFacts> {
    const key = `${principal.userId}:${context.type === 'course' ? `c${context.courseId}` : `a${context.accountId}`}`;
    const now = Date.now();
    const kept = this.#facts.get(key);
    if (kept && now - kept.readAt < FACTS_FRESH_MS) return kept.facts;
    if (this.#facts.size >= MAX_KEPT_FACTS) this.#facts.clear();
    const facts = this.#readFacts(principal, context).then(deepFreeze);
    this.#facts.set(key, { readAt: now, facts });
    // A failed read (an unknown course) is not kept.
    facts.catch(() => {
      if (this.#facts.get(key)?.facts === facts) this.#facts.delete(key);
    });
    return facts;
  }

  async #readFacts(principal: Pick<Principal, 'userId'>, context: PermissionContext): Promise<PermissionFacts> {
    const course = context.type === 'course' ? await this.#course(context.courseId) : undefined;
    const accountId = course ? course.data.account_id : (context as { accountId: number }).accountId;
    const accountChain = await this.accountChain(accountId);
    const chainIds = accountChain.map((account) => account.id);
    const [memberships, enrollments, overrides] = await Promise.all([
      this.#repos.accountUsers.find({ user_id: principal.userId, parent_id: { $in: chainIds } }),
      course ? this.#repos.enrollments.find({ user_id: principal.userId, course_id: course.id }) : Promise.resolve([]),
      this.#repos.roleOverrides.find({ parent_id: { $in: chainIds } }),
    ]);
    const enrollmentFacts = course ? enrollments.map((row) => enrollmentFact(row, course.data)) : [];
    const roleIds = new Set([...memberships.map((m) => m.data.role_id), ...enrollmentFacts.map((e) => e.role_id)]);
    return {
      accountChain,
      course: course ? { id: course.id, account_id: course.data.account_id } : undefined,
      roles: await this.#customRoles(roleIds),
      overrides: overrides.map((o) => ({ id: o.id, ...o.data })),
      memberships: memberships.map((m) => ({ ...m.data })),
      enrollments: enrollmentFacts,
    };
  }

  async visibilityFacts(principal: Principal, courseId: number): Promise<VisibilityFacts> {
    return this.#withRoster(await this.facts(principal, { type: 'course', courseId }), courseId);
  }

  async #withRoster(facts: PermissionFacts, courseId: number): Promise<VisibilityFacts> {
    const course = await this.#course(courseId);
    const roster = await this.#repos.enrollments.inCourse(courseId);
    return { ...facts, course: facts.course!, roster: roster.map((row) => enrollmentFact(row, course.data)) };
  }

  /** Root first, ending at `accountId`; NotFoundError when the account does not exist. */
  async accountChain(accountId: number): Promise<AccountFact[]> {
    const chain: AccountFact[] = [];
    let next: number | null = accountId;
    while (next !== null) {
      if (chain.length >= MAX_ACCOUNT_DEPTH) throw new Error(`account chain of ${accountId} is deeper than ${MAX_ACCOUNT_DEPTH}`);
      const account = await this.#repos.accounts.get(next);
      if (!account || account.data.workflow_state === 'deleted') throw new NotFoundError();
      chain.unshift({ id: account.id, parent_account_id: account.data.parent_account_id });
      next = account.data.parent_account_id;
    }
    return chain;
  }

  async #course(courseId: number): Promise<Stored<CourseData>> {
    const course = await this.#repos.courses.get(courseId);
    if (!course || course.data.workflow_state === 'deleted') throw new NotFoundError();
    return course;
  }

  async #customRoles(roleIds: ReadonlySet<number>): Promise<RoleRecord[]> {
    const custom = [...roleIds].filter((id) => !builtInRole(id));
    const rows = await this.#repos.roles.getMany(custom);
    return [...rows.values()].map(roleRecordOf);
  }
}

/** A stored custom role as the policy sees it. */
export function roleRecordOf(stored: Stored<RoleData>): RoleRecord {
  const { name, label, base_role_type, account_id, workflow_state } = stored.data;
  // Written only through the Roles API, which accepts nothing but a RoleBaseType.
  return { id: stored.id, name, label, base_role_type: base_role_type as RoleRecord['base_role_type'], account_id, workflow_state };
}

/** Date rules live here, once: a concluded course or an enrollment past its end reports `completed`. */
export function effectiveEnrollmentState(enrollment: EnrollmentData, course: CourseData, now = Date.now()): EnrollmentState {
  const state: EnrollmentState = enrollment.workflow_state === 'creation_pending' ? 'invited' : enrollment.workflow_state;
  if (state !== 'active' && state !== 'invited') return state;
  const ended = (iso: string | null) => iso !== null && Date.parse(iso) < now;
  if (course.workflow_state === 'completed' || ended(enrollment.end_at)) return 'completed';
  if (course.restrict_enrollments_to_course_dates && ended(course.end_at)) return 'completed';
  return state;
}

function enrollmentFact(row: Stored<EnrollmentData>, course: CourseData): EnrollmentFact {
  const e = row.data;
  return {
    id: row.id,
    user_id: e.user_id,
    course_id: e.course_id,
    course_section_id: e.course_section_id,
    role_id: e.role_id,
    type: e.type,
    workflow_state: effectiveEnrollmentState(e, course),
    limit_privileges_to_course_section: e.limit_privileges_to_course_section,
    associated_user_id: e.associated_user_id,
  };
}
