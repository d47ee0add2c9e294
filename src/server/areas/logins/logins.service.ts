import type { CoreServices } from '../../core-services.ts';
import { assertPasswordAllowed, assertUniqueIdFree, buildLogin } from '../../domain/auth/logins.ts';
import { hashPassword, verifyPassword } from '../../domain/auth/passwords.ts';
import { NotFoundError, ParamMissingError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { LoginData } from '../../domain/records/local-records.ts';
import { writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import type { IdResolver } from '../common/id-lookup.ts';
import type { CreateLoginParams, UpdateLoginParams } from './logins.params.ts';

type LoginChanges = UpdateLoginParams['login'];

/** Canvas's logins (pseudonyms): several per user, each with its own unique id and, optionally, a password. */
export class LoginsService {
  readonly #services: CoreServices;
  readonly #ids: IdResolver;

  constructor(services: CoreServices, ids: IdResolver) {
    this.#services = services;
    this.#ids = ids;
  }

  /** Live logins of an account, oldest first. */
  async ofAccount(rawAccountId: string): Promise<Stored<LoginData>[]> {
    const accountId = await this.#ids.accountId(rawAccountId);
    return (await this.#services.repos.logins.find({ parent_id: accountId })).filter(isLive);
  }

  async ofUser(userId: number): Promise<Stored<LoginData>[]> {
    return (await this.#services.repos.logins.find({ user_id: userId })).filter(isLive);
  }

  /** A live login of the account; 404 otherwise (also for a login of another account). */
  async inAccount(rawAccountId: string, loginId: number): Promise<Stored<LoginData>> {
    const accountId = await this.#ids.accountId(rawAccountId);
    const login = await this.#services.repos.logins.get(loginId);
    if (!login || !isLive(login) || login.data.account_id !== accountId) throw new NotFoundError();
    return login;
  }

  async create(principal: Principal, params: CreateLoginParams, stamp: WriteStamp): Promise<Stored<LoginData>> {
    const accountId = await this.#ids.accountId(params.account_id);
    if (params.user.id === undefined || params.user.id === '') throw new ParamMissingError('user[id]');
    const user = await this.#services.repos.users.get(await this.#ids.userId(params.user.id, principal));
    if (!user || user.data.workflow_state === 'deleted') throw new NotFoundError();
    const uniqueId = params.login.unique_id ?? '';
    if (uniqueId === '') throw ValidationError.field('unique_id', "can't be blank", 'blank');
    await assertUniqueIdFree(this.#services.repos, uniqueId, { userId: user.id });
    const login = await buildLogin(
      this.#services.repos,
      {
        user_id: user.id,
        account_id: accountId,
        unique_id: uniqueId,
        sis_user_id: params.login.sis_user_id ?? null,
        integration_id: params.login.integration_id ?? null,
        ...(params.login.password === undefined ? {} : { password: params.login.password }),
      },
      stamp,
    );
    await writeTogether([this.#services.repos.logins.insertion(login)]);
    return login;
  }

  /**
   * Admins change anything; people change only their own password, proving the old one. A new password ends the
   * user's other sessions. The user's primary login (`login_id` on the user) follows its login's unique id.
   */
  async update(principal: Principal, login: Stored<LoginData>, changes: LoginChanges, isAdmin: boolean, stamp: WriteStamp): Promise<Stored<LoginData>> {
    if (!isAdmin) await this.#assertOwnPasswordChange(login, changes);
    const uniqueId = changes.unique_id?.trim();
    if (uniqueId === '') throw ValidationError.field('unique_id', "can't be blank", 'blank');
    if (uniqueId !== undefined) await assertUniqueIdFree(this.#services.repos, uniqueId, { userId: login.data.user_id, exceptLoginId: login.id });
    if (changes.password !== undefined) assertPasswordAllowed(changes.password);
    const passwordHash = changes.password === undefined ? login.data.password_hash : await hashPassword(changes.password);
    const { repos } = this.#services;
    const updated = await repos.logins.update(login.id, stamp, (data) => ({
      ...data,
      unique_id: uniqueId ?? data.unique_id,
      sis_user_id: changes.sis_user_id === undefined ? data.sis_user_id : changes.sis_user_id,
      integration_id: changes.integration_id === undefined ? data.integration_id : changes.integration_id,
      workflow_state: changes.workflow_state ?? data.workflow_state,
      password_hash: passwordHash,
    }));
    if (!updated) throw new NotFoundError();
    if (uniqueId !== undefined) await this.#renamePrimary(login, uniqueId, stamp);
    if (changes.password !== undefined || changes.workflow_state === 'suspended') {
      await this.#services.sessions.revokeAllOf(login.data.user_id, stamp, principal.sessionId);
    }
    return updated;
  }

  /** Canvas refuses to delete a user's last login: they could never sign in again. */
  async remove(login: Stored<LoginData>, stamp: WriteStamp): Promise<Stored<LoginData>> {
    if ((await this.ofUser(login.data.user_id)).length < 2) throw ValidationError.field('unique_id', 'Users must have at least one login', 'login_required');
    const removed = await this.#services.repos.logins.update(login.id, stamp, (data) => ({ ...data, workflow_state: 'deleted' }));
    return removed ?? login;
  }

  async #assertOwnPasswordChange(login: Stored<LoginData>, changes: LoginChanges): Promise<void> {
    const others = [changes.unique_id, changes.sis_user_id, changes.integration_id, changes.workflow_state].some((value) => value !== undefined);
    if (others || changes.password === undefined) throw new UnauthorizedError();
    if (login.data.password_hash === null) return;
    if (changes.old_password === undefined || !(await verifyPassword(changes.old_password, login.data.password_hash))) {
      throw ValidationError.field('old_password', 'Invalid old password for the login', 'invalid');
    }
  }

  async #renamePrimary(login: Stored<LoginData>, uniqueId: string, stamp: WriteStamp): Promise<void> {
    const user = await this.#services.repos.users.get(login.data.user_id);
    if (!user || user.data.login_id.toLowerCase() !== login.data.unique_id.toLowerCase() || user.data.login_id === uniqueId) return;
    await this.#services.repos.users.update(user.id, stamp, (data) => ({ ...data, login_id: uniqueId }));
  }
}

const isLive = (login: Stored<LoginData>) => login.data.workflow_state !== 'deleted';
