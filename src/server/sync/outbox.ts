import type { IdAllocator } from '../domain/ids.ts';
import { Repository, writeTogether, type Stored, type WriteStamp } from '../domain/repository.ts';
import { CompanionOfFirstWrite, observeWrites, type JournaledWrite, type ObservedWrite, type WriteJournal } from '../domain/write-observer.ts';
import type { OutpostDatabase, RecordCollection } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { ConflictFinding, ConflictLog } from './conflict-log.ts';
import { changeOf, type FieldChange } from './conflict-policies.ts';
import type { IdPair, SettledIds } from './settled-ids.ts';
import { PULL_COLLECTIONS, type PullCollection } from './sync-partitions.ts';

/** The record type of outbox entries, stored beside the changes they describe (see `Outbox`). */
export const OUTBOX_TYPE = 'sync_outbox';

/** A record a replayed request created on this device: a placeholder until the hub's own record arrives. */
export interface CreatedRecord {
  collection: PullCollection;
  key: string;
  type: string;
  id: number;
  lookup_key: string;
}

/**
 * The record an entry's write was based on: its `updated_at` then, and the fields the write changed in it (before
 * and after, grouped by the type's conflict policy), so the hub can tell whether it changed the same fields since
 * without keeping any history.
 */
export interface EntryBase {
  collection: PullCollection;
  key: string;
  type: string;
  /** What the record stands for beyond its key: the hub's own record of the same thing when it never had this one. */
  lookup_key: string;
  updated_at: number;
  change: FieldChange | null;
}

/** One write the device's API performed, to be performed again on the hub as the same user. */
export interface OutboxEntryData {
  method: string;
  /** The route's path template, e.g. `/api/v1/courses/:course_id/assignments`: the hub looks the route up by it. */
  route: string;
  /** Path, query and body parameters as the device received them. */
  params: Record<string, unknown>;
  user_id: number;
  /** Epoch ms on the device's clock when it made the change. */
  device_time: number;
  /** The record the write changed first, when it changed one: what the hub checks for conflicts (decision 0045). */
  base: EntryBase | null;
  created: CreatedRecord[];
  state: 'pending' | 'refused';
  /** The hub's answer to a refused entry. */
  refusal: { status: number; message: string; refused_at: number } | null;
}

/** An entry and the collection it is stored in (beside the first change of its request). */
export interface OutboxEntry {
  readonly collection: PullCollection;
  readonly record: Stored<OutboxEntryData>;
}

/**
 * The device's durable, ordered record of the writes its API performed while connected to a hub (decision
 * 0044). Storage commits one collection per transaction, so an entry is not kept in a table of its own: it is
 * inserted together with the request's first write to a replicated collection, in the same transaction, as a
 * record of type `sync_outbox` in that collection. A change and its entry are therefore stored both or neither.
 * Record replication never carries entries (the hub's pull never holds them, the device's confirmation skips
 * them); `OutboxSender` sends them. Ids come from the installation's allocator, which only grows: id order is
 * the order the entries were recorded in.
 */
export class Outbox implements WriteJournal {
  readonly #repos: ReadonlyMap<PullCollection, Repository<OutboxEntryData>>;
  readonly #names: ReadonlyMap<RecordCollection, PullCollection>;
  readonly #recording: () => boolean;
  readonly #inFlight = new Set<Recording>();
  readonly #listeners = new Set<() => void>();
  #idle: { promise: Promise<void>; resolve: () => void } | undefined;

  readonly #conflicts: ConflictLog;
  readonly #settled: SettledIds;

  /** `recording` says whether the installation is connected to a hub now: only then are writes recorded. */
  constructor(db: OutpostDatabase, ids: IdAllocator, conflicts: ConflictLog, settled: SettledIds, recording: () => boolean) {
    this.#conflicts = conflicts;
    this.#settled = settled;
    this.#repos = new Map(PULL_COLLECTIONS.map((name) => [name, new Repository<OutboxEntryData>(db.collections[name], OUTBOX_TYPE, ids, outboxSlots)]));
    this.#names = new Map(PULL_COLLECTIONS.map((name) => [db.collections[name], name]));
    this.#recording = recording;
  }

