import type { RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import type { OutpostDatabase } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import { replicaOf, type IdAllocator } from '../domain/ids.ts';
import { HubClient, type HubConnection } from './hub-client.ts';
import { HubStream } from './hub-stream.ts';
import { OUTBOX_TYPE, type Outbox } from './outbox.ts';
import { OutboxSender } from './outbox-sender.ts';
import { dropStandIns } from './stand-ins.ts';
import { PULL_COLLECTIONS, type PullCollection, type SyncCheckpoint, type WireRecord } from './sync-partitions.ts';

export interface DeviceSyncOptions {
  db: OutpostDatabase;
  hub: HubConnection;
  /** The writes this installation's API recorded for the hub. */
  outbox: Outbox;
  /** This installation's ids: they carry its replica number, and the latest is named to the hub (decision 0062). */
  ids: IdAllocator;
  /** Seconds RxDB waits before retrying a failed pull or push (offline hub); default 5. */
  retrySeconds?: number;
  /** Whether the machine has a network (Electron's `net.isOnline`), polled; coming back online resyncs. */
  isOnline?: () => boolean;
  /** How often `isOnline` is asked; default 1 s (Electron's main process has no online event). */
  onlinePollMs?: number;
  /** Names this connection's checkpoints (see HubLinkData.connection_id); none for the environment's hub. */
  connectionId?: string;
}

/** Where replication stands, as `GET /api/v1/sync/status` reports it (without the conflict counts). */
export interface ReplicationStatus {
  state: 'offline' | 'syncing' | 'synced';
  /** Epoch ms of the last exchange with the hub that succeeded; undefined before the first. */
  lastSyncedAt: number | undefined;
  waiting: number;
}

type Replication = RxReplicationState<StoredRecord, SyncCheckpoint>;
type PullStreamItem = RxReplicationPullStreamItem<StoredRecord, SyncCheckpoint>;

/** Rows RxDB hands over per confirmation: at most as many keys as one states request takes. */
const CONFIRM_BATCH = 50;
const PULL_BATCH = 100;

/**
 * The device side of sync: one RxDB replication per replicated collection against the hub's sync area. Pulls
 * by the hub's seq checkpoints; each collection also holds the hub's event stream open, and every event there
 * makes that replication pull (RESYNC). Local changes reach the hub as the outbox's replayed writes
 * (`OutboxSender`), never as records: RxDB's push step here only confirms them (see `#confirm`).
 */
export class DeviceSync {
  readonly replications: ReadonlyMap<PullCollection, Replication>;
  readonly client: HubClient;
  /** Drive RxDB's `pull.stream$`: 'RESYNC' makes a replication pull from its checkpoint now. */
  readonly #remoteEvents = new Map<PullCollection, Subject<PullStreamItem>>();
  readonly #streams: HubStream[] = [];
  readonly #outbox: Outbox;
  readonly #db: OutpostDatabase;
  readonly #sender: OutboxSender;
  readonly #replica: number;
  readonly #stopRecorded: () => void;
  readonly #onlinePoll: NodeJS.Timeout | undefined;
  #online: boolean;
  /** Undefined until the first exchange tells; false after a failed request or a dropped stream. */
  #hubReachable: boolean | undefined;
  #lastSyncedAt: number | undefined;
  /** The outbox's pending entries as last counted (each recorded write adds one until the next count): named to the hub. */
  #waitingHint = 0;
  readonly #active = new Map<PullCollection, boolean>();

  constructor(options: DeviceSyncOptions) {
    const { ids } = options;
    this.client = new HubClient(options.hub, () => ids.latest, () => this.#waitingHint);
    this.#outbox = options.outbox;
    this.#db = options.db;
    this.#replica = ids.replica;
    this.#sender = new OutboxSender(options.outbox, this.client, options.db, ids.replica);
    // A recorded write is sent as soon as its request has finished (RxDB's own push may have run before that).
    this.#stopRecorded = options.outbox.onRecorded(() => {
      this.#waitingHint += 1;
      void this.#send().catch(() => (this.#hubReachable = false));
    });
    this.#online = options.isOnline?.() ?? true;
    const replications = new Map<PullCollection, Replication>();
    for (const name of PULL_COLLECTIONS) {
      const events = new Subject<PullStreamItem>();
      this.#remoteEvents.set(name, events);
      const replication = this.#replicate(options, name, events);
      replications.set(name, replication);
      replication.active$.subscribe((active) => {
        this.#active.set(name, active);
        // The handlers mark the hub reached before RxDB writes what they got (pulled records, the hub's state of
        // pushed ones): the time of the last sync moves on again once that is written, since screens re-read then.
        if (!active && this.#hubReachable) this.#reached();
      });
      replication.error$.subscribe(() => (this.#hubReachable = false));
      const onConnection = (connected: boolean) => (connected ? this.#reached() : (this.#hubReachable = false));
      this.#streams.push(new HubStream({ client: this.client, collection: name, onEvent: () => events.next('RESYNC'), onConnection }, this.#online));
    }
    this.replications = replications;
    const isOnline = options.isOnline;
    if (isOnline) this.#onlinePoll = setInterval(() => this.setOnline(isOnline()), options.onlinePollMs ?? 1000);
  }

  /** Pull now, e.g. when the network came back. */
  reSync(): void {
    for (const events of this.#remoteEvents.values()) events.next('RESYNC');
  }

  /**
   * The machine's network state: offline drops the hub streams (nothing reaches us anyway); back online
   * reconnects them and pulls everything, since whatever changed meanwhile sent no event we could hear.
   */
  setOnline(online: boolean): void {
    if (online === this.#online) return;
    this.#online = online;
    for (const stream of this.#streams) stream.setOnline(online);
    if (online) this.reSync();
  }

  /**
   * Offline while the machine has no network or the hub did not answer (a request failed, or the event streams
   * dropped and cannot reconnect); syncing while a replication works or local changes wait; synced otherwise.
   */
  async status(): Promise<ReplicationStatus> {
    const waiting = await this.#outbox.waiting();
    this.#waitingHint = waiting;
    const busy = [...this.#active.values()].some(Boolean) || waiting > 0 || this.#hubReachable === undefined;
    const state = !this.#online || this.#hubReachable === false ? 'offline' : busy ? 'syncing' : 'synced';
    return { state, lastSyncedAt: this.#lastSyncedAt, waiting };
  }

  /** Waits until the first pull of a collection has finished (e.g. the device's own user record arrived). */
  async awaitInitialPull(collection: PullCollection): Promise<void> {
    await this.replications.get(collection)?.awaitInitialReplication();
  }

  #reached(): void {
    // Back in contact: the event streams need not wait out their backoff, and whatever the hub changed while they
    // were down sent no event this device heard.
    if (this.#hubReachable === false) {
      for (const stream of this.#streams) stream.reconnectNow();
      this.reSync();
    }
    this.#hubReachable = true;
    this.#lastSyncedAt = Date.now();
  }

  /** Sends the outbox; what the hub made of the entries (its own records, with its ids and times) is pulled at once. */
  async #send(): Promise<void> {
    const answered = await this.#sender.flush();
    this.#waitingHint = await this.#outbox.waiting();
    this.#reached();
    if (answered > 0) this.reSync();
  }

  /** Resolves once every replication has nothing left to pull or push. */
  async awaitInSync(): Promise<void> {
    await Promise.all([...this.replications.values()].map((r) => r.awaitInSync()));
  }

  async stop(): Promise<void> {
    clearInterval(this.#onlinePoll);
    this.#stopRecorded();
    await Promise.all(this.#streams.map((stream) => stream.stop()));
    for (const events of this.#remoteEvents.values()) events.complete();
    await Promise.all([...this.replications.values()].map((r) => r.cancel()));
  }

  #replicate(options: DeviceSyncOptions, name: PullCollection, events: Subject<PullStreamItem>): Replication {
    return replicateRxCollection<StoredRecord, SyncCheckpoint>({
      collection: options.db.collections[name],
      // Checkpoints belong to one hub: pointing the device at another starts over.
      replicationIdentifier: `outpost-sync:${name}:${options.hub.url}${options.connectionId ? `:${options.connectionId}` : ''}`,
      live: true,
      retryTime: (options.retrySeconds ?? 5) * 1000,
      // One process owns the database (decision 0005): there is no other tab to elect a leader among.
      waitForLeadership: false,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH,
        handler: async (since, limit) => {
          let page = await this.client.pull(name, since, limit);
          // RxDB ends a pull at an empty page without keeping its checkpoint. A hub page that looked only at records
          // this device may not see comes back empty with its checkpoint moved on: ask again from there at once, or
          // every later pull would start from the same place and find nothing again. Each turn moves the checkpoint.
          while (page.documents.length === 0 && movedOn(since, page.checkpoint)) {
            since = page.checkpoint;
            page = await this.client.pull(name, since, limit);
          }
          this.#reached();
          await dropStandIns(this.#db, this.#outbox, this.#replica, name, page.documents.filter((doc) => !doc._deleted && replicaOf(doc.id) !== this.#replica));
          return page;
        },
        stream$: events.asObservable(),
      },
      push: { batchSize: CONFIRM_BATCH, handler: async (rows) => this.#confirm(name, rows.map((row) => row.newDocumentState)) },
    });
  }

  /**
   * RxDB's push step, which runs for every local change: the change itself travels in the outbox, so this sends
   * the outbox first (throwing while the hub is unreachable: RxDB retries, and the local state stays meanwhile),
   * then answers, as conflicts, the hub's current state of the records the hub gave this device. RxDB writes that
   * state here: an applied write comes back as the hub made it, a refused one is undone, and later pulls of those
   * records are taken again (RxDB skips pulled states of records with unconfirmed local changes). Records this
   * installation created (its own ids, and the well-known ids of replica 0) are left alone: a request's
   * placeholders are removed once its entry is settled, and records made before the connection (the local
   * admin) stay local.
   */
  async #confirm(name: PullCollection, changed: readonly StoredRecord[]): Promise<WireRecord[]> {
    // A request still running may have written these rows: its entry must be sent before they are confirmed.
    await this.#outbox.idle();
    await this.#send();
    // Replica 0 holds the well-known ids every installation creates for itself (built-in roles): local too.
    const fromHub = changed.filter((doc) => doc.type !== OUTBOX_TYPE && replicaOf(doc.id) !== this.#replica && replicaOf(doc.id) !== 0);
    return fromHub.length === 0 ? [] : this.client.states(name, fromHub.map((doc) => doc.key));
  }
}

/** The hub's answer looked further than the checkpoint it was asked from (or restarted it under another scope). */
function movedOn(since: SyncCheckpoint | undefined, next: SyncCheckpoint): boolean {
  return since?.seq !== next.seq || since.scope !== next.scope || since.sweep !== next.sweep;
}
