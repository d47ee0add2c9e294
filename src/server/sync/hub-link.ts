import { randomUUID } from 'node:crypto';
import { replicaOf, type IdAllocator } from '../domain/ids.ts';
import type { HubLinkData } from '../domain/records/local-records.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { SecretStore } from '../secret-store.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { Stored, WriteStamp } from '../storage/typed-records.ts';
import { DeviceSync } from './device-sync.ts';
import type { HubConnection } from './hub-client.ts';
import type { Outbox } from './outbox.ts';
import { PULL_COLLECTIONS } from './sync-partitions.ts';

/** The device's access token on its hub, in the host's secret store (never in the database). */
const TOKEN_SECRET = 'hub-token';
/** The link record has a fixed id: an installation syncs with one hub at a time. */
const LINK_ID = 1;

export interface HubLinkStart {
  /** OUTPOST_HUB_URL + OUTPOST_HUB_TOKEN: when set, they decide, and the UI cannot change the connection. */
  env?: HubConnection;
  secrets: SecretStore;
  isOnline?: () => boolean;
}

export interface HubLinkState {
  connected: boolean;
  url: string | null;
  userId: number | null;
  connectedAt: number | null;
  /** Set by OUTPOST_HUB_URL/OUTPOST_HUB_TOKEN rather than from the UI. */
  fromEnvironment: boolean;
}

/**
 * The running connection to a hub, startable and stoppable at runtime (`POST|DELETE /api/v1/sync/hub`) and
 * resumed at start from the stored link and token. Owns the DeviceSync while one runs.
 */
export class HubLink {
  readonly #db: OutpostDatabase;
  readonly #repos: Repositories;
  readonly #outbox: Outbox;
  readonly #ids: IdAllocator;
  #start: HubLinkStart | undefined;
  #sync: DeviceSync | undefined;
  #link: Stored<HubLinkData> | undefined;

  constructor(db: OutpostDatabase, repos: Repositories, outbox: Outbox, ids: IdAllocator) {
    this.#db = db;
    this.#repos = repos;
    this.#outbox = outbox;
    this.#ids = ids;
  }

  /** Starts sync from the environment, or from the link a person made earlier (when its token can still be read). */
  async resume(start: HubLinkStart): Promise<void> {
    this.#start = start;
    this.#link = await this.#repos.hubLink.get(LINK_ID);
    if (start.env) {
      this.#sync = this.#deviceSync(start.env);
      return;
    }
    if (!this.#link?.data.connected) return;
    const token = await start.secrets.read(TOKEN_SECRET);
    if (token !== undefined) this.#sync = this.#deviceSync({ url: this.#link.data.url, token }, this.#link.data.connection_id);
  }

  get deviceSync(): DeviceSync | undefined {
    return this.#sync;
  }

  state(): HubLinkState {
    const fromEnvironment = this.#start?.env !== undefined;
    if (fromEnvironment) return { connected: this.#sync !== undefined, url: this.#start!.env!.url, userId: null, connectedAt: null, fromEnvironment };
    const link = this.#sync ? this.#link : undefined;
    return {
      connected: link !== undefined,
      url: link?.data.url ?? null,
      userId: link?.data.user_id ?? null,
      connectedAt: link?.data.connected_at ?? null,
      fromEnvironment,
    };
  }

  /** The hub user this installation was last connected as (also after disconnecting, so they may connect again). */
  get linkedUserId(): number | undefined {
    return this.#link?.data.user_id;
  }

  /** Stores the token, then the link, then starts syncing as the hub user. */
  async connect(url: string, token: string, userId: number, stamp: WriteStamp): Promise<DeviceSync> {
    const start = this.#started();
    if (this.#sync) throw new Error('already connected to a hub');
    await start.secrets.write(TOKEN_SECRET, token);
    const data: HubLinkData = { url, user_id: userId, connected: true, connected_at: stamp.now, connection_id: randomUUID() };
    this.#link = this.#link
      ? await this.#repos.hubLink.update(LINK_ID, stamp, () => data)
      : await this.#repos.hubLink.create(data, stamp, LINK_ID);
    this.#sync = this.#deviceSync({ url, token }, data.connection_id);
    return this.#sync;
  }

  /** Stops syncing and forgets the token; the link keeps who was connected. Local data stays. */
  async disconnect(stamp: WriteStamp): Promise<void> {
    const start = this.#started();
    const sync = this.#sync;
    this.#sync = undefined;
    await sync?.stop();
    await start.secrets.remove(TOKEN_SECRET);
    if (this.#link) this.#link = await this.#repos.hubLink.update(LINK_ID, stamp, (data) => ({ ...data, connected: false }));
  }

  /**
   * After disconnecting: removes every replicated record this installation did not create (ids carry the
   * replica of the installation that made them; replica 0 holds well-known ids) and purges the tombstones, so a
   * later connection neither keeps stale copies nor pushes their removal to the hub.
   */
  async removeReplicatedData(ownReplica: number): Promise<void> {
    if (this.#sync) throw new Error('disconnect before removing the hub data');
    const keep = new Set([ownReplica, 0]);
    for (const name of PULL_COLLECTIONS) {
      const collection = this.#db.collections[name];
      const docs = await collection.find().exec();
      const foreign = docs.filter((doc) => !keep.has(replicaOf(doc.id)));
      if (foreign.length > 0) await collection.bulkRemove(foreign.map((doc) => doc.primary));
      await collection.storageInstance.cleanup(0);
    }
  }

  async stop(): Promise<void> {
    const sync = this.#sync;
    this.#sync = undefined;
    await sync?.stop();
  }

  #started(): HubLinkStart {
    if (!this.#start) throw new Error('the hub link was not resumed');
    return this.#start;
  }

  #deviceSync(hub: HubConnection, connectionId?: string): DeviceSync {
    return new DeviceSync({ db: this.#db, hub, outbox: this.#outbox, ids: this.#ids, isOnline: this.#start?.isOnline, ...(connectionId ? { connectionId } : {}) });
  }
}
