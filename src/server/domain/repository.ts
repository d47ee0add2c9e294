import { isDeepStrictEqual } from 'node:util';
import type { BulkWriteRow } from 'rxdb';
import type { RecordCollection } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import { CourseRecordsMemory } from '../storage/course-records-memory.ts';
import { DataFieldIndex } from '../storage/data-field-index.ts';
import { ALL_OR_NOTHING_CONTEXT } from '../storage/sqlite/index.ts';
import { changedByOf, recordOf, TypedRecords, type ReadPage, type RecordSlots, type Stored, type WriteStamp } from '../storage/typed-records.ts';

/**
 * A stored record of one entity type (its envelope: id, slots, stamps, `data`) and who writes it when: the types
 * areas work with, named here so that no area depends on the storage layer.
 */
export type { ReadPage, Stored, WriteStamp };
import { ConflictError } from './errors.ts';
import { withPublicationMark } from './publication-marker.ts';
import type { IdAllocator } from './ids.ts';
import { currentWriteObserver } from './write-observer.ts';

/** How one entity type fills the shared index slots, derived from its data so slots can never drift from it. */
export type SlotsOf<TData> = (data: TData, id: number) => RecordSlots;

/**
 * Records of one entity type: ids from the allocator, slots derived from the data on every write. Services use
 * these instead of raw collections, so no write can forget a slot or stamp; the collection itself stays inside,
 * so every insert goes through `writeTogether` (all or nothing) and no area depends on the storage.
 */
export class Repository<TData extends object> {
  readonly #records: TypedRecords<TData>;
  readonly #ids: IdAllocator;
  readonly #slotsOf: SlotsOf<TData>;
  readonly #byCourse: CourseRecordsMemory<TData> | undefined;
  readonly #byField: ReadonlyMap<string, DataFieldIndex<TData>>;
  readonly #published: ((data: TData) => boolean) | undefined;

  /**
   * `keepCourses`: a course's records stay in memory once a read spans several of its users (CourseRecordsMemory).
   * `indexedFields`: fields of the data that `idsWhere` finds records by, from memory (DataFieldIndex).
   * `published`: for a type whose readers see only published copies, which are; its records carry the mark of a
   * draft never published (`publication-marker.ts`), which tells the sync pull whether a device may hold a copy.
   */
  constructor(
    collection: RecordCollection,
    type: string,
    ids: IdAllocator,
    slotsOf: SlotsOf<TData>,
    keepCourses = false,
    indexedFields: readonly string[] = [],
    published?: (data: TData) => boolean,
  ) {
    this.#records = new TypedRecords<TData>(collection, type);
    this.#ids = ids;
    this.#slotsOf = slotsOf;
    this.#byCourse = keepCourses ? new CourseRecordsMemory(this.#records) : undefined;
    this.#byField = new Map(indexedFields.map((field) => [field, new DataFieldIndex(this.#records, field)]));
    this.#published = published;
  }

  get type(): string {
    return this.#records.type;
  }

  get(id: number): Promise<Stored<TData> | undefined> {
    return this.#records.get(id);
  }

  getMany(ids: readonly number[]): Promise<Map<number, Stored<TData>>> {
    return this.#records.getMany(ids);
  }

  byLookup(lookupKey: string): Promise<Stored<TData> | undefined> {
    return this.#records.byLookup(lookupKey);
  }

  find(...args: Parameters<TypedRecords<TData>['find']>): Promise<Stored<TData>[]> {
    return this.#records.find(...args);
  }

  /**
   * The records of several users in one course. From memory when the repository keeps courses and the read spans
   * several users (or the course is kept already); else one (type, user_id, course_id) index range per user: a single
   * query with `user_id: { $in }` ranges over the whole course's records of this type and filters them in JavaScript,
   * which for a page of students in a large course reads every student's submissions. Kept records' data is frozen.
   */
  async ofUsersInCourse(courseId: number, userIds: readonly number[]): Promise<Stored<TData>[]> {
    const users = [...new Set(userIds)];
    if (this.#byCourse && (users.length > 1 || this.#byCourse.holds(courseId))) {
      const kept = await this.#byCourse.ofUsers(courseId, users);
      if (kept) return kept;
    }
    const perUser = await Promise.all(users.map((userId) => this.find({ user_id: userId, course_id: courseId })));
    return perUser.flat();
  }

