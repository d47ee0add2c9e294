import type { RecordCollection } from '../storage/database.ts';
import { TypedRecords, type RecordSlots, type Stored, type WriteStamp } from '../storage/typed-records.ts';
import type { IdAllocator } from './ids.ts';

/** How one entity type fills the shared index slots, derived from its data so slots can never drift from it. */
export type SlotsOf<TData> = (data: TData, id: number) => RecordSlots;

/**
 * Records of one entity type: ids from the allocator, slots derived from the data on every write. Services use
 * these instead of raw collections, so no write can forget a slot or stamp.
 */
export class Repository<TData extends object> {
  readonly records: TypedRecords<TData>;
  readonly #ids: IdAllocator;
  readonly #slotsOf: SlotsOf<TData>;

  constructor(collection: RecordCollection, type: string, ids: IdAllocator, slotsOf: SlotsOf<TData>) {
    this.records = new TypedRecords<TData>(collection, type);
    this.#ids = ids;
    this.#slotsOf = slotsOf;
  }

  get type(): string {
    return this.records.type;
  }

  get(id: number): Promise<Stored<TData> | undefined> {
    return this.records.get(id);
  }

  getMany(ids: readonly number[]): Promise<Map<number, Stored<TData>>> {
    return this.records.getMany(ids);
  }

  byLookup(lookupKey: string): Promise<Stored<TData> | undefined> {
    return this.records.byLookup(lookupKey);
  }

  find(...args: Parameters<TypedRecords<TData>['find']>): Promise<Stored<TData>[]> {
    return this.records.find(...args);
  }

  count(...args: Parameters<TypedRecords<TData>['count']>): Promise<number> {
    return this.records.count(...args);
  }

  /** Allocates an id and builds the record without writing it, so several can be inserted in one transaction. */
  async build(data: TData, stamp: WriteStamp, id?: number): Promise<Stored<TData>> {
    const recordId = id ?? (await this.#ids.next());
    return this.records.build(recordId, this.#slotsOf(data, recordId), data, stamp);
  }

  async create(data: TData, stamp: WriteStamp, id?: number): Promise<Stored<TData>> {
    const record = await this.build(data, stamp, id);
    await this.records.insert(record);
    return record;
  }

  /** Applies a change to the data; undefined when the record does not exist. */
  update(id: number, stamp: WriteStamp, change: (current: TData) => TData): Promise<Stored<TData> | undefined> {
    return this.records.update(id, stamp, (current) => {
      const data = change(current.data);
      return { data, slots: this.#slotsOf(data, id) };
    });
  }
}
