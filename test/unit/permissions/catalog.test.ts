import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLES,
  builtInRole,
  ENROLLMENT_TYPES,
  isPermissionName,
  manageablePermissions,
  PERMISSION_NAMES,
  permissionDefault,
  permissionDefinition,
  permissionsListedIn,
  type PermissionName,
  type RoleBaseType,
} from '../../../src/server/domain/permissions/index.ts';

const SUB_ACCOUNT = { isRoot: false, isSiteAdmin: false };
const ROOT = { isRoot: true, isSiteAdmin: false };
const SITE_ADMIN = { isRoot: true, isSiteAdmin: true };

describe('built-in roles (docs/canvas-compatibility.md §5.1)', () => {
  it('has the eight roles with Canvas’s fixed ids, names, labels and reported base types', () => {
    expect(BUILT_IN_ROLES.map((r) => [r.id, r.name, r.label, r.base_role_type, r.listed])).toEqual([
      [1, 'AccountAdmin', 'Account Admin', 'AccountMembership', true],
      [2, 'AccountMembership', 'AccountMembership', 'AccountMembership', false],
      [3, 'StudentEnrollment', 'Student', 'StudentEnrollment', true],
      [4, 'TeacherEnrollment', 'Teacher', 'TeacherEnrollment', true],
      [5, 'TaEnrollment', 'TA', 'TaEnrollment', true],
      [6, 'DesignerEnrollment', 'Designer', 'DesignerEnrollment', true],
      [7, 'ObserverEnrollment', 'Observer', 'ObserverEnrollment', true],
      [8, 'NoPermissions', 'NoPermissions', 'NoPermissions', false],
    ]);
  });

  it('marks them built in and owned by no account', () => {
    for (const role of BUILT_IN_ROLES) {
      expect(role.workflow_state).toBe('built_in');
      expect(role.account_id).toBeNull();
    }
    expect(builtInRole(3)?.label).toBe('Student');
    expect(builtInRole(9)).toBeUndefined();
  });
});

describe('the 2017 permission list (docs/canvas-compatibility.md §5.6)', () => {
  it('has 32 course-level, 20 account-level, 5 root-only and 6 site-admin-only permissions', () => {
    const groups = PERMISSION_NAMES.map((name) => permissionDefinition(name).group);
    expect(groups.filter((g) => g === 'course')).toHaveLength(32);
    expect(groups.filter((g) => g === 'account')).toHaveLength(20);
    expect(groups.filter((g) => g === 'root_account')).toHaveLength(5);
    expect(groups.filter((g) => g === 'site_admin')).toHaveLength(6);
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
  });

  it('knows its names and nothing else', () => {
    expect(isPermissionName('manage_grades')).toBe(true);
    expect(isPermissionName('become_user')).toBe(true);
    expect(isPermissionName('manage_grades ')).toBe(false);
    expect(isPermissionName('toString')).toBe(false);
  });

  // Columns: Student, Teacher, TA, Designer, Observer — decoded from the reference's codes.
  const cases: Array<[PermissionName, string]> = [
    ['manage_grades', 'unavailable on on unavailable unavailable'],
    ['view_all_grades', 'unavailable on on off unavailable'],
    ['manage_wiki', 'unavailable on on on off'],
    ['read_forum', 'on on on on on'],
    ['moderate_forum', 'off on on on off'],
    ['manage_outcomes', 'off on off on off'],
    ['comment_on_others_submissions', 'off on on on unavailable'],
    ['manage_admin_users', 'unavailable on off off unavailable'],
    ['read_sis', 'off on off unavailable unavailable'],
    ['change_course_state', 'unavailable on off on unavailable'],
    ['moderate_grades', 'unavailable on off unavailable unavailable'],
    ['read_roster', 'on on on on off'],
  ];
  it.each(cases)('decodes the defaults of %s per course base role', (permission, expected) => {
    expect(ENROLLMENT_TYPES.map((base) => permissionDefault(permission, base)).join(' ')).toBe(expected);
  });

  it('gives AccountAdmin every course permission and custom account roles each one available but off', () => {
    for (const name of PERMISSION_NAMES.filter((n) => permissionDefinition(n).group === 'course')) {
      expect(permissionDefault(name, 'AccountAdmin')).toBe('on');
      expect(permissionDefault(name, 'AccountMembership')).toBe('off');
    }
  });

  it('keeps account-level permissions from course roles, on for admins except view_notifications', () => {
    for (const name of PERMISSION_NAMES.filter((n) => permissionDefinition(n).group !== 'course')) {
      for (const base of ENROLLMENT_TYPES) expect(permissionDefault(name, base)).toBe('unavailable');
      expect(permissionDefault(name, 'AccountMembership')).toBe('off');
      expect(permissionDefault(name, 'AccountAdmin')).toBe(name === 'view_notifications' ? 'off' : 'on');
    }
  });

  it('gives NoPermissions nothing at all', () => {
    expect(PERMISSION_NAMES.every((name) => permissionDefault(name, 'NoPermissions') === 'unavailable')).toBe(true);
  });

  it('lists root-only permissions only in root accounts and site-admin ones only in site admin', () => {
    const sub = permissionsListedIn(SUB_ACCOUNT);
    const root = permissionsListedIn(ROOT);
    const site = permissionsListedIn(SITE_ADMIN);
    expect(sub).toHaveLength(52);
    expect(sub).not.toContain('become_user');
    expect(root).toHaveLength(57);
    expect(root).toContain('become_user');
    expect(root).not.toContain('manage_jobs');
    expect(site).toHaveLength(63);
    expect(site).toContain('manage_jobs');
  });
});

describe('manageable permissions (docs/canvas-compatibility.md §5.4)', () => {
  const role = (id: number, base: RoleBaseType) => ({ id, base_role_type: base });

  it('filters course roles by what their base type can hold', () => {
    const student = manageablePermissions(role(3, 'StudentEnrollment'), ROOT);
    expect(student).toContain('read_forum');
    expect(student).not.toContain('manage_grades');
    expect(student).not.toContain('manage_courses');
    expect(manageablePermissions(role(6, 'DesignerEnrollment'), ROOT)).toContain('view_all_grades');
  });

  it('lets account roles be given everything that exists in the account', () => {
    expect(manageablePermissions(role(12, 'AccountMembership'), SUB_ACCOUNT)).toEqual(permissionsListedIn(SUB_ACCOUNT));
    expect(manageablePermissions(role(1, 'AccountMembership'), ROOT)).toEqual(permissionsListedIn(ROOT));
  });
});
