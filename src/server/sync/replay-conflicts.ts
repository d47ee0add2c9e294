import { isDeepStrictEqual } from 'node:util';
import type { IdAllocator } from '../domain/ids.ts';
import { Repository, writeTogether, type WriteStamp } from '../domain/repository.ts';
import type { ObservedWrite, RecordedWrite } from '../domain/write-observer.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { ConflictFinding, ConflictLog } from './conflict-log.ts';
import { changeOf, clashingFields, type FieldChange } from './conflict-policies.ts';
import type { EntryBase } from './outbox.ts';
import { toWire, type PullCollection, type WireRecord } from './sync-partitions.ts';

/**
 * A replayed entry's write met a record the hub changed in the same fields since the entry's base. Both states are
 * what the hub observed: the record as the route read it and as the route was about to write it.
 */
export interface Clash {
  readonly collection: PullCollection;
  readonly fields: string[];
  /** The hub's record as the replayed route read it, before its write. */
  readonly hub: WireRecord;
  /** The record as the replayed route was about to write it. */
  readonly entry: WireRecord;
  /** Who made the hub's state, when (bounded, see `stateTime`) and by which request, if known. */
  readonly hubWrite: { userId: number; at: number; request: RecordedWrite | null };
  /** The entry was made after the hub's state: it runs, and the hub's state is what is recorded as lost. */
  readonly entryIsLater: boolean;
}

/**
 * Thrown from inside the replayed request, before its first write commits, when the hub's state of the record it is
 * about to write is later than the entry: nothing of the request is written (the ledger answers `conflict`).
 */
export class HubStateIsLater extends Error {
  readonly clash: Clash;

  constructor(clash: Clash) {
    super('The hub changed the same fields later.');
    this.clash = clash;
  }
}

/** A record as sync shows it to the token's user (redacted, or a tombstone): `SyncServices.asPulled`. */
export type ShownToUser = (collection: PullCollection, record: WireRecord) => Promise<WireRecord>;

/** Whether `userId` may read the record, as sync would show it to them (not a tombstone). */
export type MayRead = (userId: number, collection: PullCollection, record: WireRecord) => Promise<boolean>;

/** The last replayed write to a record: while the record still has that state, its time is the entry's. */
interface LastReplayData {
  record_key: string;
  updated_at: number;
  user_id: number;
  /** The entry's time as the hub bounded it (decision 0062), never a bare device clock. */
  device_time: number;
  request: RecordedWrite;
}

/**
 * Conflict detection for replayed writes (decisions 0045, 0094). The judgement is made inside the replayed request,
 * where its route (as the token's user, past its validation and permission rule) is about to write the record the
 * entry's base names: a route that refuses, or writes other records, never meets it, so the base is read against
 * nothing and its answer is the route's. There the hub compares, in the groups that write changes and the fields the
 * user may see, the entry's `before` with the state the route read. A clash: the later write stands (the entry's
 * vouched time against the time of the hub's state) and the other is recorded with both observed states.
 */
export class ReplayConflicts {
  readonly #db: OutpostDatabase;
  readonly #log: ConflictLog;
  readonly #lastReplays: Repository<LastReplayData>;
  readonly #mayRead: MayRead;

  constructor(db: OutpostDatabase, log: ConflictLog, ids: IdAllocator, mayRead: MayRead) {
    this.#db = db;
    this.#log = log;
    this.#mayRead = mayRead;
    this.#lastReplays = new Repository<LastReplayData>(db.collections.local, 'sync_last_replay', ids, (r) => ({ lookup_key: r.record_key }));
  }

