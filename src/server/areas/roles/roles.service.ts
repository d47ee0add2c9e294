import type { CoreServices } from '../../core-services.ts';
import { BadRequestError, NotFoundError, ValidationError, type FieldIssue } from '../../domain/errors.ts';
import { resolveRolePermissions } from '../../domain/permissions/index.ts';
import type { RoleData } from '../../domain/records/directory-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { RoleDirectory, scopedCustomRole, type RoleScope, type RoleState, type ScopedRole } from './role-directory.ts';
import { overrideRecord, RoleOverrideStore } from './role-overrides.ts';
import { BASE_TYPE_INVALID, baseRoleTypeOf, roleNameIssues } from './role-rules.ts';
import type { CreateRoleParams, UpdateRoleParams } from './roles.params.ts';
import { roleJson } from './roles.serializer.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';

/** Which role a request names: `:id`, and the deprecated `role` name. */
export interface RoleRef {
  id: string;
  role?: string;
}

/**
 * The Roles API's rules (docs/canvas-compatibility.md §5.3–§5.4): custom roles and the overrides that set any role's permissions
 * at an account. A role and its overrides are validated in full, then written in one transaction.
 */
export class RolesService {
  readonly #services: CoreServices;
  readonly directory: RoleDirectory;
  readonly #overrides: RoleOverrideStore;
  /** Name checks and the writes they guard run one at a time per account, so two racing creates cannot both win. */
  readonly #namesOfAccount = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
    this.directory = new RoleDirectory(services);
    this.#overrides = new RoleOverrideStore(services.repos);
  }

  /** `state[]` keeps only active and inactive; none left means active (Canvas's `api_index`). */
  static states(requested: readonly string[] | undefined): RoleState[] {
    const known = (requested ?? []).filter((s): s is RoleState => s === 'active' || s === 'inactive');
    return known.length > 0 ? [...new Set(known)] : ['active'];
  }

  /** Role JSON for roles seen from the scope's account: one load of the chain's overrides for them all. */
  async present(scope: RoleScope, roles: readonly ScopedRole[]) {
    const overrides = (await this.#overrides.atAccounts(scope.chain.map((a) => a.id))).map(overrideRecord);
    const ownerIds = [...new Set(roles.flatMap((r) => (r.role.account_id === null ? [] : [r.role.account_id])))];
    const owners = await this.#services.repos.accounts.getMany(ownerIds);
    return roles.map(({ role }) =>
      roleJson(
        role,
        role.account_id === null ? undefined : owners.get(role.account_id),
        resolveRolePermissions({ role, accountChain: scope.chain, overrides }),
      ),
    );
  }

  async presentOne(scope: RoleScope, role: ScopedRole) {
    const [json] = await this.present(scope, [role]);
    return json!;
  }

  create(scope: RoleScope, params: CreateRoleParams, stamp: WriteStamp): Promise<ScopedRole> {
    return this.#namesOfAccount.run(String(scope.account.id), () => this.#create(scope, params, stamp));
  }

  async #create(scope: RoleScope, params: CreateRoleParams, stamp: WriteStamp): Promise<ScopedRole> {
    const name = presence(params.label) ?? params.role;
    if (name === undefined || name.trim() === '') throw new BadRequestError("missing required parameter 'role'");
    const base = baseRoleTypeOf(params.base_role_type ?? 'AccountMembership');
    const issues = roleNameIssues(name, await this.#activeNames(scope.account.id));
    if (!base) throw new ValidationError({ ...issues, base_role_type: [BASE_TYPE_INVALID] });
    rejectIssues(issues);
    const repo = this.#services.repos.roles;
    const data: RoleData = { name, label: name, base_role_type: base, account_id: scope.account.id, workflow_state: 'active' };
    const record = await repo.build(data, stamp);
    const overrideWrites = await this.#overrides.plan(scope, { id: record.id, base_role_type: base }, params.permissions, stamp);
    await writeTogether([repo.insertion(record), ...overrideWrites]);
    return scopedCustomRole(record);
  }

  /** A new label (custom roles of this account only) and permission overrides at this account. */
  update(scope: RoleScope, ref: RoleRef, params: UpdateRoleParams, stamp: WriteStamp): Promise<ScopedRole> {
    return this.#namesOfAccount.run(String(scope.account.id), () => this.#update(scope, ref, params, stamp));
  }

  async #update(scope: RoleScope, ref: RoleRef, params: UpdateRoleParams, stamp: WriteStamp): Promise<ScopedRole> {
    return retryStale(async () => {
      const found = await this.directory.find(scope, ref.id, ref.role);
      const label = presence(params.label);
      const renamed = label !== undefined && label !== found.role.label ? await this.#renamed(scope, found, label) : undefined;
      const overrideWrites = await this.#overrides.plan(scope, found.role, params.permissions, stamp);
      const roleWrite = renamed && found.stored ? [this.#services.repos.roles.replacement(found.stored, renamed, stamp)] : [];
      await writeTogether([...roleWrite, ...overrideWrites]);
      return renamed ? scopedCustomRole(roleWrite[0]!.record) : found;
    });
  }

  /** DELETE: an active custom role of this account becomes inactive; its holders keep their permissions. */
  async deactivate(scope: RoleScope, ref: RoleRef, stamp: WriteStamp): Promise<ScopedRole> {
    return retryStale(async () => {
      const { role, stored } = await this.directory.find(scope, ref.id, ref.role);
      if (role.workflow_state === 'inactive') throw new BadRequestError('Cannot deactivate an already inactive role');
      if (!stored) throw new BadRequestError('Cannot remove a built-in role');
      if (role.account_id !== scope.account.id) throw new NotFoundError('role');
      return this.#setState(stored, 'inactive', stamp);
    });
  }

  /**
   * An inactive custom role of this account becomes active again, if no active role has taken its name since.
   * Canvas also lets a sub-account activate an ancestor's role; here only the owning account may, as for DELETE.
   */
  activate(scope: RoleScope, ref: RoleRef, stamp: WriteStamp): Promise<ScopedRole> {
    return this.#namesOfAccount.run(String(scope.account.id), () => this.#activate(scope, ref, stamp));
  }

  async #activate(scope: RoleScope, ref: RoleRef, stamp: WriteStamp): Promise<ScopedRole> {
    return retryStale(async () => {
      const { role, stored } = await this.directory.find(scope, ref.id, ref.role);
      if (!stored || role.workflow_state !== 'inactive') throw new BadRequestError('Role not found');
      if (role.account_id !== scope.account.id) throw new NotFoundError('role');
      rejectIssues(roleNameIssues(role.name, await this.#activeNames(scope.account.id, role.id)));
      return this.#setState(stored, 'active', stamp);
    });
  }

  async #renamed(scope: RoleScope, { role, stored }: ScopedRole, label: string): Promise<RoleData> {
    if (!stored) throw new BadRequestError("cannot update the 'label' for a built-in role");
    if (role.account_id !== scope.account.id) throw new BadRequestError("cannot update the 'label' for an inherited role");
    // Uniqueness binds active roles only (an inactive one may share a name until it is activated).
    const taken = role.workflow_state === 'active' ? await this.#activeNames(scope.account.id, role.id) : new Set<string>();
    rejectIssues(roleNameIssues(label, taken));
    return { ...stored.data, name: label, label };
  }

  async #setState(stored: Stored<RoleData>, workflow_state: RoleData['workflow_state'], stamp: WriteStamp): Promise<ScopedRole> {
    const [saved] = await this.#services.repos.roles.replaceMany([{ read: stored, data: { ...stored.data, workflow_state } }], stamp);
    return scopedCustomRole(saved!);
  }

  /** Names of the account's own active custom roles, but for one role (the one being renamed or activated). */
  async #activeNames(accountId: number, exceptRoleId?: number): Promise<Set<string>> {
    const roles = await this.directory.customRoles([accountId]);
    return new Set(roles.filter((r) => r.role.workflow_state === 'active' && r.role.id !== exceptRoleId).map((r) => r.role.name));
  }
}

/** One keyed 400 naming every field at fault, before anything is written. */
function rejectIssues(issues: Record<string, FieldIssue[]>): void {
  if (Object.keys(issues).length > 0) throw new ValidationError(issues);
}

/** Rails' `.presence`: a blank string counts as not given. */
function presence(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
