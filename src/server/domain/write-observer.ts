import { AsyncLocalStorage } from 'node:async_hooks';
import type { RecordCollection } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';

/**
 * Watches the writes one request makes, from inside `writeTogether`: sync's bookkeeping must commit in the SAME
 * transaction as the change it describes (a device's outbox entry, a hub's replay receipt), and a storage
 * transaction is one bulkWrite to one collection. So the observer may add records to a write before it runs,
 * and hears which records were written once it has committed.
 */
export interface WriteObserver {
  /** Records to insert together with `writes` (same collection, same transaction); none most of the time. */
  companions(collection: RecordCollection, writes: readonly ObservedWrite[]): Promise<StoredRecord<object>[]>;
  /** After the commit: what was written (the companions included). */
  committed(collection: RecordCollection, written: readonly WrittenRecord[]): void;
  /** The write carrying `companions` failed: nothing of it was written, the companions may go with a later one. */
  failed(companions: readonly StoredRecord<object>[]): void;
}

/** A planned write: the new state of a record, and for an update the state it was based on. */
export interface ObservedWrite {
  readonly record: StoredRecord<object>;
  readonly read?: StoredRecord<object>;
  /** With `read`: the write deletes the record. */
  readonly deleted?: boolean;
}

export interface WrittenRecord {
  readonly record: StoredRecord<object>;
  /** True for an insertion, false for a new version of a stored record. */
  readonly inserted: boolean;
}

const observers = new AsyncLocalStorage<WriteObserver>();

/**
 * Runs `work` (a request's handler) with every write it makes reported to `observer`, and to the observer it already
 * runs under, if any: a middle tier replays a device's entry (its receipt) and records it for the tier above (its
 * outbox entry) in one request (decision 0127).
 */
export function observeWrites<T>(observer: WriteObserver, work: () => Promise<T>): Promise<T> {
  const outer = observers.getStore();
  return observers.run(outer ? new BothObservers(outer, observer) : observer, work);
}

/** Two observers of one request: both add their companions to the same transaction, neither hears of the other's. */
class BothObservers implements WriteObserver {
  readonly #outer: WriteObserver;
  readonly #inner: WriteObserver;
  readonly #ofOuter = new WeakSet<StoredRecord<object>>();
  readonly #ofInner = new WeakSet<StoredRecord<object>>();

  constructor(outer: WriteObserver, inner: WriteObserver) {
    this.#outer = outer;
    this.#inner = inner;
  }

  async companions(collection: RecordCollection, writes: readonly ObservedWrite[]): Promise<StoredRecord<object>[]> {
    const outer = await this.#outer.companions(collection, writes);
    const inner = await this.#inner.companions(collection, writes);
    for (const record of outer) this.#ofOuter.add(record);
    for (const record of inner) this.#ofInner.add(record);
    return [...outer, ...inner];
  }

  committed(collection: RecordCollection, written: readonly WrittenRecord[]): void {
    this.#outer.committed(collection, written.filter((w) => !this.#ofInner.has(w.record)));
    this.#inner.committed(collection, written.filter((w) => !this.#ofOuter.has(w.record)));
  }

  failed(companions: readonly StoredRecord<object>[]): void {
    this.#outer.failed(companions);
    this.#inner.failed(companions);
  }
}

/** The observer of the request this code runs in, if any. */
export function currentWriteObserver(): WriteObserver | undefined {
  return observers.getStore();
}

/** A write request that passed its permission rule, in plain values: what a write journal receives. */
export interface JournaledWrite {
  readonly method: string;
  /** The route's path template, e.g. `/api/v1/courses/:course_id/assignments`. */
  readonly route: string;
  /** The write concerns this installation alone (its hub connection, its sync bookkeeping). */
  readonly localOnly: boolean;
  /** Null on public routes. */
  readonly userId: number | null;
  readonly requestId: string;
  readonly now: number;
  /** When the user made the write, where a lower tier vouched for a time before `now` (`RequestContext.madeAt`). */
  readonly madeAt?: number;
  /** The merged path, query and body parameters as received (JSON values), before validation. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** A write as an installation's API received it: route template, method and parameters (JSON values). */
export interface RecordedWrite {
  readonly method: string;
  readonly route: string;
  readonly params: Record<string, unknown>;
}

/** Sees every write route's handler run: a device records them for its hub (sync/outbox.ts). */
export interface WriteJournal {
  around<T>(write: JournaledWrite, handler: () => Promise<T>): Promise<T>;
}

/**
 * An observer that inserts one record of its own (built by `build`) with the request's first write to one of the
 * collections it names, in that write's transaction, and lists the records the request inserted besides it.
 */
export abstract class CompanionOfFirstWrite<TName> implements WriteObserver {
  /** The records the request inserted (the companion excepted), with the name of their collection. */
  readonly inserted: { name: TName; record: StoredRecord<object> }[] = [];
  readonly #names: ReadonlyMap<RecordCollection, TName>;
  #claimed: StoredRecord<object> | undefined;
  #carried: { name: TName; record: StoredRecord<object> } | undefined;

  constructor(names: ReadonlyMap<RecordCollection, TName>) {
    this.#names = names;
  }

  /** The companion, once it is written, and where. */
  get carried(): { name: TName; record: StoredRecord<object> } | undefined {
    return this.#carried;
  }

  /** The companion's id once a write is carrying it, committed or not. */
  get claimedId(): number | undefined {
    return this.#claimed?.id;
  }

  protected abstract build(name: TName, writes: readonly ObservedWrite[]): Promise<StoredRecord<object>>;

  async companions(collection: RecordCollection, writes: readonly ObservedWrite[]): Promise<StoredRecord<object>[]> {
    const name = this.#names.get(collection);
    if (name === undefined || this.#claimed) return [];
    this.#claimed = await this.build(name, writes);
    return [this.#claimed];
  }

  committed(collection: RecordCollection, written: readonly WrittenRecord[]): void {
    const name = this.#names.get(collection);
    if (name === undefined) return;
    for (const { record, inserted } of written) {
      if (record === this.#claimed) this.#carried = { name, record };
      else if (inserted) this.inserted.push({ name, record });
    }
  }

  failed(companions: readonly StoredRecord<object>[]): void {
    if (this.#claimed && companions.includes(this.#claimed)) this.#claimed = undefined;
  }
}
