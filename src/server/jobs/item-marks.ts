import type { IdAllocator } from '../domain/ids.ts';
import { Repository, type WriteStamp } from '../domain/repository.ts';
import { currentWriteObserver, observeWrites, type ObservedWrite, type WriteObserver, type WrittenRecord } from '../domain/write-observer.ts';
import { COLLECTION_NAMES, type OutpostDatabase, type RecordCollection } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';

/** A job item's "done" mark: bookkeeping, with no course or user in its slots, so no pull carries it to a device. */
interface ItemMarkData {
  job_id: number;
  item: number;
}

const MARK_TYPE = 'job_item';
const markLookup = (jobId: number, item: number) => `job:${jobId}:item:${item}`;

/**
 * Which items of which jobs are done. A storage transaction is one write to one collection, so the mark of an
 * item is inserted with the item's own write, in the collection that write goes to: the item and its mark
 * commit together or not at all, and a resumed job skips exactly the items that were written (as the hub's
 * replay receipts do for sync entries).
 */
export class ItemMarks {
  readonly #repos: ReadonlyMap<RecordCollection, Repository<ItemMarkData>>;
  readonly #db: OutpostDatabase;

  constructor(db: OutpostDatabase, ids: IdAllocator) {
    this.#db = db;
    this.#repos = new Map(
      COLLECTION_NAMES.map((name) => [db.collections[name], new Repository<ItemMarkData>(db.collections[name], MARK_TYPE, ids, (m) => ({ lookup_key: markLookup(m.job_id, m.item) }))]),
    );
  }

  async isDone(jobId: number, item: number): Promise<boolean> {
    for (const repo of this.#repos.values()) if (await repo.byLookup(markLookup(jobId, item))) return true;
    return false;
  }

  /**
   * Runs `work`, which must make the item's change in ONE `writeTogether`: its first write carries the mark. An
   * item that turns out to write nothing is marked alone afterwards; running such an item twice changes nothing.
   */
  async apply(jobId: number, item: number, stamp: WriteStamp, work: () => Promise<void>): Promise<void> {
    const mark = new MarkWithFirstWrite(this.#repos, { job_id: jobId, item }, stamp);
    await observeWrites(mark, work);
    if (!mark.carried) await this.#repos.get(this.#db.collections.local)!.create({ job_id: jobId, item }, stamp);
  }
}

/**
 * Adds the mark to the item's first write. Any observer the job runs under (the request that started it: a
 * device's outbox recording, a hub's replay receipt) still sees the item's writes, as it did before jobs were
 * durable, so a bulk change made on a device is still recorded for its hub.
 */
class MarkWithFirstWrite implements WriteObserver {
  readonly #outer = currentWriteObserver();
  readonly #repos: ReadonlyMap<RecordCollection, Repository<ItemMarkData>>;
  readonly #data: ItemMarkData;
  readonly #stamp: WriteStamp;
  #claimed: StoredRecord<object> | undefined;
  carried = false;

  constructor(repos: ReadonlyMap<RecordCollection, Repository<ItemMarkData>>, data: ItemMarkData, stamp: WriteStamp) {
    this.#repos = repos;
    this.#data = data;
    this.#stamp = stamp;
  }

  async companions(collection: RecordCollection, writes: readonly ObservedWrite[]): Promise<StoredRecord<object>[]> {
    const outer = (await this.#outer?.companions(collection, writes)) ?? [];
    if (this.#claimed || this.carried) return outer;
    this.#claimed = await this.#repos.get(collection)!.build(this.#data, this.#stamp);
    return [...outer, this.#claimed];
  }

  committed(collection: RecordCollection, written: readonly WrittenRecord[]): void {
    if (written.some((w) => w.record === this.#claimed)) this.carried = true;
    this.#outer?.committed(
      collection,
      written.filter((w) => w.record !== this.#claimed),
    );
  }

  failed(companions: readonly StoredRecord<object>[]): void {
    this.#outer?.failed(companions.filter((c) => c !== this.#claimed));
    if (this.#claimed && companions.includes(this.#claimed)) this.#claimed = undefined;
  }
}