  /** Every record of the course by id: from memory when the repository keeps courses (`ofUsersInCourse`). */
  async inCourse(courseId: number): Promise<Stored<TData>[]> {
    return (await this.#byCourse?.inCourse(courseId)) ?? this.find({ course_id: courseId });
  }

  /** The ids, ascending, of the records whose data has `value` in `field`, one of the repository's indexed fields. */
  idsWhere(field: string, value: string): Promise<number[]> {
    const index = this.#byField.get(field);
    if (!index) throw new Error(`${this.type} records are not indexed by ${field}`);
    return index.ids(value);
  }

  count(...args: Parameters<TypedRecords<TData>['count']>): Promise<number> {
    return this.#records.count(...args);
  }

  /** Allocates an id and builds the record without writing it, so several can be inserted in one transaction. */
  async build(data: TData, stamp: WriteStamp, id?: number): Promise<Stored<TData>> {
    const recordId = id ?? (await this.#ids.next());
    const stored = this.#published ? withPublicationMark(this.#published, data, undefined) : data;
    return this.#records.build(recordId, this.#slotsOf(stored, recordId), stored, stamp);
  }

  /** Builds and inserts one record: `writeTogether` with a single write. */
  async create(data: TData, stamp: WriteStamp, id?: number): Promise<Stored<TData>> {
    const record = await this.build(data, stamp, id);
    await writeTogether([this.insertion(record)]);
    return record;
  }

  /** A built record (see `build`) to insert with `writeTogether`. */
  insertion(record: Stored<TData>): PlannedWrite<TData> {
    return { collection: this.#records.collection, record };
  }

  /** New data for a record as the caller read it, for `writeTogether`; slots and stamp follow the data. */
  replacement(read: Stored<TData>, next: TData, stamp: WriteStamp): PlannedWrite<TData> {
    const data = this.#published ? withPublicationMark(this.#published, next, read.data) : next;
    const record = { ...read, ...this.#slotsOf(data, read.id), data, updated_at: stamp.now, updated_by: changedByOf(stamp), request_id: stamp.requestId };
    return { collection: this.#records.collection, read, record };
  }

  /** A record as the caller read it, to delete with `writeTogether` (stored as a deleted record: sync sees the deletion). */
  removal(read: Stored<TData>): PlannedWrite<TData> {
    return { collection: this.#records.collection, read, record: read, deleted: true };
  }

  /** `replacement` for each, e.g. the records a position shift moves. */
  replacements(updates: ReadonlyArray<{ read: Stored<TData>; data: TData }>, stamp: WriteStamp): PlannedWrite<TData>[] {
    return updates.map((u) => this.replacement(u.read, u.data, stamp));
  }

  /**
   * Several records of this type, as the caller read them, with new data: one transaction, all written or none.
   * A StaleWriteError (409) means one of them changed since it was read; see `retryStale`.
   */
  async replaceMany(updates: ReadonlyArray<{ read: Stored<TData>; data: TData }>, stamp: WriteStamp): Promise<Stored<TData>[]> {
    const planned = this.replacements(updates, stamp);
    await writeTogether(planned);
    return planned.map((p) => p.record);
  }

  /**
   * Applies a change to the data; undefined when the record does not exist. Through `writeTogether` like every
   * write (so a request's write observer sees it), from a fresh read again when a concurrent write came between.
   */
  update(id: number, stamp: WriteStamp, change: (current: TData) => TData): Promise<Stored<TData> | undefined> {
    return retryStale(async () => {
      const read = await this.get(id);
      if (!read) return undefined;
      const planned = this.replacement(read, change(read.data), stamp);
      await writeTogether([planned]);
      return planned.record;
    }, UPDATE_ATTEMPTS);
  }

  /**
   * Calls `listener` with the course of each committed write to this repository's collection, records of the
   * other types stored beside these included: what a course-wide cache needs to drop a value a write may change.
   */
  onCourseWrite(listener: (courseId: number) => void): void {
    this.#records.collection.$.subscribe((event) => listener(event.documentData.course_id));
  }

  /** Calls `listener` as each committed write of a record of this type (a deletion included) is emitted. */
  onWrite(listener: () => void): void {
    this.#records.collection.$.subscribe((event) => {
      if (event.documentData.type === this.#records.type) listener();
    });
  }
}

/** A single-record update re-reads and retries on a concurrent write; only a pathological hot spot exhausts this. */
export const UPDATE_ATTEMPTS = 20;

/** One record's part of `writeTogether`: a new record, or the next version of a record the caller read. */
export interface PlannedWrite<TData extends object = object> {
  readonly collection: RecordCollection;
  readonly record: Stored<TData>;
  /** For an update: the record as it was read. The write fails if the stored record differs from it. */
  readonly read?: Stored<TData>;
  /** With `read`: delete the record instead of writing a new version. */
  readonly deleted?: boolean;
}

/** A record changed between the caller's read and its write, so nothing was written (409 if not retried). */
export class StaleWriteError extends ConflictError {
  constructor(key: string) {
    super(`${key} was changed by another request; nothing was written`);
    this.name = 'StaleWriteError';
  }
}

/**
 * The one way to write records together (and, through `Repository.create`, to insert one): the writes, planned
 * with `insertion` and `replacement`, go to one collection (of any types) in ONE storage bulkWrite, i.e. one
 * SQLite transaction: all of them or none, whether a row is refused (a taken key, a stale revision) or the
 * write fails. Each update is checked twice against concurrent writers: the stored record must still equal what
 * the caller read (its decision, e.g. a position shift, was based on that), and the write carries the stored
 * revision as `previous`, so a write landing between this read and the bulkWrite is a conflict too.
 */
export async function writeTogether(writes: readonly PlannedWrite[]): Promise<void> {
  const collection = writes[0]?.collection;
  if (!collection) return;
  if (writes.some((w) => w.collection !== collection)) throw new Error('writeTogether: every record must be in one collection');
  if (new Set(writes.map((w) => w.record.key)).size !== writes.length) throw new Error('writeTogether: a record appears twice');
  const observer = currentWriteObserver();
  const companions = (await observer?.companions(collection, writes)) ?? [];
  try {
    await writeRows(collection, [...writes, ...companions.map((record) => ({ collection, record }))]);
  } catch (err) {
    observer?.failed(companions);
    throw err;
  }
  observer?.committed(collection, [...writes.map((w) => ({ record: w.record, inserted: !w.read })), ...companions.map((record) => ({ record, inserted: true }))]);
}

async function writeRows(collection: RecordCollection, writes: readonly PlannedWrite[]): Promise<void> {
  const storage = collection.storageInstance;
  const keys = writes.filter((w) => w.read).map((w) => w.record.key);
  const current = new Map((await storage.findDocumentsById(keys, false)).map((doc) => [doc.key, doc]));
  const rows: BulkWriteRow<StoredRecord>[] = writes.map((write) => {
    // Domain data types are views of the envelope's plain JSON `data` object.
    const { read, record } = write as PlannedWrite<Record<string, unknown>>;
    // New records get their revision and _meta from RxDB's storage wrapper, as in collection.bulkInsert.
    if (!read) return { document: { ...record, _deleted: false, _attachments: {}, _rev: '', _meta: { lwt: 0 } } };
    const previous = current.get(record.key);
    if (!previous || !isDeepStrictEqual(recordOf(previous), read)) throw new StaleWriteError(record.key);
    return { previous, document: { ...previous, ...record, _deleted: write.deleted === true } };
  });
  const { error } = await storage.bulkWrite(rows, ALL_OR_NOTHING_CONTEXT);
  const conflict = error.find((e) => e.status === 409);
  if (conflict) throw new StaleWriteError(conflict.documentId);
  if (error.length > 0) throw new Error(`write of ${error.map((e) => e.documentId).join(', ')} failed: ${error.map((e) => e.status).join(', ')}`);
}

/** Runs a read-decide-write attempt again, from a fresh read, when its write met a concurrent change. */
export async function retryStale<T>(attempt: () => Promise<T>, attempts = 3): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof StaleWriteError) || tried >= attempts) throw err;
    }
  }
}
