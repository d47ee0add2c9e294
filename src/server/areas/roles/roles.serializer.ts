import { BUILT_IN_ROLE_IDS, builtInRole, isEnrollmentType, type ResolvedPermission, type RoleRecord } from '../../domain/permissions/index.ts';
import type { AccountData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { accountJson } from '../accounts/accounts.serializer.ts';

/**
 * Canvas's Role JSON (`lib/api/v1/role.rb`, docs/canvas-compatibility.md §5.2), as an allow-list. `account` is the role's owning
 * account and appears only for custom roles; `permissions` is what the role has at the addressed account.
 */
export function roleJson(role: RoleRecord, owner: Stored<AccountData> | undefined, permissions: Record<string, ResolvedPermission>) {
  return {
    id: role.id,
    role: role.name,
    label: role.label,
    base_role_type: role.base_role_type,
    workflow_state: role.workflow_state,
    ...(owner ? { account: accountJson(owner) } : {}),
    permissions,
  };
}

/** The create response alone names the base type, for course roles only ("Based on TA" in Canvas's UI). */
export function createdRoleJson(json: ReturnType<typeof roleJson>) {
  const base = json.base_role_type;
  const label = isEnrollmentType(base) ? builtInRole(BUILT_IN_ROLE_IDS[base])?.label : undefined;
  return label === undefined ? json : { ...json, base_role_type_label: label };
}
