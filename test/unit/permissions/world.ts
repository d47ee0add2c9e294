import type {
  AccountFact,
  AccountMembershipFact,
  CourseFact,
  EnrollmentFact,
  EnrollmentType,
  PermissionFacts,
  RoleOverrideRecord,
  RoleRecord,
  VisibilityFacts,
} from '../../../src/server/domain/permissions/index.ts';
import { BUILT_IN_ROLE_IDS } from '../../../src/server/domain/permissions/index.ts';

/**
 * A small in-memory institution, and the facts a repository would load from it for one question. The facts
 * deliberately include everyone's memberships and enrollments: the policy must pick the actor's own.
 */
export interface World {
  accounts: AccountFact[];
  courses: CourseFact[];
  roles: RoleRecord[];
  overrides: RoleOverrideRecord[];
  memberships: AccountMembershipFact[];
  enrollments: EnrollmentFact[];
}

export function emptyWorld(accounts: AccountFact[]): World {
  return { accounts, courses: [], roles: [], overrides: [], memberships: [], enrollments: [] };
}

export function account(id: number, parent: number | null): AccountFact {
  return { id, parent_account_id: parent };
}

export function chainOf(world: World, accountId: number): AccountFact[] {
  const chain: AccountFact[] = [];
  for (let id: number | null = accountId; id !== null; ) {
    const found = world.accounts.find((a) => a.id === id);
    if (!found) throw new Error(`no account ${id}`);
    chain.unshift(found);
    id = found.parent_account_id;
  }
  return chain;
}

export function accountFacts(world: World, accountId: number): PermissionFacts {
  return {
    accountChain: chainOf(world, accountId),
    roles: world.roles,
    overrides: world.overrides,
    memberships: world.memberships,
    enrollments: world.enrollments,
  };
}

export function courseFacts(world: World, courseId: number): VisibilityFacts {
  const course = world.courses.find((c) => c.id === courseId);
  if (!course) throw new Error(`no course ${courseId}`);
  return {
    ...accountFacts(world, course.account_id),
    course,
    roster: world.enrollments.filter((e) => e.course_id === courseId),
  };
}

const BUILT_IN_FOR_TYPE: Record<EnrollmentType, number> = {
  StudentEnrollment: BUILT_IN_ROLE_IDS.StudentEnrollment,
  TeacherEnrollment: BUILT_IN_ROLE_IDS.TeacherEnrollment,
  TaEnrollment: BUILT_IN_ROLE_IDS.TaEnrollment,
  DesignerEnrollment: BUILT_IN_ROLE_IDS.DesignerEnrollment,
  ObserverEnrollment: BUILT_IN_ROLE_IDS.ObserverEnrollment,
};

export function enrollment(
  user: number,
  course: number,
  section: number,
  type: EnrollmentType,
  extra: Partial<EnrollmentFact> = {},
): EnrollmentFact {
  return {
    user_id: user,
    course_id: course,
    course_section_id: section,
    role_id: BUILT_IN_FOR_TYPE[type],
    type,
    workflow_state: 'active',
    limit_privileges_to_course_section: false,
    associated_user_id: null,
    ...extra,
  };
}

export function membership(user: number, accountId: number, roleId: number = BUILT_IN_ROLE_IDS.AccountAdmin): AccountMembershipFact {
  return { user_id: user, account_id: accountId, role_id: roleId, workflow_state: 'active' };
}

export function override(
  accountId: number,
  roleId: number,
  permission: string,
  setting: Partial<Omit<RoleOverrideRecord, 'account_id' | 'role_id' | 'permission'>> = {},
): RoleOverrideRecord {
  return {
    account_id: accountId,
    role_id: roleId,
    permission,
    enabled: true,
    locked: false,
    applies_to_self: true,
    applies_to_descendants: true,
    ...setting,
  };
}

export function customRole(
  id: number,
  accountId: number,
  base: RoleRecord['base_role_type'],
  label = `Role ${id}`,
): RoleRecord {
  return { id, name: label, label, base_role_type: base, account_id: accountId, workflow_state: 'active' };
}
