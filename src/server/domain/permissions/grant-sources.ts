import { assertAccountChain, chainIndex } from './account-chain.ts';
import {
  InconsistentFactsError,
  type AccountMembershipFact,
  type Actor,
  type EnrollmentFact,
  type EnrollmentState,
  type PermissionFacts,
} from './facts.ts';
import { resolvePermission } from './override-resolution.ts';
import type { PermissionName } from './permission-catalog.ts';
import { builtInRole, isCourseRole, type RoleRecord } from './role-catalog.ts';

/**
 * Everything an actor can do comes from separate grants: each admin membership and each enrollment is one
 * source. Sources are never merged into one "effective role": a section-limited teacher who also observes
 * their own child must not get the teacher's rights over the child's section (Canvas bug #2245), so every
 * question asks whether a *single* source both holds the permission and reaches the subject.
 */

/** Whose course work a source reaches. */
export type StudentReach =
  | { kind: 'all' }
  | { kind: 'sections'; sectionIds: ReadonlySet<number> }
  | { kind: 'users'; userIds: ReadonlySet<number> };

export interface GrantSource {
  holds(permission: PermissionName): boolean;
  /** Set for a section-limited enrollment: course-wide rights then hold only in that section. */
  readonly limitedToSection?: number;
  readonly reach: StudentReach;
  /** Students and observers see their own (or their observee's) work by relationship, not by a permission. */
  readonly relational: boolean;
}

/**
 * What a concluded (completed) enrollment keeps: the read rights of its role, never a manage_* or posting right.
 * Canvas lets former members read the course, its discussions and roster, and teachers still see the gradebook.
 */
const CONCLUDED_RIGHTS: ReadonlySet<PermissionName> = new Set<PermissionName>([
  'read_forum',
  'read_announcements',
  'read_roster',
  'read_question_banks',
  'read_reports',
  'read_sis',
  'view_all_grades',
  'view_group_pages',
]);

/** Invited, inactive, deleted and rejected enrollments grant nothing at all. */
const RIGHTS_BY_STATE: Partial<Record<EnrollmentState, (permission: PermissionName) => boolean>> = {
  active: () => true,
  completed: (permission) => CONCLUDED_RIGHTS.has(permission),
};

/** Sources for a course: admin memberships along the course's chain, then the actor's enrollments in it. */
export function courseGrantSources(actor: Actor, courseId: number, facts: PermissionFacts): GrantSource[] {
  const { course, accountChain } = facts;
  if (!course || course.id !== courseId) throw new InconsistentFactsError(`the facts are not about course ${courseId}`);
  assertAccountChain(accountChain, course.account_id);
  // Canvas asks admins for the :descendants scope in courses: a course sits below its account.
  const admins = membershipSources(actor, facts, () => 'descendants');
  const enrollments = facts.enrollments
    .filter((e) => e.user_id === actor.userId && e.course_id === courseId)
    .flatMap((e) => enrollmentSource(e, facts) ?? []);
  return [...admins, ...enrollments];
}

/** Sources for an account: only admin memberships at the account or above it. */
export function accountGrantSources(actor: Actor, accountId: number, facts: PermissionFacts): GrantSource[] {
  assertAccountChain(facts.accountChain, accountId);
  const last = facts.accountChain.length - 1;
  // A membership at A itself needs the self scope; one higher up needs the descendants scope.
  return membershipSources(actor, facts, (index) => (index === last ? 'self' : 'descendants'));
}

function membershipSources(
  actor: Actor,
  facts: PermissionFacts,
  scopeAt: (membershipIndex: number) => 'self' | 'descendants',
): GrantSource[] {
  return facts.memberships
    .filter((m) => m.user_id === actor.userId && m.workflow_state === 'active')
    .flatMap((membership) => membershipSource(membership, facts, scopeAt) ?? []);
}

