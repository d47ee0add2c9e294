import type { FieldIssue } from '../../domain/errors.ts';
import { BUILT_IN_ROLES, isEnrollmentType, type RoleBaseType } from '../../domain/permissions/index.ts';

/**
 * What a custom role's name and base type may be (docs/canvas-compatibility.md §5.1, Canvas's `Role` validations). Checked before
 * anything is written; the service turns the issues into one keyed 400.
 */

/** AccountAdmin and NoPermissions are accepted, as in Canvas, though odd for a custom role. */
const ACCOUNT_BASE_TYPES: readonly RoleBaseType[] = ['AccountMembership', 'AccountAdmin', 'NoPermissions'];

export function baseRoleTypeOf(raw: string): RoleBaseType | undefined {
  return isEnrollmentType(raw) || (ACCOUNT_BASE_TYPES as readonly string[]).includes(raw) ? (raw as RoleBaseType) : undefined;
}

export const BASE_TYPE_INVALID: FieldIssue = { type: 'inclusion', message: 'is invalid' };

/** Canvas's `KNOWN_TYPES`: type strings enrollments and old clients use as role names. */
const RESERVED_NAMES: ReadonlySet<string> = new Set([
  ...BUILT_IN_ROLES.map((role) => role.name),
  'StudentViewEnrollment',
  'TeacherlessStudentEnrollment',
  'NilEnrollment',
  'teacher',
  'ta',
  'designer',
  'student',
  'observer',
]);

const BUILT_IN_LABELS: ReadonlySet<string> = new Set(BUILT_IN_ROLES.map((role) => role.label));

/**
 * Issues with a custom role's name. `activeNamesInAccount` are the names of the other active roles of the same
 * account: a name must be unique among them (inactive roles may share it, as in Canvas).
 */
export function roleNameIssues(name: string, activeNamesInAccount: ReadonlySet<string>): Record<string, FieldIssue[]> {
  if (RESERVED_NAMES.has(name)) return { name: [{ type: 'exclusion', message: 'is reserved' }] };
  if (BUILT_IN_LABELS.has(name) || activeNamesInAccount.has(name)) {
    const message = 'A role with this name already exists';
    return { label: [{ type: message, message }] };
  }
  return {};
}
