import { BadRequestError } from '../../domain/errors.ts';
import { foldGranularWrites, planOverrideWrites, type RoleOverrideRecord, type RoleRecord } from '../../domain/permissions/index.ts';
import type { RoleOverrideData } from '../../domain/records/directory-records.ts';
import type { Repositories } from '../../domain/repositories.ts';
import type { PlannedWrite, Stored, WriteStamp } from '../../domain/repository.ts';
import type { RoleScope } from './role-directory.ts';
import type { UpdateRoleParams } from './roles.params.ts';

/**
 * Role overrides as stored records. Canvas deletes an override to make a permission inherit again; records here
 * are never removed (sync replicates changes, not removals), so a "deleted" override is kept *cleared*: no value
 * and no lock, which the policy resolves exactly like no override at all (docs/canvas-compatibility.md §5.5 step 4 changes nothing
 * at an account whose override neither sets `enabled` nor locks).
 */
export function isClearedOverride(data: RoleOverrideData): boolean {
  return data.enabled === undefined && !data.locked;
}

export function overrideRecord(row: Stored<RoleOverrideData>): RoleOverrideRecord {
  return { id: row.id, ...row.data };
}

export class RoleOverrideStore {
  readonly #repos: Repositories;

  constructor(repos: Repositories) {
    this.#repos = repos;
  }

  /** Every override at these accounts, for every role. */
  atAccounts(accountIds: readonly number[]): Promise<Stored<RoleOverrideData>[]> {
    return this.#repos.roleOverrides.find({ parent_id: { $in: [...accountIds] } });
  }

  /**
   * The writes that apply a `permissions[X]` map to a role at the scope's account (docs/canvas-compatibility.md §5.4), granular
   * names writing their family's permission (docs/canvas-compatibility.md §5.8). Throws a 400
   * before anything is written when an entry turns a permission off for everyone.
   */
  async plan(scope: RoleScope, role: Pick<RoleRecord, 'id' | 'base_role_type'>, params: UpdateRoleParams['permissions'], stamp: WriteStamp): Promise<PlannedWrite[]> {
    if (!params) return [];
    const rows = (await this.atAccounts([scope.account.id])).filter((row) => row.data.role_id === role.id);
    const live = rows.filter((row) => !isClearedOverride(row.data));
    const plan = planOverrideWrites({ role, accountChain: scope.chain, current: live.map(overrideRecord), params: foldGranularWrites(params) });
    if (!plan.ok) throw new BadRequestError(plan.message);
    const repo = this.#repos.roleOverrides;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const cleared = new Map(rows.filter((row) => isClearedOverride(row.data)).map((row) => [row.data.permission, row]));
    const writes: PlannedWrite[] = [];
    for (const upsert of plan.upserts) {
      // A permission set again after being cleared reuses its record rather than adding a twin.
      const read = upsert.id === undefined ? cleared.get(upsert.permission) : byId.get(upsert.id);
      const data = overrideData(upsert);
      writes.push(read ? repo.replacement(read, data, stamp) : repo.insertion(await repo.build(data, stamp)));
    }
    for (const removal of plan.deletes) {
      const read = removal.id === undefined ? undefined : byId.get(removal.id);
      if (read) writes.push(repo.replacement(read, clearedData(read.data), stamp));
    }
    return writes;
  }
}

function overrideData(o: RoleOverrideRecord): RoleOverrideData {
  return {
    account_id: o.account_id,
    role_id: o.role_id,
    permission: o.permission,
    // Stored JSON has no undefined: an override without a value simply has no `enabled` key.
    ...(o.enabled === undefined ? {} : { enabled: o.enabled }),
    locked: o.locked,
    applies_to_self: o.applies_to_self,
    applies_to_descendants: o.applies_to_descendants,
  };
}

function clearedData(data: RoleOverrideData): RoleOverrideData {
  return overrideData({ ...data, enabled: undefined, locked: false });
}
