import { randomUUID } from 'node:crypto';
import type { Stored, WriteStamp } from '../storage/typed-records.ts';
import { assertUniqueIdFree, buildLogin } from './auth/logins.ts';
import { ValidationError } from './errors.ts';
import { writeTogether } from './repository.ts';
import type { UserData } from './records/directory-records.ts';
import type { Repositories } from './repositories.ts';

export interface NewUser {
  name: string;
  short_name?: string;
  sortable_name?: string;
  login_id: string;
  email?: string | null;
  sis_user_id?: string | null;
  integration_id?: string | null;
  time_zone?: string | null;
  locale?: string | null;
  root_account_id: number;
  /** The login's password; none leaves it token-only. */
  password?: string;
}

/** Canvas's default sortable name: "Last, First" from the last space of the display name. */
export function sortableNameOf(name: string): string {
  const trimmed = name.trim();
  const cut = trimmed.lastIndexOf(' ');
  return cut === -1 ? trimmed : `${trimmed.slice(cut + 1)}, ${trimmed.slice(0, cut)}`;
}

/**
 * Creates a user with its login and, when an email is known, its email channel (Canvas creates one per user).
 * User and channel live in the directory collection and are written in one transaction: no user without its
 * channel. The login (with its password hash) lives in `local`, which never replicates, and is written right
 * after; a crash between the two leaves a user an admin can give a login through the logins API. A taken login
 * (case-insensitive), SIS id or a refused password is a 400, checked before anything is written.
 */
export async function createUser(repos: Repositories, input: NewUser, stamp: WriteStamp): Promise<Stored<UserData>> {
  await assertUniqueIdFree(repos, input.login_id);
  if (input.sis_user_id && (await repos.users.idsWhere('sis_user_id', input.sis_user_id)).length > 0) {
    throw ValidationError.field('sis_user_id', `SIS ID "${input.sis_user_id}" is already in use`, 'taken');
  }
  const user = await repos.users.build(
    {
      name: input.name,
      sortable_name: input.sortable_name ?? sortableNameOf(input.name),
      short_name: input.short_name ?? input.name,
      login_id: input.login_id,
      sis_user_id: input.sis_user_id ?? null,
      integration_id: input.integration_id ?? null,
      email: input.email ?? null,
      time_zone: input.time_zone ?? null,
      locale: input.locale ?? null,
      root_account_id: input.root_account_id,
      workflow_state: 'registered',
      uuid: randomUUID(),
    },
    stamp,
  );
  const channel = input.email
    ? await repos.channels.build({ user_id: user.id, address: input.email, type: 'email', position: 1, workflow_state: 'active' }, stamp)
    : undefined;
  const login = await buildLogin(
    repos,
    {
      user_id: user.id,
      account_id: input.root_account_id,
      unique_id: input.login_id,
      sis_user_id: input.sis_user_id ?? null,
      integration_id: input.integration_id ?? null,
      ...(input.password === undefined ? {} : { password: input.password }),
    },
    stamp,
  );
  await writeTogether([repos.users.insertion(user), ...(channel ? [repos.channels.insertion(channel)] : [])]);
  await writeTogether([repos.logins.insertion(login)]);
  return user;
}