function membershipSource(
  membership: AccountMembershipFact,
  facts: PermissionFacts,
  scopeAt: (membershipIndex: number) => 'self' | 'descendants',
): GrantSource | undefined {
  const { accountChain, overrides } = facts;
  const index = chainIndex(accountChain, membership.account_id);
  const role = usableRole(membership.role_id, facts);
  // A sibling's admin, a course role misfiled as a membership, or a role held outside the subtree of the
  // account that owns it grants nothing here.
  if (index < 0 || !role || isCourseRole(role)) return undefined;
  const owner = ownerIndex(role, facts);
  if (owner < 0 || owner > index) return undefined;
  const scope = scopeAt(index);
  return {
    holds: (permission) => {
      const resolved = resolvePermission({ role, accountChain, overrides }, permission);
      return (scope === 'self' ? resolved.applies_to_self : resolved.applies_to_descendants) === true;
    },
    reach: { kind: 'all' },
    relational: false,
  };
}

function enrollmentSource(enrollment: EnrollmentFact, facts: PermissionFacts): GrantSource | undefined {
  const { accountChain, overrides } = facts;
  const stateAllows = RIGHTS_BY_STATE[enrollment.workflow_state];
  const role = usableRole(enrollment.role_id, facts);
  // An enrollment whose role is of another base type is corrupt data: fail closed rather than guess.
  if (!stateAllows || !role || role.base_role_type !== enrollment.type || ownerIndex(role, facts) < 0) return undefined;
  const section = enrollment.course_section_id;
  const limited = enrollment.limit_privileges_to_course_section;
  return {
    // The course inherits what the Roles API reports for the role at the course's account.
    holds: (permission) => stateAllows(permission) && resolvePermission({ role, accountChain, overrides }, permission).enabled,
    ...(limited ? { limitedToSection: section } : {}),
    reach: enrollmentReach(enrollment),
    relational: enrollment.type === 'StudentEnrollment' || enrollment.type === 'ObserverEnrollment',
  };
}

function enrollmentReach(enrollment: EnrollmentFact): StudentReach {
  switch (enrollment.type) {
    case 'StudentEnrollment':
      return { kind: 'users', userIds: new Set([enrollment.user_id]) };
    case 'ObserverEnrollment': {
      const observee = enrollment.associated_user_id;
      return { kind: 'users', userIds: new Set(observee === null ? [] : [observee]) };
    }
    default:
      return enrollment.limit_privileges_to_course_section
        ? { kind: 'sections', sectionIds: new Set([enrollment.course_section_id]) }
        : { kind: 'all' };
  }
}

/** Built-in roles by their fixed ids, custom ones from the facts; deleted roles grant nothing. */
function usableRole(roleId: number, facts: PermissionFacts): RoleRecord | undefined {
  const role = builtInRole(roleId) ?? facts.roles.find((r) => r.id === roleId);
  return role && role.workflow_state !== 'deleted' ? role : undefined;
}

/** A custom role exists only from its owning account down; -1 when that account is not in the chain. */
function ownerIndex(role: RoleRecord, facts: PermissionFacts): number {
  return role.account_id === null ? 0 : chainIndex(facts.accountChain, role.account_id);
}

/** The sections each student of the course is placed in (enrollments that were not deleted or rejected). */
export function studentSections(roster: readonly EnrollmentFact[], courseId: number): Map<number, Set<number>> {
  const sections = new Map<number, Set<number>>();
  for (const e of roster) {
    if (e.course_id !== courseId || e.type !== 'StudentEnrollment') continue;
    if (e.workflow_state === 'deleted' || e.workflow_state === 'rejected') continue;
    const placed = sections.get(e.user_id) ?? new Set<number>();
    placed.add(e.course_section_id);
    sections.set(e.user_id, placed);
  }
  return sections;
}

/** Whether a reach covers a student; only students of the course can be reached at all. */
export function reaches(reach: StudentReach, studentId: number, students: ReadonlyMap<number, ReadonlySet<number>>): boolean {
  const placed = students.get(studentId);
  if (!placed) return false;
  if (reach.kind === 'all') return true;
  if (reach.kind === 'users') return reach.userIds.has(studentId);
  return [...placed].some((section) => reach.sectionIds.has(section));
}
