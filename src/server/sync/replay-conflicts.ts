import type { IdAllocator } from '../domain/ids.ts';
import { Repository, writeTogether, type WriteStamp } from '../domain/repository.ts';
import type { RecordedWrite } from '../domain/write-observer.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { ConflictFinding, ConflictLog } from './conflict-log.ts';
import { clashingFields } from './conflict-policies.ts';
import type { EntryBase } from './outbox.ts';
import { toWire, type WireRecord } from './sync-partitions.ts';

/** A replayed entry met a record the hub changed in the same fields since the entry's base. */
export interface Clash {
  readonly base: EntryBase;
  readonly fields: string[];
  /** The hub's record before the entry runs. */
  readonly hub: WireRecord;
  /** Who made the hub's state, when (the device's time if it came by replay) and by which request, if known. */
  readonly hubWrite: { userId: number; at: number; request: RecordedWrite | null };
  /** The entry was made after the hub's state: it runs, and the hub's state is what is recorded as lost. */
  readonly entryIsLater: boolean;
}

/** The last replayed write to a record: while the record still has that state, its time is the device's. */
interface LastReplayData {
  record_key: string;
  updated_at: number;
  user_id: number;
  device_time: number;
  request: RecordedWrite;
}

/**
 * Conflict detection for replayed writes (decision 0045). Each entry carries the record it was based on and the
 * fields it changed there, before and after (sync/outbox.ts); the hub compares them with its record now. No
 * clash: the entry runs. A clash: the later write stands (the entry's device time against the time of the hub's
 * state) and the other is recorded in the conflict log with both values, who and when.
 */
export class ReplayConflicts {
  readonly #db: OutpostDatabase;
  readonly #log: ConflictLog;
  readonly #lastReplays: Repository<LastReplayData>;

  constructor(db: OutpostDatabase, log: ConflictLog, ids: IdAllocator) {
    this.#db = db;
    this.#log = log;
    this.#lastReplays = new Repository<LastReplayData>(db.collections.local, 'sync_last_replay', ids, (r) => ({ lookup_key: r.record_key }));
  }

  /** Whether the entry based on `base` clashes with the hub's record; undefined when it does not. */
  async judge(base: EntryBase | null, deviceTime: number): Promise<Clash | undefined> {
    if (!base?.change) return undefined;
    const hub = await this.#current(base);
    // A record the hub does not hold (created offline, or deleted since) is the route's to answer.
    if (!hub || (hub.key === base.key && hub.updated_at === base.updated_at)) return undefined;
    const fields = clashingFields(base.type, base.change, hub.data as Record<string, unknown>);
    if (fields.length === 0) return undefined;
    const last = await this.#lastReplays.byLookup(hub.key);
    const replayed = last?.data.updated_at === hub.updated_at ? last.data : undefined;
    const hubWrite = { userId: replayed?.user_id ?? hub.updated_by, at: replayed?.device_time ?? hub.updated_at, request: replayed?.request ?? null };
    return { base, fields, hub, hubWrite, entryIsLater: deviceTime > hubWrite.at };
  }

  /** The entry did not run: what the record would have been with its values, kept for review. */
  notApplied(clash: Clash, deviceTime: number): ConflictFinding {
    const { hub, hubWrite, fields, base } = clash;
    return {
      collection: base.collection,
      fields,
      kept: hub,
      kept_by: hubWrite.userId,
      kept_at: iso(hubWrite.at),
      lost: { ...hub, data: { ...hub.data, ...base.change!.after } },
      lost_at: iso(deviceTime),
    };
  }

  /** The entry ran over the hub's state: the state it replaced is recorded for the person who made it. */
  async replaced(clash: Clash, userId: number, deviceTime: number, stamp: WriteStamp): Promise<void> {
    const kept = await this.#current(clash.base);
    if (!kept) return;
    const finding: ConflictFinding = { collection: clash.base.collection, fields: clash.fields, kept, kept_by: userId, kept_at: iso(deviceTime), lost: clash.hub, lost_at: iso(clash.hubWrite.at) };
    await writeTogether([this.#log.records.insertion(await this.#log.build('hub', finding, clash.hubWrite.userId, clash.hubWrite.request, stamp))]);
  }

  /**
   * After an entry ran: its device time and request become those of the record's state, and conflicts its person
   * lost on that record are settled (they wrote it again).
   */
  async applied(base: EntryBase | null, userId: number, deviceTime: number, request: RecordedWrite, stamp: WriteStamp): Promise<void> {
    if (!base) return;
    const now = await this.#current(base);
    if (now) {
      const data: LastReplayData = { record_key: now.key, updated_at: now.updated_at, user_id: userId, device_time: deviceTime, request };
      const last = await this.#lastReplays.byLookup(now.key);
      if (last) await this.#lastReplays.update(last.id, stamp, () => data);
      else await this.#lastReplays.create(data, stamp);
    }
    await this.#log.settledByNewWrite(userId, now?.key ?? base.key, stamp);
  }

  /**
   * The hub's record the entry's base stands for: the one with its key or, when the hub never held that key, the
   * hub's record of the same thing (type and lookup key). A device makes records for itself outside any replayed
   * write (a list of submissions creates an unsubmitted one per student, sync/stand-ins.ts); two devices grading
   * one student offline each change their own, while the hub creates one record for the first replay and the second
   * must be compared with it, as two writes on one record are. Records a device created by an earlier entry are
   * found the same way: the replay of that entry made the hub's.
   */
  async #current(base: EntryBase): Promise<WireRecord | undefined> {
    const collection = this.#db.collections[base.collection];
    const [doc] = await collection.storageInstance.findDocumentsById([base.key], false);
    if (doc) return toWire(doc);
    if (base.lookup_key === '') return undefined;
    const same = await collection.findOne({ selector: { type: base.type, lookup_key: base.lookup_key } }).exec();
    return same ? toWire(same.toMutableJSON(true)) : undefined;
  }
}

const iso = (millis: number) => new Date(millis).toISOString();
