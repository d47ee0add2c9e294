import { accountKindOf, lastAccountId } from './account-chain.ts';
import type { AccountFact, RoleOverrideRecord } from './facts.ts';
import { manageablePermissions, type PermissionName } from './permission-catalog.ts';
import type { RoleRecord } from './role-catalog.ts';

/**
 * One `permissions[X]` entry of a role create/update, after the params layer has coerced Canvas booleans.
 * Presence matters (an absent `enabled` is not `false`), so absent keys stay undefined.
 */
export interface PermissionWriteParam {
  readonly?: boolean;
  explicit?: boolean;
  enabled?: boolean;
  locked?: boolean;
  applies_to_self?: boolean;
  applies_to_descendants?: boolean;
}

export const PERMISSION_MUST_BE_ENABLED = 'Permission must be enabled for someone';

/** Upserts and deletes come in permission catalog order, whatever the order of the params or of `current`. */
export type OverrideWritePlan =
  | { ok: true; upserts: RoleOverrideRecord[]; deletes: RoleOverrideRecord[] }
  | { ok: false; message: typeof PERMISSION_MUST_BE_ENABLED; permission: PermissionName };

export interface OverrideWriteRequest {
  role: Pick<RoleRecord, 'id' | 'base_role_type'>;
  /** Root first, ending at the account the request addresses. */
  accountChain: readonly AccountFact[];
  /** Existing overrides; only those of this role at the addressed account are considered. */
  current: readonly RoleOverrideRecord[];
  /** The `permissions` param map; unknown or unmanageable names are ignored, as in Canvas. */
  params: Readonly<Record<string, PermissionWriteParam | undefined>>;
}

/**
 * Turns a `permissions` map into override upserts and deletes, following docs/canvas-compatibility.md §5.4. Canvas raises the
 * "enabled for someone" error half-way through, after saving earlier permissions; here the whole map is checked
 * before anything is planned, so a rejected request writes nothing. Upserts that would change nothing are left
 * out, so an unchanged PUT produces no change events for sync or webhooks.
 */
export function planOverrideWrites(request: OverrideWriteRequest): OverrideWritePlan {
  const { role, accountChain, params } = request;
  const accountId = lastAccountId(accountChain);
  const upserts: RoleOverrideRecord[] = [];
  const deletes: RoleOverrideRecord[] = [];
  for (const permission of manageablePermissions(role, accountKindOf(accountChain))) {
    const param = Object.hasOwn(params, permission) ? params[permission] : undefined;
    if (!param || param.readonly === true) continue;
    if (param.applies_to_self === false && param.applies_to_descendants === false) {
      return { ok: false, message: PERMISSION_MUST_BE_ENABLED, permission };
    }
    const existing = request.current.find(
      (o) => o.account_id === accountId && o.role_id === role.id && o.permission === permission,
    );
    const value = param.explicit === true ? param.enabled : undefined;
    // Canvas's quirk: a lock without an explicit value still creates a record, and a new record is enabled.
    if (value !== undefined || param.locked === true) {
      const next: RoleOverrideRecord = {
        ...(existing ?? newOverride(accountId, role.id, permission)),
        ...defined({
          enabled: value,
          locked: param.locked,
          applies_to_self: param.applies_to_self,
          applies_to_descendants: param.applies_to_descendants,
        }),
      };
      if (!existing || !sameSetting(existing, next)) upserts.push(next);
    } else if (existing) {
      // No value and no lock (e.g. explicit=0, or locked=0 alone): revert to what is inherited.
      deletes.push(existing);
    }
  }
  return { ok: true, upserts, deletes };
}

function newOverride(accountId: number, roleId: number, permission: PermissionName): RoleOverrideRecord {
  return {
    account_id: accountId,
    role_id: roleId,
    permission,
    enabled: true,
    locked: false,
    applies_to_self: true,
    applies_to_descendants: true,
  };
}

/** Only the keys the request actually carried overwrite the record. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function sameSetting(a: RoleOverrideRecord, b: RoleOverrideRecord): boolean {
  return (
    a.enabled === b.enabled &&
    a.locked === b.locked &&
    a.applies_to_self === b.applies_to_self &&
    a.applies_to_descendants === b.applies_to_descendants
  );
}
