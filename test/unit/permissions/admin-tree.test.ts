import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLE_IDS,
  can,
  PERMISSION_NAMES,
  permissionDefinition,
  type PermissionName,
} from '../../../src/server/domain/permissions/index.ts';
import { ACCOUNT_ADMIN, ALL_COURSES, IN_R, IN_S, IN_S2, IN_T, institution, R, S, S2, T, USERS } from './institution.ts';
import { accountFacts, courseFacts, customRole, membership, override, type World } from './world.ts';

const COURSE_PERMISSIONS = PERMISSION_NAMES.filter((name) => permissionDefinition(name).group === 'course');

function inCourse(world: World, userId: number, permission: PermissionName, courseId: number): boolean {
  return can({ userId }, permission, { type: 'course', courseId }, courseFacts(world, courseId));
}

function inAccount(world: World, userId: number, permission: PermissionName, accountId: number): boolean {
  return can({ userId }, permission, { type: 'account', accountId }, accountFacts(world, accountId));
}

describe('account admins act throughout their account tree and nowhere else', () => {
  const world = institution();

  it('gives a root admin every course permission in every course', () => {
    for (const course of ALL_COURSES) {
      for (const permission of COURSE_PERMISSIONS) expect(inCourse(world, USERS.rootAdmin, permission, course)).toBe(true);
    }
  });

  it('gives a root admin account rights at every account, root-only ones only at the root', () => {
    for (const accountId of [R, S, S2, T]) {
      expect(inAccount(world, USERS.rootAdmin, 'manage_courses', accountId)).toBe(true);
      expect(inAccount(world, USERS.rootAdmin, 'manage_role_overrides', accountId)).toBe(true);
      expect(inAccount(world, USERS.rootAdmin, 'become_user', accountId)).toBe(accountId === R);
    }
  });

  it('gives a sub-account admin every course permission in the courses of its subtree', () => {
    for (const course of [IN_S, IN_S2]) {
      for (const permission of COURSE_PERMISSIONS) expect(inCourse(world, USERS.subAdmin, permission, course)).toBe(true);
    }
    expect(inAccount(world, USERS.subAdmin, 'manage_courses', S)).toBe(true);
    expect(inAccount(world, USERS.subAdmin, 'manage_account_settings', S2)).toBe(true);
  });

  it('gives a sub-account admin nothing in a sibling or parent account, nor in their courses', () => {
    for (const course of [IN_T, IN_R]) {
      for (const permission of PERMISSION_NAMES) expect(inCourse(world, USERS.subAdmin, permission, course)).toBe(false);
    }
    for (const accountId of [R, T]) {
      for (const permission of PERMISSION_NAMES) expect(inAccount(world, USERS.subAdmin, permission, accountId)).toBe(false);
    }
  });

  it('ignores deleted memberships and people without any', () => {
    for (const userId of [USERS.retiredAdmin, USERS.stranger]) {
      expect(inCourse(world, userId, 'read_forum', IN_R)).toBe(false);
      expect(inAccount(world, userId, 'manage_courses', R)).toBe(false);
    }
  });
});

describe('account admins under overrides', () => {
  it('follows an account’s override of AccountAdmin, and its lock, down the tree only', () => {
    const world = institution();
    world.overrides.push(
      override(S, ACCOUNT_ADMIN, 'manage_grades', { enabled: false, locked: true }),
      override(S2, ACCOUNT_ADMIN, 'manage_grades', { enabled: true }),
    );
    for (const userId of [USERS.rootAdmin, USERS.subAdmin]) {
      expect(inCourse(world, userId, 'manage_grades', IN_S)).toBe(false);
      // S2 cannot re-enable what S locked.
      expect(inCourse(world, userId, 'manage_grades', IN_S2)).toBe(false);
      expect(inCourse(world, userId, 'manage_assignments', IN_S2)).toBe(true);
    }
    expect(inCourse(world, USERS.rootAdmin, 'manage_grades', IN_R)).toBe(true);
    expect(inCourse(world, USERS.rootAdmin, 'manage_grades', IN_T)).toBe(true);
  });

  it('keeps a self-only grant at the account that set it: not in its sub-accounts, nor in its courses', () => {
    const world = institution();
    world.overrides.push(override(R, ACCOUNT_ADMIN, 'manage_courses', { applies_to_descendants: false }));
    expect(inAccount(world, USERS.rootAdmin, 'manage_courses', R)).toBe(true);
    expect(inAccount(world, USERS.rootAdmin, 'manage_courses', S)).toBe(false);
    expect(inAccount(world, USERS.subAdmin, 'manage_courses', S)).toBe(false);
    expect(inCourse(world, USERS.rootAdmin, 'manage_courses', IN_R)).toBe(false);
  });

  it('gives a custom account role only what its overrides grant, and only below the account that owns it', () => {
    const world = institution();
    const auditor = customRole(30, R, 'AccountMembership', 'Auditor');
    const foreign = customRole(31, T, 'AccountMembership', 'Foreign');
    world.roles.push(auditor, foreign);
    world.memberships.push(membership(40, S, auditor.id), membership(41, S, foreign.id));
    world.overrides.push(override(R, auditor.id, 'view_all_grades'), override(T, foreign.id, 'view_all_grades'));
    expect(inCourse(world, 40, 'view_all_grades', IN_S2)).toBe(true);
    expect(inCourse(world, 40, 'manage_grades', IN_S2)).toBe(false);
    expect(inCourse(world, 40, 'view_all_grades', IN_T)).toBe(false);
    // A role owned by T does not exist at S, so holding it there grants nothing.
    expect(inCourse(world, 41, 'view_all_grades', IN_S2)).toBe(false);
  });

  it('grants nothing through a course role or NoPermissions filed as an account membership', () => {
    const world = institution();
    world.memberships.push(
      membership(42, R, BUILT_IN_ROLE_IDS.TeacherEnrollment),
      membership(43, R, BUILT_IN_ROLE_IDS.NoPermissions),
    );
    for (const userId of [42, 43]) {
      expect(inCourse(world, userId, 'manage_grades', IN_R)).toBe(false);
      expect(inCourse(world, userId, 'read_forum', IN_R)).toBe(false);
      expect(inAccount(world, userId, 'read_course_list', R)).toBe(false);
    }
  });
});