  /** A watch for the entry's target among the replayed request's writes; `at` is the entry's (bounded) time. */
  watch(base: EntryBase | null, at: number, shown: ShownToUser): TargetWatch {
    return new TargetWatch(base, (target, write) => this.#judge(target, write, at, shown));
  }

  /** The entry did not run: the record as the hub holds it and as the route would have written it. */
  notApplied(clash: Clash, at: number): ConflictFinding {
    const { hub, hubWrite, fields, entry, collection } = clash;
    return { collection, fields, kept: hub, kept_by: hubWrite.userId, kept_at: iso(hubWrite.at), lost: entry, lost_at: iso(at) };
  }

  /** The entry ran over the hub's state: the state it replaced is recorded for the person who made it. */
  async replaced(clash: Clash, key: string, userId: number, at: number, stamp: WriteStamp): Promise<void> {
    const kept = await this.#stored(clash.collection, key);
    if (!kept) return;
    const finding: ConflictFinding = { collection: clash.collection, fields: clash.fields, kept, kept_by: userId, kept_at: iso(at), lost: clash.hub, lost_at: iso(clash.hubWrite.at) };
    const record = await this.#log.build('hub', finding, clash.hubWrite.userId, clash.hubWrite.request, stamp, await this.subjectOf(clash));
    await writeTogether([this.#log.records.insertion(record)]);
  }

  /**
   * Whom a conflict about the clashing record concerns besides the person whose write lost: the record's own user
   * (a student, about their submission) when they may read the record, else nobody. A teacher's note about a student
   * is no conflict of the student's.
   */
  async subjectOf(clash: Clash): Promise<number> {
    const owner = clash.hub.user_id;
    return owner !== 0 && (await this.#mayRead(owner, clash.collection, clash.hub)) ? owner : 0;
  }

  /**
   * After an entry wrote its target `key`: the entry's time and request become those of the record's state, and
   * conflicts its person lost on that record are settled (they wrote it again). Only a record the request wrote.
   */
  async applied(collection: PullCollection, key: string, userId: number, at: number, request: RecordedWrite, stamp: WriteStamp): Promise<void> {
    const now = await this.#stored(collection, key);
    if (now) {
      const data: LastReplayData = { record_key: now.key, updated_at: now.updated_at, user_id: userId, device_time: at, request };
      const last = await this.#lastReplays.byLookup(now.key);
      if (last) await this.#lastReplays.update(last.id, stamp, () => data);
      else await this.#lastReplays.create(data, stamp);
    }
    await this.#log.settledByNewWrite(userId, key, stamp);
  }

  /** Whether the route's write of the target clashes with the hub's state it read; undefined when it does not. */
  async #judge(base: EntryBase, write: TargetWrite, at: number, shown: ShownToUser): Promise<Clash | undefined> {
    const { read, record, deleted, collection } = write;
    // A record the hub does not hold yet (created offline, or a stand-in the hub never had): the route creates it.
    if (!base.change || !read || (read.key === base.key && read.updated_at === base.updated_at)) return undefined;
    const hub = wire(read, false);
    const change = await this.#comparable(base.change, collection, hub, wire(record, deleted), shown);
    const fields = change ? clashingFields(hub.type, change, hub.data) : [];
    if (fields.length === 0) return undefined;
    const hubWrite = await this.#stateWrite(hub);
    return { collection, fields, hub, entry: wire(record, deleted), hubWrite, entryIsLater: at > hubWrite.at };
  }

  /**
   * The part of the device's claimed change the hub may compare: the groups this very write changes (a device cannot
   * name fields its request does not write), and of those the fields the user sees in the hub's record (a student's
   * own submission does not tell them its unposted score by answering conflict or not).
   */
  async #comparable(claimed: FieldChange, collection: PullCollection, hub: WireRecord, planned: WireRecord, shown: ShownToUser): Promise<FieldChange | undefined> {
    const written = changeOf(hub.type, hub.data, planned.data);
    if (!written) return undefined;
    const visible = await shown(collection, hub);
    if (visible._deleted) return undefined;
    const seen = Object.keys(written.before).filter((field) => isDeepStrictEqual(visible.data[field], hub.data[field]));
    const pick = (values: Record<string, unknown>) => Object.fromEntries(seen.filter((field) => Object.hasOwn(values, field)).map((field) => [field, values[field]]));
    return { before: pick(claimed.before), after: pick(claimed.after) };
  }

  /**
   * Who made the record's current state and when: the replayed entry that made it, if it still stands, else the
   * record's own stamp. A state is never later than the hub stored it, whatever time an entry claimed (records kept
   * before times were bounded may carry any device clock), nor made by anyone but the record's last writer.
   */
  async #stateWrite(hub: WireRecord): Promise<Clash['hubWrite']> {
    const last = await this.#lastReplays.byLookup(hub.key);
    // A replay that made the state stamped it with its own user; one kept for a record it did not write (before
    // decision 0094) names someone else and is not the state's.
    const replayed = last?.data.updated_at === hub.updated_at && last.data.user_id === hub.updated_by ? last.data : undefined;
    if (!replayed) return { userId: hub.updated_by, at: hub.updated_at, request: null };
    return { userId: replayed.user_id, at: Math.min(replayed.device_time, hub.updated_at), request: replayed.request };
  }

  async #stored(collection: PullCollection, key: string): Promise<WireRecord | undefined> {
    const [doc] = await this.#db.collections[collection].storageInstance.findDocumentsById([key], false);
    return doc ? toWire(doc) : undefined;
  }
}

/** A planned write of the entry's target, in the collection the base names. */
interface TargetWrite extends ObservedWrite {
  readonly collection: PullCollection;
}

/**
 * Watches one replayed request's writes for the entry's target: the record its base names, by key or — a stand-in
 * on the device, decision 0074 — the hub's record of the same type and lookup key. Only the first write of it is
 * judged, when it is planned (before it commits).
 */
export class TargetWatch {
  readonly #base: EntryBase | null;
  readonly #judge: (base: EntryBase, write: TargetWrite) => Promise<Clash | undefined>;
  /** The target's key on the hub, once the request planned a write of it. */
  #written: { collection: PullCollection; key: string } | undefined;
  #clash: Clash | undefined;

  constructor(base: EntryBase | null, judge: (base: EntryBase, write: TargetWrite) => Promise<Clash | undefined>) {
    this.#base = base;
    this.#judge = judge;
  }

  /** The target the request wrote, if it did. */
  get written(): { collection: PullCollection; key: string } | undefined {
    return this.#written;
  }

  /** A clash the entry's write won (or could no longer lose, see `meet`): the hub's state is recorded as lost. */
  get clash(): Clash | undefined {
    return this.#clash;
  }

  /**
   * A write the request is about to make to `collection`. Throws `HubStateIsLater` when it writes the target over a
   * later state of the hub and nothing of the request has committed yet. When something has (the target is not the
   * request's first write), the request cannot be undone half way: its write stands and the hub's state is recorded
   * as the one that did not, as when the entry is later.
   */
  async meet(collection: PullCollection | undefined, writes: readonly ObservedWrite[], committedBefore: boolean): Promise<void> {
    const base = this.#base;
    if (!base || this.#written || collection !== base.collection) return;
    const write = writes.find(({ record }) => record.key === base.key || (base.lookup_key !== '' && record.type === base.type && record.lookup_key === base.lookup_key));
    if (!write) return;
    this.#written = { collection, key: write.record.key };
    const clash = await this.#judge(base, { ...write, collection });
    if (clash && !clash.entryIsLater && !committedBefore) throw new HubStateIsLater(clash);
    this.#clash = clash;
  }
}

const wire = (record: StoredRecord<object>, deleted: boolean | undefined): WireRecord => ({ ...(record as StoredRecord), _deleted: deleted === true });

const iso = (millis: number) => new Date(millis).toISOString();
