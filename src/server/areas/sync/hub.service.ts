import { hostname } from 'node:os';
import type { CoreServices } from '../../core-services.ts';
import { setupNeeded } from '../../domain/auth/first-run.ts';
import { assertUniqueIdFree, ensurePasswordLogin } from '../../domain/auth/logins.ts';
import { ConflictError, InvalidError, RefusedError } from '../../domain/errors.ts';
import { replicaOf } from '../../domain/ids.ts';
import type { Principal } from '../../domain/principal.ts';
import type { WriteStamp } from '../../domain/repository.ts';
import { HubSignInError, obtainDeviceToken } from '../../sync/hub-sign-in.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import type { ConnectHubParams } from './hub.params.ts';

/** How long connecting waits for the person's own record to arrive from the hub before giving up. */
const FIRST_PULL_TIMEOUT_MS = 60_000;

/**
 * Connecting this installation to a hub from the UI (docs/decisions/0020): sign in on the hub, trade that for a
 * device token, sync as that hub user, and give them a local password login so they can sign in here offline.
 */
export class HubConnectionService {
  readonly #services: CoreServices;
  /** Connecting and disconnecting take turns: two forms submitted at once must not start two replications. */
  readonly #queue = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** While first-run setup is open anyone may connect; afterwards an admin, or the person this device synced as. */
  async mayConnect(principal: Principal | null): Promise<boolean> {
    const { repos, installation, access, sync } = this.#services;
    if (await setupNeeded(repos, installation.admin_user_id)) return true;
    if (!principal) return false;
    if (principal.userId === sync.hub.linkedUserId) return true;
    return access.can(principal, 'manage_account_settings', { type: 'account', accountId: installation.root_account_id });
  }

  /** Who may disconnect: an admin, or the connected person. */
  mayDisconnect(principal: Principal): Promise<boolean> {
    return isHubPersonOrAdmin(this.#services, principal);
  }

  /** Connects and returns the hub user's id, who now exists here with a password login. */
  connect(params: ConnectHubParams, stamp: WriteStamp): Promise<number> {
    return this.#queue.run('hub', () => this.#connect(params, stamp));
  }

  /** See `#disconnect`. */
  disconnect(removeData: boolean, stamp: WriteStamp): Promise<void> {
    return this.#queue.run('hub', () => this.#disconnect(removeData, stamp));
  }

  async #connect(params: ConnectHubParams, stamp: WriteStamp): Promise<number> {
    const { hub } = this.#services.sync;
    const state = hub.state();
    if (state.fromEnvironment) throw new ConflictError('This installation syncs with the hub set by OUTPOST_HUB_URL; unset it to connect from here.');
    if (state.connected) throw new ConflictError(`This installation is already connected to ${state.url}; disconnect first.`);
    const url = hubUrlOf(params.hub_url);
    const { repos } = this.#services;
    const credential = await obtainDeviceToken(url, params.unique_id, params.password, `Outpost on ${hostname()}`, (userId) =>
      // Refused before a token is made: someone else here already signs in with that email.
      assertUniqueIdFree(repos, params.unique_id, { userId, reuseOwnLogin: true }),
    ).catch(hubFailure);
    const sync = await hub.connect(url, credential.token, credential.userId, stamp);
    const user = await withTimeout(sync.awaitInitialPull('directory'), FIRST_PULL_TIMEOUT_MS).then(() => repos.users.get(credential.userId));
    if (!user) {
      await hub.disconnect(stamp);
      throw new InvalidError(`The hub at ${url} did not send this account's record in time; try connecting again.`);
    }
    await ensurePasswordLogin(repos, { user_id: user.id, account_id: user.data.root_account_id, unique_id: params.unique_id, password: params.password }, { ...stamp, actorId: user.id });
    // With OUTPOST_CLASSROOM_HUB=1 the class is shared as soon as there is a connection (decision 0124).
    void this.#services.classroom.nudge();
    return user.id;
  }

  /**
   * Stops syncing and forgets the token. With `removeData`, what came from the hub goes too: every replicated
   * record this installation did not create (ids carry their installation's replica), and the hub person's login
   * and sessions. Tombstones are purged, so a later connection does not push the removal to the hub.
   */
  async #disconnect(removeData: boolean, stamp: WriteStamp): Promise<void> {
    const { hub } = this.#services.sync;
    if (hub.state().fromEnvironment) throw new ConflictError('This installation syncs with the hub set by OUTPOST_HUB_URL; unset it to disconnect.');
    const userId = hub.linkedUserId;
    await hub.disconnect(stamp);
    if (!removeData) return;
    const { repos } = this.#services;
    // The root account was created here, so its id carries this installation's replica.
    await hub.removeReplicatedData(replicaOf(this.#services.installation.root_account_id));
    if (userId === undefined) return;
    for (const login of await repos.logins.find({ user_id: userId })) await repos.logins.update(login.id, stamp, (data) => ({ ...data, workflow_state: 'deleted' }));
    await this.#services.sessions.revokeAllOf(userId, stamp);
  }
}

/** The person this installation is connected to a hub as, or an admin of the root account. */
export async function isHubPersonOrAdmin(services: CoreServices, principal: Principal): Promise<boolean> {
  const { installation, access, sync } = services;
  return principal.userId === sync.hub.linkedUserId || access.can(principal, 'manage_account_settings', { type: 'account', accountId: installation.root_account_id });
}

/** Only http(s) URLs with a host and no credentials in them; the hub is its origin (its API paths are absolute). */
function hubUrlOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidError(`"${raw}" is not a hub address; enter it as http://host:port or https://host.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) {
    throw new InvalidError(`"${raw}" is not a hub address; enter it as http://host:port or https://host.`);
  }
  return url.origin;
}

/** A refused password is 401, an unreachable or foreign server 400; the hub's throttling is left to the route (429). */
function hubFailure(err: unknown): never {
  if (!(err instanceof HubSignInError) || err.kind === 'throttled') throw err;
  if (err.kind === 'refused') throw new RefusedError(err.message);
  throw new InvalidError(err.message);
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
