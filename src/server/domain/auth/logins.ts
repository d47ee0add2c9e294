import { writeTogether, type Stored, type WriteStamp } from '../repository.ts';
import { ValidationError } from '../errors.ts';
import type { LoginData } from '../records/local-records.ts';
import { lookupKey, type Repositories } from '../repositories.ts';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords.ts';

export interface NewLogin {
  user_id: number;
  account_id: number;
  unique_id: string;
  sis_user_id?: string | null;
  integration_id?: string | null;
  /** Omitted: the login signs in with access tokens only (the built-in admin, tool accounts). */
  password?: string;
}

/** Canvas's password rule errors, keyed under `password`. */
export function assertPasswordAllowed(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw ValidationError.field('password', 'too_short', 'too_short');
  if (password.length > PASSWORD_MAX_LENGTH) throw ValidationError.field('password', 'too_long', 'too_long');
}

export interface UniqueIdOwner {
  /** The user who will hold the login: their own primary login (`login_id`) does not count as taken. */
  userId?: number;
  /** A login being renamed, which may keep its own unique id. */
  exceptLoginId?: number;
  /** A live login of `userId` with this unique id is theirs to reuse (connecting the same person again). */
  reuseOwnLogin?: boolean;
}

/**
 * A unique id is taken when a live login holds it or another user's primary login (`login_id`, which users
 * pulled from a hub carry without a local login) is it.
 */
export async function assertUniqueIdFree(repos: Repositories, uniqueId: string, owner: UniqueIdOwner = {}): Promise<void> {
  const [login, user] = await Promise.all([repos.logins.byLookup(lookupKey.pseudonym(uniqueId)), repos.users.byLookup(lookupKey.login(uniqueId))]);
  const ownLogin = login !== undefined && (login.id === owner.exceptLoginId || (owner.reuseOwnLogin === true && login.data.user_id === owner.userId));
  const takenByLogin = login !== undefined && !ownLogin;
  const takenByUser = user !== undefined && user.id !== owner.userId;
  if (takenByLogin || takenByUser) throw ValidationError.field('unique_id', 'ID already in use for this account and authentication provider', 'taken');
}

/** Validates and hashes, writing nothing: the caller inserts the record once everything else is checked too. */
export async function buildLogin(repos: Repositories, input: NewLogin, stamp: WriteStamp): Promise<Stored<LoginData>> {
  const uniqueId = input.unique_id.trim();
  if (uniqueId === '') throw ValidationError.field('unique_id', "can't be blank", 'blank');
  if (input.password !== undefined) assertPasswordAllowed(input.password);
  return repos.logins.build(
    {
      user_id: input.user_id,
      account_id: input.account_id,
      unique_id: uniqueId,
      sis_user_id: input.sis_user_id ?? null,
      integration_id: input.integration_id ?? null,
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      workflow_state: 'active',
    },
    stamp,
  );
}

/** A live login by unique id, case-insensitively. */
export function findLogin(repos: Repositories, uniqueId: string): Promise<Stored<LoginData> | undefined> {
  return repos.logins.byLookup(lookupKey.pseudonym(uniqueId.trim()));
}

/**
 * Gives a user a password login under `uniqueId`, or sets the password of the one they have: how a person who
 * connected this device to a hub signs in here later, offline, with the same email and password.
 */
export async function ensurePasswordLogin(repos: Repositories, input: Required<Pick<NewLogin, 'user_id' | 'account_id' | 'unique_id' | 'password'>>, stamp: WriteStamp): Promise<Stored<LoginData>> {
  const existing = await findLogin(repos, input.unique_id);
  if (existing && existing.data.user_id === input.user_id) {
    assertPasswordAllowed(input.password);
    const passwordHash = await hashPassword(input.password);
    const updated = await repos.logins.update(existing.id, stamp, (data) => ({ ...data, password_hash: passwordHash, workflow_state: 'active' }));
    return updated ?? existing;
  }
  await assertUniqueIdFree(repos, input.unique_id, { userId: input.user_id });
  const login = await buildLogin(repos, input, stamp);
  await writeTogether([repos.logins.insertion(login)]);
  return login;
}
