import { onRecordChanges } from './record-changes.ts';
import type { StoredRecord } from './record-schema.ts';
import { recordOf, type Stored, type TypedRecords } from './typed-records.ts';

/**
 * About 0.7 KB of heap per record (a submission measured at 36 MB for 50,000): the memory a server spends at most on
 * records kept here, over all courses. A course with more records than this is never kept.
 */
export const MAX_KEPT_RECORDS = 150_000;

/** One course's records of the type: by user, then by id. `waiting` holds the writes seen while it loads. */
interface CourseEntry<TData extends object> {
  readonly byUser: Map<number, Map<number, Stored<TData>>>;
  readonly byId: Map<number, Stored<TData>>;
  ready: Promise<void>;
  waiting: StoredRecord<TData>[] | undefined;
}

/**
 * The records of one type for whole courses, kept in memory after a read that spans many users of a course (the
 * gradebook's fifty students at a time, twenty times per load): parsing 50,000 stored submissions on every load
 * cost more than everything else a load does. Every committed write of the type changes what is kept, from the
 * collection's change events, which RxDB emits synchronously as the write commits — so a read that starts after a
 * write has returned sees it. A write that lands while a course loads is applied after the load, in order, so a
 * load that read the row before or after that write ends in the same state.
 *
 * Kept records are shared between callers; their data is frozen, so code that tries to change it fails loudly. Least
 * recently read courses are dropped once more than `limit` records are kept.
 */
export class CourseRecordsMemory<TData extends object> {
  readonly #records: TypedRecords<TData>;
  readonly #limit: number;
  /** Map order is the order of last use: the first entry is the one to drop. */
  readonly #courses = new Map<number, CourseEntry<TData>>();
  #kept = 0;

  constructor(records: TypedRecords<TData>, limit = MAX_KEPT_RECORDS) {
    this.#records = records;
    this.#limit = limit;
    onRecordChanges(records, ({ before, after, gone }) => {
      // A record moved to another course (never done today, but a slot may change) leaves the old one.
      if (before && before.course_id !== after.course_id) this.#apply(before.course_id, { ...recordOf(before), deleted: true });
      this.#apply(after.course_id, { ...recordOf(after), deleted: gone });
    });
  }

  /** Whether the course's records are kept (or loading): a read of a single user uses them only then. */
  holds(courseId: number): boolean {
    return this.#courses.has(courseId);
  }

  /**
   * The records of the users in the course, loading the whole course first unless it is kept; undefined when the
   * course has too many records to keep (the caller reads them from the storage).
   */
  async ofUsers(courseId: number, userIds: readonly number[]): Promise<Stored<TData>[] | undefined> {
    const entry = await this.#loaded(courseId);
    if (!entry) return undefined;
    const found: Stored<TData>[] = [];
    for (const userId of new Set(userIds)) {
      const mine = entry.byUser.get(userId);
      if (mine) for (const record of mine.values()) found.push(record);
    }
    return found;
  }

  /** Every record of the course by id, as `ofUsers` reads them (undefined: too many to keep). */
  async inCourse(courseId: number): Promise<Stored<TData>[] | undefined> {
    const entry = await this.#loaded(courseId);
    return entry && [...entry.byId.values()].sort((a, b) => a.id - b.id);
  }

  async #loaded(courseId: number): Promise<CourseEntry<TData> | undefined> {
    const entry = this.#entry(courseId);
    await entry.ready;
    return this.#courses.get(courseId) === entry ? entry : undefined;
  }

  #entry(courseId: number): CourseEntry<TData> {
    const kept = this.#courses.get(courseId);
    if (kept) {
      // Read again: last in the order of use.
      this.#courses.delete(courseId);
      this.#courses.set(courseId, kept);
      return kept;
    }
    const byUser = new Map<number, Map<number, Stored<TData>>>();
    const byId = new Map<number, Stored<TData>>();
    const entry: CourseEntry<TData> = { byUser, byId, waiting: [], ready: Promise.resolve() };
    this.#courses.set(courseId, entry);
    // In the index's own order: SQLite hands over the rows in one step, with no sort after (order does not matter here).
    entry.ready = this.#records.find({ course_id: courseId }, [{ sort_key: 'asc' }]).then(
      (records) => {
        for (const record of records) this.#put(entry, record);
        for (const record of entry.waiting ?? []) this.#write(entry, record);
        entry.waiting = undefined;
        this.#kept += byId.size;
        this.#shrink(courseId);
      },
      (err: unknown) => {
        this.#drop(courseId, entry);
        throw err;
      },
    );
    return entry;
  }

  #apply(courseId: number, change: StoredRecord<TData> & { deleted: boolean }): void {
    const entry = this.#courses.get(courseId);
    if (!entry) return;
    if (entry.waiting) entry.waiting.push(change);
    else {
      const before = entry.byId.size;
      this.#write(entry, change);
      this.#kept += entry.byId.size - before;
      this.#shrink(courseId);
    }
  }

  #write(entry: CourseEntry<TData>, change: StoredRecord<TData> & { deleted?: boolean }): void {
    const { deleted, ...record } = change;
    const old = entry.byId.get(record.id);
    if (old) {
      entry.byId.delete(old.id);
      entry.byUser.get(old.user_id)?.delete(old.id);
    }
    // The event's data is RxDB's object: kept as a copy of its own so that freezing it cannot reach RxDB.
    if (!deleted) this.#put(entry, { ...record, data: structuredClone(record.data) });
  }

  #put(entry: CourseEntry<TData>, record: Stored<TData>): void {
    freezeRecord(record);
    entry.byId.set(record.id, record);
    let mine = entry.byUser.get(record.user_id);
    if (!mine) entry.byUser.set(record.user_id, (mine = new Map()));
    mine.set(record.id, record);
  }

  /** Drops `current` if it alone is over the limit, else the least recently read other courses until under it. */
  #shrink(current: number): void {
    const entry = this.#courses.get(current);
    if (entry && !entry.waiting && entry.byId.size > this.#limit) return this.#drop(current, entry);
    for (const [courseId, other] of this.#courses) {
      if (this.#kept <= this.#limit) return;
      if (courseId !== current && !other.waiting) this.#drop(courseId, other);
    }
  }

  #drop(courseId: number, entry: CourseEntry<TData>): void {
    if (this.#courses.get(courseId) !== entry) return;
    this.#courses.delete(courseId);
    if (!entry.waiting) this.#kept -= entry.byId.size;
  }
}

/**
 * A kept record's data, what callers read and could change by mistake, is frozen; the envelope (ids, slots,
 * stamps) only ever changes through a repository's `replacement`, which copies it. Freezing the record and the
 * lists in its data as well tripled the cost of keeping a 50,000-record course (0.3 s more on the first load).
 */
function freezeRecord<TData extends object>(record: Stored<TData>): void {
  Object.freeze(record.data);
}
