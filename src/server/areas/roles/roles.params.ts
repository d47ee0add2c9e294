import { z } from 'zod';
import { canvasBoolean, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { boundedText } from '../common/shared-params.ts';

/** `:account_id` stays raw: the access rule resolves `self`, `default` and `sis_account_id:` itself. */
const accountRef = z.string().meta({ description: 'Account id, self, default or sis_account_id:<value>.' });

/** `:id` is a role id, or (for backwards compatibility, as in Canvas) a role name such as `TeacherEnrollment`. */
const roleRef = z.string().meta({ description: 'Role id, or a role name (deprecated).' });

/** The deprecated `role` parameter: a role's name, used when `:id` names no role. */
const roleName = canvasString().optional().meta({ description: 'Deprecated: the role name.' });

/**
 * One `permissions[<X>]` entry. Presence matters (an absent `enabled` inherits, a `false` one denies), so nothing
 * gets a default here; the write planner applies Canvas's rules (docs/canvas-compatibility.md §5.4).
 */
const permissionEntry = z.object({
  explicit: canvasBoolean().optional(),
  enabled: canvasBoolean().optional(),
  locked: canvasBoolean().optional(),
  applies_to_self: canvasBoolean().optional(),
  applies_to_descendants: canvasBoolean().optional(),
  readonly: canvasBoolean().optional(),
});

/** Keyed by permission name; unknown and inapplicable names are ignored by the planner, as in Canvas (rule 5). */
const permissions = z
  .record(z.string(), permissionEntry)
  .optional()
  .meta({ description: 'permissions[<X>][explicit|enabled|locked|applies_to_self|applies_to_descendants]' });

export const listRolesParams = z.object({
  account_id: accountRef,
  /** Words other than active and inactive are dropped by the service, as Canvas does. */
  state: canvasList(canvasString()).optional().meta({ description: 'active and/or inactive; default active.' }),
  show_inherited: canvasBoolean().default(false),
  ...paginationParams,
});

export const roleLookupParams = z.object({ account_id: accountRef, id: roleRef, role: roleName });

export const createRoleParams = z.object({
  account_id: accountRef,
  label: boundedText().optional(),
  /** Deprecated alias of label. */
  role: boundedText().optional(),
  base_role_type: canvasString().optional().meta({ description: 'AccountMembership (default) or an enrollment type.' }),
  permissions,
});

export const updateRoleParams = z.object({
  account_id: accountRef,
  id: roleRef,
  role: roleName,
  label: boundedText().optional(),
  permissions,
});

export type CreateRoleParams = z.output<typeof createRoleParams>;
export type UpdateRoleParams = z.output<typeof updateRoleParams>;
