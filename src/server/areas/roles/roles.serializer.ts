import { BUILT_IN_ROLE_IDS, builtInRole, isCourseRole, isEnrollmentType, type ResolvedPermission, type RoleRecord } from '../../domain/permissions/index.ts';
import type { AccountData, RoleData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { accountJson } from '../accounts/accounts.serializer.ts';
import { isoSeconds } from '../common/api-values.ts';

/**
 * Canvas's Role JSON (`lib/api/v1/role.rb`, docs/canvas-compatibility.md §5.2), as an allow-list. `account` is the
 * role's owning account and appears only for custom roles, as do the times of its record (`stored`): built-in roles
 * are constants with none. `is_account_role` tells account roles from course (enrollment) roles; `permissions` is
 * what the role has at the addressed account.
 */
export function roleJson(
  role: RoleRecord,
  owner: Stored<AccountData> | undefined,
  permissions: Record<string, ResolvedPermission>,
  stored: Stored<RoleData> | null,
) {
  return {
    id: role.id,
    role: role.name,
    label: role.label,
    base_role_type: role.base_role_type,
    is_account_role: !isCourseRole(role),
    workflow_state: role.workflow_state,
    ...(owner ? { account: accountJson(owner) } : {}),
    ...(stored ? { created_at: isoSeconds(stored.created_at), last_updated_at: isoSeconds(stored.updated_at) } : {}),
    permissions,
  };
}

/** The create response alone names the base type, for course roles only ("Based on TA" in Canvas's UI). */
export function createdRoleJson(json: ReturnType<typeof roleJson>) {
  const base = json.base_role_type;
  const label = isEnrollmentType(base) ? builtInRole(BUILT_IN_ROLE_IDS[base])?.label : undefined;
  return label === undefined ? json : { ...json, base_role_type_label: label };
}
