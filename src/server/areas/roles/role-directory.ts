import type { CoreServices } from '../../core-services.ts';
import { BUILT_IN_ROLES, type AccountFact, type RoleRecord } from '../../domain/permissions/index.ts';
import { roleRecordOf } from '../../domain/access.ts';
import type { AccountData, RoleData } from '../../domain/records/directory-records.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { Stored } from '../../domain/repository.ts';

/** The account a roles request addresses ("A" of docs/canvas-compatibility.md §5.5) and its chain, root first. */
export interface RoleScope {
  account: Stored<AccountData>;
  chain: AccountFact[];
}

/** A role as seen from an account: the policy's view, and for a custom role the record to write back. */
export interface ScopedRole {
  role: RoleRecord;
  /** Null for built-in roles, which are constants. */
  stored: Stored<RoleData> | null;
}

export type RoleState = 'active' | 'inactive';

/** The built-in roles the API shows and accepts (AccountMembership and NoPermissions are internal). */
const VISIBLE_BUILT_INS: readonly ScopedRole[] = BUILT_IN_ROLES.filter((role) => role.listed).map((role) => ({ role, stored: null }));

const PLAIN_ID = /^\d{1,16}$/;

/** Canvas's hand-written guard (`require_role`): its own 404 body `{"message":"role not found"}`. */
export function roleNotFound(): NotFoundError {
  return new NotFoundError('role', 'message');
}

export function scopedCustomRole(stored: Stored<RoleData>): ScopedRole {
  return { role: roleRecordOf(stored), stored };
}

/**
 * Which roles exist at an account: the visible built-in roles, plus the custom roles of the account and its
 * ancestors (a custom role exists from its owning account down). Deleted roles exist nowhere.
 */
export class RoleDirectory {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** The roles of `account`, which the route's rule resolved. */
  async scope(account: Stored<AccountData>): Promise<RoleScope> {
    return { account, chain: await this.#services.access.accountChain(account.id) };
  }

  /** docs/canvas-compatibility.md §5.3: built-in roles first (only when active ones are asked for), then custom roles by id. */
  async list(scope: RoleScope, states: readonly RoleState[], showInherited: boolean): Promise<ScopedRole[]> {
    const owners = showInherited ? scope.chain.map((a) => a.id) : [scope.account.id];
    const custom = (await this.customRoles(owners)).filter((r) => (states as readonly string[]).includes(r.role.workflow_state));
    return [...(states.includes('active') ? VISIBLE_BUILT_INS : []), ...custom];
  }

  /**
   * Canvas's `require_role`: by id, else by the `role` name, else `:id` read as a name (old clients send
   * `roles/TeacherEnrollment`). Names resolve to the nearest account's role, preferring an active one.
   */
  async find(scope: RoleScope, rawId: string, name?: string): Promise<ScopedRole> {
    const roles = [...VISIBLE_BUILT_INS, ...(await this.customRoles(scope.chain.map((a) => a.id)))];
    const byId = PLAIN_ID.test(rawId) ? roles.find((r) => r.role.id === Number(rawId)) : undefined;
    const found = byId ?? (name === undefined ? undefined : byName(roles, name, scope)) ?? byName(roles, rawId, scope);
    if (!found) throw roleNotFound();
    return found;
  }

  /** The not-deleted custom roles owned by these accounts, by id. */
  async customRoles(accountIds: readonly number[]): Promise<ScopedRole[]> {
    const rows = await this.#services.repos.roles.find({ parent_id: { $in: [...accountIds] } });
    return rows.filter((row) => row.data.workflow_state !== 'deleted').map(scopedCustomRole);
  }
}

function byName(roles: readonly ScopedRole[], name: string, scope: RoleScope): ScopedRole | undefined {
  const depth = (r: ScopedRole) => (r.role.account_id === null ? -1 : scope.chain.findIndex((a) => a.id === r.role.account_id));
  const named = roles.filter((r) => r.role.name === name);
  // Built-in names are reserved, so a built-in match is the only one; otherwise nearest account, then active.
  return named.sort((a, b) => depth(b) - depth(a) || activeFirst(a) - activeFirst(b) || a.role.id - b.role.id)[0];
}

const activeFirst = (r: ScopedRole) => (r.role.workflow_state === 'active' ? 0 : 1);
