import {
  ENROLLMENT_TYPES,
  isCourseRole,
  permissionBaseOf,
  type EnrollmentType,
  type RoleBaseType,
  type RoleRecord,
} from './role-catalog.ts';

/**
 * Canvas's 2017 permission list (docs/canvas-compatibility.md §5.6), kept as compact per-role default codes so the table can be
 * checked against it by eye. Each course-level code has one character per enrollment type, in ENROLLMENT_TYPES
 * order (Student, Teacher, TA, Designer, Observer): '1' on by default, '0' available but off, '-' not available.
 */
type DefaultChar = '1' | '0' | '-';
type DefaultCode = `${DefaultChar}${DefaultChar}${DefaultChar}${DefaultChar}${DefaultChar}`;

const COURSE_PERMISSION_CODES = {
  manage_wiki: '-1110',
  read_forum: '11111',
  post_to_forum: '11110',
  moderate_forum: '01110',
  read_announcements: '11111',
  send_messages: '11110',
  send_messages_all: '01110',
  manage_outcomes: '01010',
  create_conferences: '11110',
  create_collaborations: '11110',
  read_roster: '11110',
  view_all_grades: '-110-',
  manage_grades: '-11--',
  manage_rubrics: '-111-',
  comment_on_others_submissions: '0111-',
  manage_students: '-111-',
  manage_admin_users: '-100-',
  manage_groups: '-111-',
  view_group_pages: '01110',
  manage_files: '-1110',
  manage_assignments: '-1110',
  read_question_banks: '-1110',
  manage_calendar: '01110',
  read_reports: '-111-',
  read_sis: '010--',
  manage_user_notes: '-11--',
  manage_content: '-1110',
  manage_interaction_alerts: '-10--',
  change_course_state: '-101-',
  manage_sections: '-101-',
  moderate_grades: '-10--',
  lti_add_edit: '-111-',
} as const satisfies Record<string, DefaultCode>;

/** Account-level only: on for AccountAdmin (except those in ACCOUNT_ADMIN_OFF), available to custom account roles. */
const ACCOUNT_PERMISSIONS = [
  'manage_role_overrides', 'manage_account_memberships', 'manage_account_settings', 'manage_courses',
  'manage_master_courses', 'manage_user_logins', 'manage_user_observers', 'manage_alerts',
  'undelete_courses', 'view_grade_changes', 'view_course_changes', 'view_notifications', 'read_course_list',
  'view_statistics', 'manage_storage_quotas', 'manage_catalog',
  'read_course_content', 'manage_frozen_assignments', 'manage_feature_flags', 'view_quiz_answer_audits',
] as const;
const ROOT_ONLY_PERMISSIONS = ['become_user', 'manage_developer_keys', 'import_sis', 'manage_sis', 'reset_any_mfa'] as const;
const SITE_ADMIN_ONLY_PERMISSIONS = [
  'read_messages', 'manage_site_settings', 'manage_jobs', 'view_jobs', 'view_error_reports', 'manage_global_outcomes',
] as const;
const ACCOUNT_ADMIN_OFF: ReadonlySet<string> = new Set(['view_notifications']);

export type CoursePermission = keyof typeof COURSE_PERMISSION_CODES;
export type AccountPermission =
  | (typeof ACCOUNT_PERMISSIONS)[number]
  | (typeof ROOT_ONLY_PERMISSIONS)[number]
  | (typeof SITE_ADMIN_ONLY_PERMISSIONS)[number];
export type PermissionName = CoursePermission | AccountPermission;

/** Where a permission can be managed: course-level ones everywhere, the rest in accounts of a kind. */
export type PermissionGroup = 'course' | 'account' | 'root_account' | 'site_admin';

export interface PermissionDefinition {
  readonly name: PermissionName;
  readonly group: PermissionGroup;
  /** Base types that have it by default (Canvas's `true_for`). */
  readonly trueFor: ReadonlySet<RoleBaseType>;
  /** Base types that may be given it at all (Canvas's `available_to`); others see it locked and read-only. */
  readonly availableTo: ReadonlySet<RoleBaseType>;
}

