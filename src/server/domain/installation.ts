import { randomUUID } from 'node:crypto';
import type { Stored, WriteStamp } from '../storage/typed-records.ts';
import { BUILT_IN_ROLE_IDS } from './permissions/index.ts';
import type { InstallationData } from './records/local-records.ts';
import { lookupKey, type Repositories } from './repositories.ts';
import { createUser } from './user-directory.ts';

/** The installation record has a fixed id: there is exactly one per database. */
const INSTALLATION_ID = 1;
export const ADMIN_LOGIN = 'admin';

/**
 * First start creates the root account and its admin (docs/architecture.md §6). The installation record is written
 * last and every step reuses what an interrupted earlier start already wrote, so a crash half-way is simply
 * redone on the next start without duplicates.
 */
export async function ensureInstallation(repos: Repositories, now: number): Promise<Stored<InstallationData>> {
  const existing = await repos.installation.get(INSTALLATION_ID);
  if (existing) return existing;
  const stamp: WriteStamp = { actorId: 0, requestId: 'first-start', now };

  const [root] = await repos.accounts.find({ parent_id: 0 });
  const account =
    root ??
    (await repos.accounts.create(
      {
        name: 'Outpost',
        parent_account_id: null,
        root_account_id: null,
        workflow_state: 'active',
        sis_account_id: null,
        uuid: randomUUID(),
        default_time_zone: 'Etc/UTC',
      },
      stamp,
    ));
  const admin =
    (await repos.users.byLookup(lookupKey.login(ADMIN_LOGIN))) ??
    (await createUser(repos, { name: 'Outpost Admin', login_id: ADMIN_LOGIN, root_account_id: account.id }, stamp));
  const memberships = await repos.accountUsers.count({ user_id: admin.id, parent_id: account.id });
  if (memberships === 0) {
    await repos.accountUsers.create(
      { account_id: account.id, user_id: admin.id, role_id: BUILT_IN_ROLE_IDS.AccountAdmin, workflow_state: 'active' },
      stamp,
    );
  }
  return repos.installation.create({ root_account_id: account.id, admin_user_id: admin.id }, stamp, INSTALLATION_ID);
}