  async around<T>(write: JournaledWrite, handler: () => Promise<T>): Promise<T> {
    if (write.localOnly || write.userId === null || !this.#recording()) return handler();
    const entry: OutboxEntryData = {
      method: write.method,
      route: write.route,
      params: { ...write.params },
      user_id: write.userId,
      // A replayed write of a device below (decision 0127) keeps the time this installation vouched for.
      device_time: write.madeAt ?? write.now,
      base: null,
      created: [],
      state: 'pending',
      refusal: null,
    };
    const recording = new Recording(this.#repos, this.#names, entry, { actorId: write.userId, requestId: write.requestId, now: write.now });
    this.#inFlight.add(recording);
    try {
      return await observeWrites(recording, handler);
    } finally {
      // The records the request created are known only now; losing this second write loses only their mapping.
      const { written, created } = recording;
      if (written && created.length > 0) await this.#repos.get(written.collection)!.update(written.record.id, recording.stamp, (data) => ({ ...data, created }));
      this.#inFlight.delete(recording);
      if (this.#inFlight.size === 0) this.#idle?.resolve();
      if (written) for (const listener of this.#listeners) listener();
    }
  }

  /** Resolves once no recorded request is running. */
  idle(): Promise<void> {
    if (this.#inFlight.size === 0) return Promise.resolve();
    if (!this.#idle) {
      const idle = Promise.withResolvers<void>();
      this.#idle = { promise: idle.promise.finally(() => (this.#idle = undefined)), resolve: idle.resolve };
    }
    return this.#idle.promise;
  }

  /** Calls `listener` after each request that recorded an entry has finished: time to send it. */
  onRecorded(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Pending entries in recording order, up to (not including) the first one whose request is still running:
   * its list of created records is not final, and what it wrote must reach the hub before anything later.
   */
  async sendable(): Promise<OutboxEntry[]> {
    const all = await this.#all({ sort_key: 'pending' });
    const running = Math.min(...[...this.#inFlight].map((r) => r.claimedId ?? Infinity));
    return all.filter((entry) => entry.record.id < running);
  }

  /** Entries waiting for the hub: what `GET /api/v1/sync/status` counts as waiting. */
  async waiting(): Promise<number> {
    let count = 0;
    for (const repo of this.#repos.values()) count += await repo.count({ sort_key: 'pending' });
    return count;
  }

  /** Entries the hub refused, for the user who made them, newest first. */
  async refused(userId: number): Promise<OutboxEntry[]> {
    return (await this.#all({ sort_key: 'refused', user_id: userId })).reverse();
  }

  /**
   * The hub applied the entry: the ids it gave the records the entry created are kept, for devices below that may
   * still name this installation's ids (decision 0127), and the entry leaves the outbox.
   */
  async settle(entry: OutboxEntry, ids: readonly IdPair[]): Promise<void> {
    await this.#settled.keep(ids, { actorId: entry.record.data.user_id, requestId: entry.record.request_id, now: Date.now() });
    await this.remove(entry);
  }

  /** The entry leaves the outbox. */
  async remove(entry: OutboxEntry): Promise<void> {
    const stored = await this.#repos.get(entry.collection)!.get(entry.record.id);
    if (stored) await writeTogether([this.#repos.get(entry.collection)!.removal(stored)]);
  }

  /**
   * The hub changed the same fields later and kept its state (decision 0045): the entry is settled, and the
   * conflict is recorded here too, with the request, so its person can review it and make the write again.
   */
  async conflicted(entry: OutboxEntry, finding: ConflictFinding, now: number): Promise<void> {
    const { method, route, params, user_id } = entry.record.data;
    const stamp = { actorId: user_id, requestId: entry.record.request_id, now };
    await writeTogether([this.#conflicts.records.insertion(await this.#conflicts.build('device', finding, user_id, { method, route, params }, stamp))]);
    await this.remove(entry);
  }

  /** The hub refused the entry: it stays, with the hub's answer, as a refused change its user is shown. */
  async refuse(entry: OutboxEntry, status: number, message: string, now: number): Promise<void> {
    const stamp = { actorId: entry.record.data.user_id, requestId: entry.record.request_id, now };
    await this.#repos.get(entry.collection)!.update(entry.record.id, stamp, (data) => ({ ...data, state: 'refused', refusal: { status, message, refused_at: now } }));
  }

  async #all(selector: { sort_key: OutboxEntryData['state']; user_id?: number }): Promise<OutboxEntry[]> {
    const found = await Promise.all([...this.#repos].map(async ([collection, repo]) => (await repo.find(selector)).map((record) => ({ collection, record }))));
    return found.flat().sort((a, b) => a.record.id - b.record.id);
  }
}

const outboxSlots = (entry: OutboxEntryData) => ({ user_id: entry.user_id, sort_key: entry.state });

/**
 * One request's writes, seen from inside `writeTogether`: its first write to a replicated collection carries the
 * entry, based on the record that write changed first, if any.
 */
class Recording extends CompanionOfFirstWrite<PullCollection> {
  readonly stamp: WriteStamp;
  readonly #repos: ReadonlyMap<PullCollection, Repository<OutboxEntryData>>;
  readonly #entry: OutboxEntryData;

  constructor(repos: ReadonlyMap<PullCollection, Repository<OutboxEntryData>>, names: ReadonlyMap<RecordCollection, PullCollection>, entry: OutboxEntryData, stamp: WriteStamp) {
    super(names);
    this.#repos = repos;
    this.#entry = entry;
    this.stamp = stamp;
  }

  /** The entry once it is stored. */
  get written(): OutboxEntry | undefined {
    const carried = this.carried;
    return carried && { collection: carried.name, record: carried.record as Stored<OutboxEntryData> };
  }

  /** Every record the request inserted: placeholders of what the hub will create. */
  get created(): CreatedRecord[] {
    return this.inserted.map(({ name, record }) => ({ collection: name, key: record.key, type: record.type, id: record.id, lookup_key: record.lookup_key }));
  }

  protected build(name: PullCollection, writes: readonly ObservedWrite[]): Promise<StoredRecord<object>> {
    const first = writes.find((w) => w.read);
    const read = first?.read;
    const base: EntryBase | null = read
      ? { collection: name, key: read.key, type: read.type, lookup_key: read.lookup_key, updated_at: read.updated_at, change: changeOf(read.type, dataOf(read), dataOf(first.record)) }
      : null;
    return this.#repos.get(name)!.build({ ...this.#entry, base }, this.stamp);
  }
}

/** A stored record's data fields (every record type's data is a JSON object). */
const dataOf = (record: StoredRecord<object>) => record.data as Record<string, unknown>;
