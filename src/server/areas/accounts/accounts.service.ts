import { randomUUID } from 'node:crypto';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { builtInRole, isCourseRole } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { AccountData } from '../../domain/records/directory-records.ts';
import { lookupKey } from '../../domain/repositories.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { IdResolver } from '../common/id-lookup.ts';
import { sisTakenIssue } from '../common/shared-params.ts';

/** Canvas nests accounts a few levels deep; a deeper walk means a cycle left by a bug or a bad sync. */
const MAX_TREE_DEPTH = 32;

export interface NewSubAccount {
  name?: string;
  sis_account_id?: string | null;
  default_time_zone?: string;
}

/** The account tree: lookups, the admin relation Canvas calls `:read` on an account, and sub-account creation. */
export class AccountsService {
  readonly #services: CoreServices;
  readonly #ids: IdResolver;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#ids = new IdResolver(services);
  }

  /** An active account by any id form Canvas accepts (`self`, `default`, `sis_account_id:`); else NotFoundError. */
  async resolve(raw: string): Promise<Stored<AccountData>> {
    return this.get(await this.#ids.accountId(raw));
  }

  async get(id: number): Promise<Stored<AccountData>> {
    const account = await this.#services.repos.accounts.get(id);
    if (!account || account.data.workflow_state === 'deleted') throw new NotFoundError();
    return account;
  }

  /**
   * Canvas lets any admin of the account or an ancestor read it, whatever their role's permissions: a custom
   * account role with nothing enabled still sees the account it administers.
   */
  async administers(principal: Principal, accountId: number): Promise<boolean> {
    const facts = await this.#services.access.facts(principal, { type: 'account', accountId });
    const chain = new Set(facts.accountChain.map((a) => a.id));
    return facts.memberships.some((m) => {
      if (m.user_id !== principal.userId || m.workflow_state !== 'active' || !chain.has(m.account_id)) return false;
      const role = builtInRole(m.role_id) ?? facts.roles.find((r) => r.id === m.role_id);
      return role !== undefined && role.workflow_state !== 'deleted' && !isCourseRole(role);
    });
  }

  /** The accounts the user holds an active admin membership at (not their sub-accounts), by id. */
  async administeredBy(userId: number): Promise<Stored<AccountData>[]> {
    const memberships = await this.#services.repos.accountUsers.find({ user_id: userId });
    const ids = [...new Set(memberships.filter((m) => m.data.workflow_state === 'active').map((m) => m.data.account_id))];
    const accounts = await this.#services.repos.accounts.getMany(ids);
    return [...accounts.values()].filter((a) => a.data.workflow_state === 'active').sort((a, b) => a.id - b.id);
  }

  /** Direct children, or with `recursive` the whole subtree below the account (breadth first), by id. */
  async subAccounts(accountId: number, recursive: boolean): Promise<Stored<AccountData>[]> {
    const found: Stored<AccountData>[] = [];
    let level = [accountId];
    for (let depth = 0; level.length > 0 && depth < MAX_TREE_DEPTH; depth++) {
      const children = await this.#services.repos.accounts.find({ parent_id: { $in: level } });
      const active = children.filter((a) => a.data.workflow_state === 'active');
      found.push(...active);
      level = recursive ? active.map((a) => a.id) : [];
    }
    return found.sort((a, b) => a.id - b.id);
  }

  /** The account and every active account below it: where an admin's course lists reach. */
  async subtreeIds(accountId: number): Promise<number[]> {
    return [accountId, ...(await this.subAccounts(accountId, true)).map((a) => a.id)];
  }

  async createSubAccount(parent: Stored<AccountData>, input: NewSubAccount, stamp: WriteStamp): Promise<Stored<AccountData>> {
    const name = input.name?.trim() ?? '';
    const errors: Record<string, { type: string; message: string }[]> = {};
    if (name === '') errors.name = [{ type: 'blank', message: "can't be blank" }];
    const sisId = input.sis_account_id ?? null;
    if (sisId !== null && (await this.#services.repos.accounts.byLookup(lookupKey.sis(sisId)))) {
      errors.sis_source_id = [sisTakenIssue(sisId)];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return this.#services.repos.accounts.create(
      {
        name,
        parent_account_id: parent.id,
        root_account_id: parent.data.root_account_id ?? parent.id,
        workflow_state: 'active',
        sis_account_id: sisId,
        uuid: randomUUID(),
        default_time_zone: input.default_time_zone ?? parent.data.default_time_zone,
      },
      stamp,
    );
  }
}
