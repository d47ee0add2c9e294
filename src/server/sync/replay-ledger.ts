import { replicaOf, type IdAllocator } from '../domain/ids.ts';
import { Repository, writeTogether, type Stored, type WriteStamp } from '../domain/repository.ts';
import { CompanionOfFirstWrite, observeWrites, type ObservedWrite, type RecordedWrite, type WrittenRecord } from '../domain/write-observer.ts';
import { COLLECTION_NAMES, type CollectionName, type OutpostDatabase, type RecordCollection } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { ConflictFinding, ConflictLog } from './conflict-log.ts';
import type { CreatedRecord, OutboxEntryData } from './outbox.ts';
import type { IdPair, SettledIds } from './settled-ids.ts';
import { HubStateIsLater, ReplayConflicts, type Clash, type MayRead, type ShownToUser, type TargetWatch } from './replay-conflicts.ts';

/** An outbox entry as the device sends it: its id on the device is its idempotency key. */
export type SentEntry = Pick<OutboxEntryData, 'method' | 'route' | 'params' | 'user_id' | 'device_time' | 'base' | 'created'> & { id: number };

export interface ReplayResult {
  id: number;
  /** `conflict`: the hub changed the same fields later; the entry did not run and is recorded for review. */
  outcome: 'applied' | 'refused' | 'conflict';
  status: number;
  /** The hub's error message for a refused entry. */
  message: string | null;
  /** What a `conflict` outcome kept and lost, for the device to record too. */
  conflict: ConflictFinding | null;
  /** For an applied entry that created records: the ids this hub gave them (decision 0127); absent when none. */
  ids?: IdPair[];
}

const CONFLICT_MESSAGE = 'The same fields were changed on the hub later; that change stands and this one is kept for review.';

/** How the hub performs one entry as its user, and what it knows of that user and device. */
export interface EntryRun {
  /**
   * Whom the entry is performed as: the token's user for their own entries, a student of the class for a
   * delegated token (decision 0126); undefined when the hub may not act for the entry's user (refused, 401).
   */
  actor: number | undefined;
  /** The device's time of the entry where the hub can vouch for it (decision 0062), else undefined. */
  vouched(): Promise<number | undefined>;
  /** Runs the entry's route as its user: 2xx applied, 4xx refused (a 5xx throws); `madeAt` as `vouched` said. */
  perform(params: Record<string, unknown>, madeAt: number | undefined): Promise<{ status: number; message: string | null }>;
  /** A record as sync shows it to the user: what a conflict judgement may compare. */
  shown: ShownToUser;
}

/** What the hub keeps per replayed entry, so a second delivery answers the first outcome and changes nothing. */
interface ReceiptData {
  user_id: number;
  device: number;
  entry_id: number;
  outcome: ReplayResult['outcome'];
  status: number;
  message: string | null;
  conflict: ConflictFinding | null;
}

interface IdMapData {
  user_id: number;
  device: number;
  local_id: number;
  hub_id: number;
}

const RECEIPT_TYPE = 'sync_receipt';

/**
 * The hub's record of replayed outbox entries (decision 0044): exactly once per (user, device, entry id), since
 * the receipt is inserted in the same transaction as the entry's first change (see `ReplayWrites`), or alone
 * when the entry changed nothing (a refusal), and a delivery that finds one answers its outcome again without
 * performing anything. Ids the device allocated offline are mapped to the ids the hub allocated for the same
 * records, and rewritten in the parameters of later entries.
 */
export class ReplayLedger {
  readonly #db: OutpostDatabase;
  readonly #receipts: ReadonlyMap<CollectionName, Repository<ReceiptData>>;
  readonly #names: ReadonlyMap<RecordCollection, CollectionName>;
  readonly #idMap: Repository<IdMapData>;
  readonly #log: ConflictLog;
  readonly #conflicts: ReplayConflicts;
  readonly #settled: SettledIds;
  readonly #replica: number;

  constructor(db: OutpostDatabase, ids: IdAllocator, log: ConflictLog, mayRead: MayRead, settled: SettledIds) {
    this.#db = db;
    this.#settled = settled;
    this.#replica = ids.replica;
    this.#log = log;
    this.#conflicts = new ReplayConflicts(db, log, ids, mayRead);
    this.#receipts = new Map(COLLECTION_NAMES.map((name) => [name, new Repository<ReceiptData>(db.collections[name], RECEIPT_TYPE, ids, receiptSlots)]));
    // A receipt rides with a change to course data, never with the hub's own bookkeeping in `local`.
    this.#names = new Map(COLLECTION_NAMES.filter((name) => name !== 'local').map((name) => [db.collections[name], name]));
    this.#idMap = new Repository<IdMapData>(db.collections.local, 'sync_id_map', ids, (m) => ({ lookup_key: idMapLookup(m.user_id, m.device, m.local_id) }));
  }