/** Account roles may hold every permission; NoPermissions is in no set, so it never holds one. */
const ACCOUNT_ROLE_BASES: readonly RoleBaseType[] = ['AccountAdmin', 'AccountMembership'];

function coursePermission(name: CoursePermission, code: DefaultCode): PermissionDefinition {
  const withChar = (wanted: readonly DefaultChar[]): EnrollmentType[] =>
    ENROLLMENT_TYPES.filter((_, column) => wanted.includes(code[column] as DefaultChar));
  return {
    name,
    group: 'course',
    trueFor: new Set<RoleBaseType>(['AccountAdmin', ...withChar(['1'])]),
    availableTo: new Set<RoleBaseType>([...ACCOUNT_ROLE_BASES, ...withChar(['1', '0'])]),
  };
}

function accountPermission(name: AccountPermission, group: PermissionGroup): PermissionDefinition {
  return {
    name,
    group,
    trueFor: new Set<RoleBaseType>(ACCOUNT_ADMIN_OFF.has(name) ? [] : ['AccountAdmin']),
    availableTo: new Set(ACCOUNT_ROLE_BASES),
  };
}

const DEFINITIONS: readonly PermissionDefinition[] = [
  ...Object.entries(COURSE_PERMISSION_CODES).map(([name, code]) => coursePermission(name as CoursePermission, code)),
  ...ACCOUNT_PERMISSIONS.map((name) => accountPermission(name, 'account')),
  ...ROOT_ONLY_PERMISSIONS.map((name) => accountPermission(name, 'root_account')),
  ...SITE_ADMIN_ONLY_PERMISSIONS.map((name) => accountPermission(name, 'site_admin')),
];

const BY_NAME: ReadonlyMap<string, PermissionDefinition> = new Map(DEFINITIONS.map((def) => [def.name, def]));

/** Every permission, course-level first, in the order role JSON lists them. */
export const PERMISSION_NAMES: readonly PermissionName[] = DEFINITIONS.map((def) => def.name);

export function isPermissionName(value: string): value is PermissionName {
  return BY_NAME.has(value);
}

export function permissionDefinition(name: PermissionName): PermissionDefinition {
  // PermissionName is exactly the key set of BY_NAME, so the lookup cannot miss.
  return BY_NAME.get(name) as PermissionDefinition;
}

/** What an account must be for a permission to be managed (and to mean anything) there. */
export interface AccountKind {
  readonly isRoot: boolean;
  readonly isSiteAdmin: boolean;
}

/** Site-admin permissions exist only in the site admin account, root-only ones only in root accounts (docs/canvas-compatibility.md §5.2). */
export function permissionExistsIn(name: PermissionName, account: AccountKind): boolean {
  const { group } = permissionDefinition(name);
  if (group === 'site_admin') return account.isSiteAdmin;
  if (group === 'root_account') return account.isRoot;
  return true;
}

export type PermissionDefault = 'on' | 'off' | 'unavailable';

/** The default a base type starts from, before any override. */
export function permissionDefault(name: PermissionName, base: RoleBaseType): PermissionDefault {
  const def = permissionDefinition(name);
  if (!def.availableTo.has(base)) return 'unavailable';
  return def.trueFor.has(base) ? 'on' : 'off';
}

/** Every permission a role's JSON lists at an account, even ones its base type cannot use (docs/canvas-compatibility.md §5.2). */
export function permissionsListedIn(account: AccountKind): PermissionName[] {
  return PERMISSION_NAMES.filter((name) => permissionExistsIn(name, account));
}

/**
 * The permissions a write may touch for a role at an account (docs/canvas-compatibility.md §5.4): course roles are filtered by their base
 * type, account roles may be given anything that exists there.
 */
export function manageablePermissions(role: Pick<RoleRecord, 'id' | 'base_role_type'>, account: AccountKind): PermissionName[] {
  const base = permissionBaseOf(role);
  const listed = permissionsListedIn(account);
  return isCourseRole(role) ? listed.filter((name) => permissionDefinition(name).availableTo.has(base)) : listed;
}
