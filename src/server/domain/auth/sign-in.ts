import type { Stored } from '../../storage/typed-records.ts';
import type { UserData } from '../records/directory-records.ts';
import type { Repositories } from '../repositories.ts';
import { findLogin } from './logins.ts';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from './passwords.ts';

/**
 * The user a unique id and password sign in as, or undefined. Every failure takes the same path and time (an
 * unknown login, a suspended one, one without a password, a wrong password), so the answer tells nothing about
 * which logins exist. A hash made with older parameters is replaced once the password is known to be right.
 */
export async function passwordSignIn(repos: Repositories, uniqueId: string, password: string, now: number): Promise<Stored<UserData> | undefined> {
  const login = await findLogin(repos, uniqueId);
  const hash = login?.data.workflow_state === 'active' ? login.data.password_hash : null;
  if (!login || hash === null) return verifyAgainstDecoy(password).then(() => undefined);
  if (!(await verifyPassword(password, hash))) return undefined;
  const user = await repos.users.get(login.data.user_id);
  if (!user || user.data.workflow_state === 'deleted') return undefined;
  if (needsRehash(hash)) {
    const rehashed = await hashPassword(password);
    await repos.logins.update(login.id, { actorId: user.id, requestId: 'sign-in', now }, (data) => ({ ...data, password_hash: rehashed }));
  }
  return user;
}