  /**
   * One entry of the device of `userId` (the token's user), performed by `run` unless a receipt says it was. The
   * caller runs the entries of one device one at a time, in order.
   */
  async replay(userId: number, device: number, entry: SentEntry, requestId: string, run: EntryRun): Promise<ReplayResult> {
    const receipt = await this.#receipt(receiptLookup(userId, device, entry.id));
    if (receipt) return this.#withIds(userId, device, entry, resultOf(entry.id, receipt.data));
    const stamp = (): WriteStamp => ({ actorId: userId, requestId, now: Date.now() });
    const actor = run.actor;
    const own = actor !== undefined;
    const request: RecordedWrite = { method: entry.method, route: entry.route, params: own ? await this.#remapped(userId, device, entry.params) : entry.params };
    const vouched = own ? await run.vouched() : undefined;
    // The entry's one time, wherever it is compared or stored: the device's where the hub vouches for it, else now.
    const at = vouched ?? Date.now();
    // Another user's entry never reaches its route, so its base is never looked at.
    const target = this.#conflicts.watch(own ? entry.base : null, at, run.shown);
    const applied: ReceiptData = { user_id: userId, device, entry_id: entry.id, outcome: 'applied', status: 200, message: null, conflict: null };
    const writes = new ReplayWrites(this.#receipts, this.#names, applied, requestId, target);
    let outcome: { status: number; message: string | null };
    try {
      outcome = await observeWrites(writes, async () => {
        if (!own) return { status: 401, message: 'This change was made by another user than the one this device syncs as.' };
        return run.perform(request.params, vouched);
      });
    } catch (err) {
      if (err instanceof HubStateIsLater) return this.#notApplied(userId, actor!, device, entry, err.clash, at, request, stamp());
      throw err;
    }
    const data: ReceiptData = { ...applied, outcome: outcome.status < 400 ? 'applied' : 'refused', status: outcome.status, message: outcome.message };
    const carried = writes.carried;
    if (!carried) await this.#receipts.get('local')!.create(data, stamp());
    // Refused after writing part of its change: the receipt says what the device is told.
    else if (data.outcome !== 'applied') await this.#receipts.get(carried.name)!.update(carried.record.id, stamp(), () => data);
    if (data.outcome === 'applied') {
      await this.#mapIds(userId, device, entry.created, writes.inserted.map((i) => i.record), stamp());
      // Only a record this request wrote takes the entry's time and request (and settles its person's conflicts).
      const written = target.written;
      if (written && target.clash) await this.#conflicts.replaced(target.clash, written.key, actor!, at, stamp());
      if (written) await this.#conflicts.applied(written.collection, written.key, actor!, at, request, stamp());
    }
    return this.#withIds(userId, device, entry, resultOf(entry.id, data));
  }

  /** An applied entry's answer names the ids this hub gave the records it created on the device (decision 0127). */
  async #withIds(userId: number, device: number, entry: SentEntry, result: ReplayResult): Promise<ReplayResult> {
    if (result.outcome !== 'applied') return result;
    const ids: IdPair[] = [];
    for (const created of entry.created) {
      const found = replicaOf(created.id) === device ? await this.#idMap.byLookup(idMapLookup(userId, device, created.id)) : undefined;
      if (found) ids.push({ local: created.id, hub: found.data.hub_id });
    }
    return ids.length > 0 ? { ...result, ids } : result;
  }

  /** The hub's later state stands: nothing of the entry was written; its receipt and the conflict are written together. */
  async #notApplied(userId: number, actor: number, device: number, entry: SentEntry, clash: Clash, at: number, request: RecordedWrite, stamp: WriteStamp): Promise<ReplayResult> {
    const finding = this.#conflicts.notApplied(clash, at);
    const data: ReceiptData = { user_id: userId, device, entry_id: entry.id, outcome: 'conflict', status: 409, message: CONFLICT_MESSAGE, conflict: finding };
    const receipts = this.#receipts.get('local')!;
    const conflict = await this.#log.build('hub', finding, actor, request, stamp, await this.#conflicts.subjectOf(clash));
    await writeTogether([receipts.insertion(await receipts.build(data, stamp)), this.#log.records.insertion(conflict)]);
    return resultOf(entry.id, data);
  }

  async #receipt(lookup: string): Promise<Stored<ReceiptData> | undefined> {
    for (const repo of this.#receipts.values()) {
      const found = await repo.byLookup(lookup);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Numbers and numeric strings in the parameters that are ids of this device's replica (an id names the
   * installation that allocated it) and that an earlier entry mapped are replaced by the hub's id. Other values
   * of that replica pass unchanged: the route then finds no such record and answers as REST would (404). When this
   * hub is itself a device of a hub above, its own ids that the hub above has settled go on to that hub's id
   * (decision 0127): the record here was a placeholder, gone once settled.
   */
  async #remapped(userId: number, device: number, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const local = new Set<number>();
    collectIds(params, device, local);
    const mapped = new Map<number, number>();
    for (const id of local) {
      const found = await this.#idMap.byLookup(idMapLookup(userId, device, id));
      if (found) mapped.set(id, found.data.hub_id);
    }
    const ours = new Set<number>([...mapped.values()].filter((id) => replicaOf(id) === this.#replica));
    collectIds(params, this.#replica, ours);
    for (const id of ours) {
      const settled = await this.#settled.hubIdOf(id);
      if (settled === undefined) continue;
      for (const [from, to] of mapped) if (to === id) mapped.set(from, settled);
      if (!mapped.has(id)) mapped.set(id, settled);
    }
    return mapped.size === 0 ? params : (replaceIds(params, mapped) as Record<string, unknown>);
  }

  /**
   * Pairs each record the entry created on the device with the one the replay created or found here: by lookup
   * key (the one submission of an assignment and student), else by type in creation order.
   */
  async #mapIds(userId: number, device: number, onDevice: readonly CreatedRecord[], onHub: readonly StoredRecord<object>[], stamp: WriteStamp): Promise<void> {
    const unmatched = [...onHub];
    for (const created of onDevice) {
      if (replicaOf(created.id) !== device) continue;
      const twin = created.lookup_key
        ? (unmatched.find((r) => r.type === created.type && r.lookup_key === created.lookup_key) ?? (await this.#byLookup(created)))
        : unmatched.find((r) => r.type === created.type);
      if (!twin) continue;
      unmatched.splice(unmatched.indexOf(twin), 1);
      const lookup = idMapLookup(userId, device, created.id);
      if (!(await this.#idMap.byLookup(lookup))) await this.#idMap.create({ user_id: userId, device, local_id: created.id, hub_id: twin.id }, stamp);
    }
  }

  async #byLookup(created: CreatedRecord): Promise<StoredRecord<object> | undefined> {
    const doc = await this.#db.collections[created.collection].findOne({ selector: { type: created.type, lookup_key: created.lookup_key } }).exec();
    return doc ? (doc.toMutableJSON() as StoredRecord<object>) : undefined;
  }
}

/**
 * The writes of one replayed entry: the first to a replicated collection carries the receipt (same transaction),
 * the records inserted are collected for the id mapping, and a planned write of the entry's target is judged for a
 * conflict before anything of it commits (`TargetWatch`).
 */
class ReplayWrites extends CompanionOfFirstWrite<CollectionName> {
  readonly receipt: ReceiptData;
  readonly #repos: ReadonlyMap<CollectionName, Repository<ReceiptData>>;
  readonly #names: ReadonlyMap<RecordCollection, CollectionName>;
  readonly #requestId: string;
  readonly #target: TargetWatch;
  #committedAny = false;

  constructor(repos: ReadonlyMap<CollectionName, Repository<ReceiptData>>, names: ReadonlyMap<RecordCollection, CollectionName>, receipt: ReceiptData, requestId: string, target: TargetWatch) {
    super(names);
    this.#repos = repos;
    this.#names = names;
    this.receipt = receipt;
    this.#requestId = requestId;
    this.#target = target;
  }

  override async companions(collection: RecordCollection, writes: readonly ObservedWrite[]): Promise<StoredRecord<object>[]> {
    const name = this.#names.get(collection);
    await this.#target.meet(name === 'local' ? undefined : name, writes, this.#committedAny);
    return super.companions(collection, writes);
  }

  override committed(collection: RecordCollection, written: readonly WrittenRecord[]): void {
    this.#committedAny = true;
    super.committed(collection, written);
  }

  protected build(name: CollectionName): Promise<StoredRecord<object>> {
    return this.#repos.get(name)!.build(this.receipt, { actorId: this.receipt.user_id, requestId: this.#requestId, now: Date.now() });
  }
}

// Bookkeeping records name no course and no user in their slots: no pull ever carries them to a device.
const receiptSlots = (r: ReceiptData) => ({ lookup_key: receiptLookup(r.user_id, r.device, r.entry_id) });

const receiptLookup = (userId: number, device: number, entryId: number) => `receipt:${userId}:${device}:${entryId}`;
const idMapLookup = (userId: number, device: number, localId: number) => `idmap:${userId}:${device}:${localId}`;

const resultOf = (id: number, receipt: ReceiptData): ReplayResult => ({ id, outcome: receipt.outcome, status: receipt.status, message: receipt.message, conflict: receipt.conflict ?? null });

function collectIds(value: unknown, device: number, into: Set<number>): void {
  const id = idOf(value);
  if (id !== undefined && replicaOf(id) === device) into.add(id);
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) collectIds(inner, device, into);
}

function replaceIds(value: unknown, mapped: ReadonlyMap<number, number>): unknown {
  const id = idOf(value);
  const hubId = id === undefined ? undefined : mapped.get(id);
  if (hubId !== undefined) return typeof value === 'string' ? String(hubId) : hubId;
  if (Array.isArray(value)) return value.map((inner) => replaceIds(inner, mapped));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replaceIds(inner, mapped)]));
  return value;
}

function idOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
