import { normalizeMangoQuery, prepareQuery, type PreparedQuery, type MangoQuerySelector, type MangoQuerySortPart, type RxDocumentData } from 'rxdb';
import type { RecordCollection } from './database.ts';
import type { StoredRecord } from './record-schema.ts';
import { inAsRanges, SQLiteStorageInstance } from './sqlite/index.ts';

/** The index slots a record of a given type fills; everything else lives in `data`. */
export interface RecordSlots {
  course_id?: number;
  user_id?: number;
  parent_id?: number;
  sort_key?: string;
  lookup_key?: string;
}

/** Who is writing and in which request: stamped on every record for sync and webhooks. */
export interface WriteStamp {
  /** The user the change is made as: the author, grader or owner the domain records. */
  actorId: number;
  /**
   * The user who really made it, when the request acted as `actorId` (`as_user_id`); absent otherwise. The
   * record's `updated_by` names this user, so who changed a record is always the person who sent the request.
   */
  changedBy?: number;
  requestId: string;
  now: number;
}

/** The user a record's `updated_by` names for a write. */
export function changedByOf(stamp: WriteStamp): number {
  return stamp.changedBy ?? stamp.actorId;
}

export type Stored<TData extends object> = StoredRecord<TData>;
type SlotSelector = MangoQuerySelector<StoredRecord>;
type SlotSort = MangoQuerySortPart<StoredRecord>[];

/** A page of a `find`, applied in the storage. */
export interface ReadPage {
  skip?: number;
  limit?: number;
}

/**
 * A stored row as the record it holds: the envelope's fields without RxDB's own (`_rev`, `_meta`, `_deleted`,
 * `_attachments`). Picked by name rather than by deleting keys, so the result keeps one fixed shape.
 */
export function recordOf<TData extends object>(doc: RxDocumentData<StoredRecord<TData>>): Stored<TData> {
  return {
    key: doc.key, type: doc.type, id: doc.id, course_id: doc.course_id, user_id: doc.user_id, parent_id: doc.parent_id,
    sort_key: doc.sort_key, lookup_key: doc.lookup_key, created_at: doc.created_at, updated_at: doc.updated_at,
    updated_by: doc.updated_by, request_id: doc.request_id, data: doc.data,
  };
}

/**
 * Typed access to the records of one entity type inside a shared collection. Validation of `data` is the
 * domain's job (it happens before anything is written); this class only maps types onto the shared slots.
 */
export class TypedRecords<TData extends object> {
  readonly type: string;
  readonly collection: RecordCollection;

  constructor(collection: RecordCollection, type: string) {
    this.collection = collection;
    this.type = type;
  }

  key(id: number): string {
    return `${this.type}:${id}`;
  }

  async get(id: number): Promise<Stored<TData> | undefined> {
    return (await this.getMany([id])).get(id);
  }

  async getMany(ids: readonly number[]): Promise<Map<number, Stored<TData>>> {
    const byId = new Map<number, Stored<TData>>();
    if (ids.length === 0) return byId;
    const docs = await this.collection.storageInstance.findDocumentsById([...new Set(ids)].map((id) => this.key(id)), false);
    const found = new Map(docs.map((doc) => [doc.key, doc as RxDocumentData<Stored<TData>>]));
    // Keyed as asked: an id that came in as a numeric string still finds its record.
    for (const id of ids) {
      const doc = found.get(this.key(id));
      if (doc) byId.set(id, recordOf(doc));
    }
    return byId;
  }

  async byLookup(lookupKey: string): Promise<Stored<TData> | undefined> {
    const [record] = await this.find({ lookup_key: lookupKey }, undefined, { limit: 1 });
    return record;
  }

  /**
   * Records of this type matching the slot selector, in `sort` order (id ascending by default, like Canvas), paged
   * in the storage. Straight from the storage with the index plan RxDB makes: its rows become the records as they
   * are, without RxDB's document layer (query and document caches, and the deep clone `toMutableJSON` makes of every
   * document), which cost more than reading the rows themselves. Nothing is shared, so callers may change what they get.
   * An `$in` on the slot the plan ranges over (course ids, topic ids, ...) reads one index range per value
   * (`inAsRanges`) instead of everything between its smallest and largest value.
   */
  async find(selector: SlotSelector = {}, sort: SlotSort = [{ id: 'asc' }], page: ReadPage = {}): Promise<Stored<TData>[]> {
    const schema = this.collection.schema.jsonSchema;
    const { skip, limit } = page;
    const query = normalizeMangoQuery(schema, { selector: { ...selector, type: this.type }, sort, ...(skip ? { skip } : {}), ...(limit !== undefined ? { limit } : {}) });
    // What RxDB's own queries add: deleted rows (tombstones kept for sync) are never results.
    query.selector = { ...query.selector, _deleted: { $eq: false } };
    const documents = await this.#run(prepareQuery(schema, query));
    return documents.map((doc) => recordOf(doc as RxDocumentData<Stored<TData>>));
  }

  /** An `$in` the plan ranges over is split in our storage's own call (one call for all ranges); else RxDB's plan runs. */
  async #run(prepared: PreparedQuery<StoredRecord>): Promise<RxDocumentData<StoredRecord>[]> {
    const storage = this.collection.storageInstance;
    const ours = storage.originalStorageInstance;
    if (ours instanceof SQLiteStorageInstance) {
      const ranges = inAsRanges(this.collection.schema.jsonSchema, prepared);
      if (ranges) return ranges.values.length === 0 ? [] : ours.queryValueRanges(prepared, ranges);
    }
    return (await storage.query(prepared)).documents;
  }

  async count(selector: SlotSelector = {}): Promise<number> {
    return this.collection.count({ selector: { ...selector, type: this.type } }).exec();
  }

  /** Builds a new record; nothing is written here (the domain inserts records with an all-or-nothing bulkWrite). */
  build(id: number, slots: RecordSlots, data: TData, stamp: WriteStamp): Stored<TData> {
    return {
      key: this.key(id),
      type: this.type,
      id,
      course_id: slots.course_id ?? 0,
      user_id: slots.user_id ?? 0,
      parent_id: slots.parent_id ?? 0,
      sort_key: slots.sort_key ?? '',
      lookup_key: slots.lookup_key ?? '',
      created_at: stamp.now,
      updated_at: stamp.now,
      updated_by: changedByOf(stamp),
      request_id: stamp.requestId,
      data,
    };
  }
}
