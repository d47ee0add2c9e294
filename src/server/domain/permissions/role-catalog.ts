/**
 * Role kinds and Canvas's eight built-in roles (docs/canvas-compatibility.md §5.1). Built-in roles are created once, in a fixed order,
 * so every install has the same ids; clients hard-code 3 (student) and 4 (teacher). Replica 0 of the id space is
 * reserved for them (see ../ids.ts), so no allocated id can collide.
 */

/** Course-level roles: the enrollment types, in the column order of the permission codes (docs/canvas-compatibility.md §5.6). */
export const ENROLLMENT_TYPES = [
  'StudentEnrollment',
  'TeacherEnrollment',
  'TaEnrollment',
  'DesignerEnrollment',
  'ObserverEnrollment',
] as const;
export type EnrollmentType = (typeof ENROLLMENT_TYPES)[number];

/**
 * A role's `base_role_type`. AccountAdmin and NoPermissions are accepted on create ("odd", docs/canvas-compatibility.md §5.1); the built-in
 * AccountAdmin itself reports AccountMembership but takes its permission defaults as AccountAdmin.
 */
export type RoleBaseType = 'AccountMembership' | 'AccountAdmin' | 'NoPermissions' | EnrollmentType;

export type RoleWorkflowState = 'built_in' | 'active' | 'inactive' | 'deleted';

/** A role as the storage layer keeps it; field names follow Canvas's Role JSON. */
export interface RoleRecord {
  id: number;
  /** Canvas's `role` field: the name (for custom roles it equals the label). */
  name: string;
  label: string;
  base_role_type: RoleBaseType;
  /** The owning account; null for built-in roles, which belong to every account. */
  account_id: number | null;
  workflow_state: RoleWorkflowState;
}

export interface BuiltInRole extends RoleRecord {
  workflow_state: 'built_in';
  account_id: null;
  /** Whether the roles list shows it (AccountMembership and NoPermissions are internal). */
  listed: boolean;
}

export const BUILT_IN_ROLE_IDS = {
  AccountAdmin: 1,
  AccountMembership: 2,
  StudentEnrollment: 3,
  TeacherEnrollment: 4,
  TaEnrollment: 5,
  DesignerEnrollment: 6,
  ObserverEnrollment: 7,
  NoPermissions: 8,
} as const;

function builtIn(id: number, name: string, label: string, base: RoleBaseType, listed: boolean): BuiltInRole {
  return { id, name, label, base_role_type: base, account_id: null, workflow_state: 'built_in', listed };
}

/** In id order, which is also the order the roles list shows the listed ones. */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = Object.freeze([
  builtIn(1, 'AccountAdmin', 'Account Admin', 'AccountMembership', true),
  builtIn(2, 'AccountMembership', 'AccountMembership', 'AccountMembership', false),
  builtIn(3, 'StudentEnrollment', 'Student', 'StudentEnrollment', true),
  builtIn(4, 'TeacherEnrollment', 'Teacher', 'TeacherEnrollment', true),
  builtIn(5, 'TaEnrollment', 'TA', 'TaEnrollment', true),
  builtIn(6, 'DesignerEnrollment', 'Designer', 'DesignerEnrollment', true),
  builtIn(7, 'ObserverEnrollment', 'Observer', 'ObserverEnrollment', true),
  builtIn(8, 'NoPermissions', 'NoPermissions', 'NoPermissions', false),
]);

const BUILT_IN_BY_ID = new Map(BUILT_IN_ROLES.map((role) => [role.id, role]));

export function builtInRole(id: number): BuiltInRole | undefined {
  return BUILT_IN_BY_ID.get(id);
}

export function isEnrollmentType(value: string): value is EnrollmentType {
  return (ENROLLMENT_TYPES as readonly string[]).includes(value);
}

/** Course roles are granted through enrollments; every other base type is an account role (memberships). */
export function isCourseRole(role: Pick<RoleRecord, 'base_role_type'>): boolean {
  return isEnrollmentType(role.base_role_type);
}

/** The base type whose defaults apply (docs/canvas-compatibility.md §5.5 step 1): the built-in AccountAdmin counts as AccountAdmin. */
export function permissionBaseOf(role: Pick<RoleRecord, 'id' | 'base_role_type'>): RoleBaseType {
  return role.id === BUILT_IN_ROLE_IDS.AccountAdmin ? 'AccountAdmin' : role.base_role_type;
}
