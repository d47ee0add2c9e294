import type { RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import type { OutpostDatabase } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { ConflictLog } from './conflict-log.ts';
import { HubClient, type HubConnection } from './hub-client.ts';
import { isPushCollection, PULL_COLLECTIONS, toWire, type PullCollection, type PushCollection, type SyncCheckpoint, type WireRecord } from './sync-partitions.ts';

export interface DeviceSyncOptions {
  db: OutpostDatabase;
  hub: HubConnection;
  conflicts: ConflictLog;
  /** Seconds RxDB waits before retrying a failed pull or push (offline hub); default 5. */
  retrySeconds?: number;
}

type Replication = RxReplicationState<StoredRecord, SyncCheckpoint>;
type PullStreamItem = RxReplicationPullStreamItem<StoredRecord, SyncCheckpoint>;

/** Rows per push request: a file's contents travel inside its record, so keep requests well under the hub's limit. */
const PUSH_BATCH = 20;
const PULL_BATCH = 100;

/**
 * The device side of sync: one RxDB replication per replicated collection against the hub's sync area. Pulls
 * by the hub's seq checkpoints, pushes with RxDB's assumed master states, and records on this device every
 * conflict the hub reports, so the state the device gave up is never lost without a trace.
 */
export class DeviceSync {
  readonly replications: ReadonlyMap<PullCollection, Replication>;
  readonly client: HubClient;
  /** Drives RxDB's `pull.stream$`: 'RESYNC' makes every replication pull from its checkpoint now. */
  readonly #remoteEvents = new Subject<PullStreamItem>();
  readonly #conflicts: ConflictLog;

  constructor(options: DeviceSyncOptions) {
    this.client = new HubClient(options.hub);
    this.#conflicts = options.conflicts;
    const replications = new Map<PullCollection, Replication>();
    for (const name of PULL_COLLECTIONS) replications.set(name, this.#replicate(options, name));
    this.replications = replications;
  }

  /** Pull now, e.g. when the network came back or the hub said something changed. */
  reSync(): void {
    this.#remoteEvents.next('RESYNC');
  }

  /** Resolves once every replication has nothing left to pull or push. */
  async awaitInSync(): Promise<void> {
    await Promise.all([...this.replications.values()].map((r) => r.awaitInSync()));
  }

  async stop(): Promise<void> {
    this.#remoteEvents.complete();
    await Promise.all([...this.replications.values()].map((r) => r.cancel()));
  }

  #replicate(options: DeviceSyncOptions, name: PullCollection): Replication {
    return replicateRxCollection<StoredRecord, SyncCheckpoint>({
      collection: options.db.collections[name],
      // Checkpoints belong to one hub: pointing the device at another starts over.
      replicationIdentifier: `outpost-sync:${name}:${options.hub.url}`,
      live: true,
      retryTime: (options.retrySeconds ?? 5) * 1000,
      // One process owns the database (decision 0005): there is no other tab to elect a leader among.
      waitForLeadership: false,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH,
        handler: async (since, limit) => this.client.pull(name, since, limit),
        stream$: this.#remoteEvents.asObservable(),
      },
      push: isPushCollection(name)
        ? { batchSize: PUSH_BATCH, handler: async (rows) => this.#push(name, rows as PushRows) }
        : undefined,
    });
  }

  async #push(name: PushCollection, rows: PushRows): Promise<WireRecord[]> {
    const wire = rows.map((row) => ({
      assumedMasterState: row.assumedMasterState ? toWire(row.assumedMasterState) : undefined,
      newDocumentState: toWire(row.newDocumentState),
    }));
    const answer = await this.client.push(name, wire);
    const now = Date.now();
    for (const note of answer.notes) {
      const pushed = wire.find((row) => row.newDocumentState.key === note.key)?.newDocumentState;
      if (!pushed) continue;
      const kept = answer.conflicts.find((doc) => doc.key === note.key) ?? null;
      await this.#conflicts.record({ side: 'device', collection: name, outcome: note.outcome, fields: note.fields, kept, pushed, userId: answer.user_id }, now, 'sync-push');
    }
    return answer.conflicts;
  }
}

type PushRows = readonly { assumedMasterState?: WireRecord; newDocumentState: WireRecord }[];
