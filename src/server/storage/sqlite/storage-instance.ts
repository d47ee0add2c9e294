import {
  type BulkWriteRow,
  type EventBulk,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageCountResult,
  type RxStorageInstance,
  type RxStorageQueryResult,
} from 'rxdb';
import { Subject, type Observable } from 'rxjs';
import { readAttachmentBytes, writeRows } from './bulk-write.ts';
import type { ValueRanges } from './in-as-ranges.ts';
import { runCount, runQuery, runValueRanges } from './query-runner.ts';
import { dropTables } from './table-layout.ts';
import { closeTable, forgetTable, type ChangeBulk, type TableHandle } from './table-handle.ts';
import type { SQLiteCheckpoint, SQLiteInstanceOptions, SQLiteInternals } from './types.ts';
import { encodeUtf16Be } from './utf16be.ts';

/** Tombstones purged per cleanup() call, so a large purge never blocks the event loop for long. */
export const CLEANUP_BATCH_SIZE = 500;

const NO_ATTACHMENTS: ReadonlyMap<Blob, Buffer> = new Map();

type Instance<RxDocType> = RxStorageInstance<RxDocType, SQLiteInternals, SQLiteInstanceOptions, SQLiteCheckpoint>;

/** One RxDB collection (at one schema version) in one table of the database's SQLite file. */
export class SQLiteStorageInstance<RxDocType> implements Instance<RxDocType> {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: Readonly<RxJsonSchema<RxDocumentData<RxDocType>>>;
  readonly options: Readonly<SQLiteInstanceOptions>;
  readonly internals: Readonly<SQLiteInternals>;
  readonly #table: TableHandle<RxDocType>;
  readonly #changes = new Subject<ChangeBulk<RxDocType>>();
  readonly #listener = (bulk: ChangeBulk<RxDocType>) => this.#changes.next(bulk);
  /** Keeps bulkWrite calls in call order while their attachment blobs are read asynchronously. */
  #pendingWrite: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(
    databaseName: string,
    collectionName: string,
    schema: RxJsonSchema<RxDocumentData<RxDocType>>,
    options: SQLiteInstanceOptions,
    table: TableHandle<RxDocType>,
  ) {
    this.databaseName = databaseName;
    this.collectionName = collectionName;
    this.schema = schema;
    this.options = options;
    this.#table = table;
    this.internals = { database: table.db, file: table.connection.file, tableName: table.layout.name };
    table.listeners.add(this.#listener);
  }

  bulkWrite(rows: BulkWriteRow<RxDocType>[], context: string): Promise<RxStorageBulkWriteResponse<RxDocType>> {
    if (this.schema.attachments) {
      const write = this.#pendingWrite.then(async () => this.#write(rows, context, await readAttachmentBytes(rows)));
      this.#pendingWrite = write.catch(() => undefined);
      return write;
    }
    // Without blobs to read, the whole write runs now, in call order, before the promise is even returned.
    try {
      return Promise.resolve(this.#write(rows, context, NO_ATTACHMENTS));
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  #write(rows: BulkWriteRow<RxDocType>[], context: string, attachmentBytes: ReadonlyMap<Blob, Buffer>): RxStorageBulkWriteResponse<RxDocType> {
    this.#ensureOpen();
    const { errors, changes } = writeRows(this, this.#table, rows, context, attachmentBytes);
    // Committed by now: only now may anyone hear about it.
    if (changes && changes.events.length > 0) for (const listener of this.#table.listeners) listener(changes);
    return { error: errors };
  }

  async findDocumentsById(ids: string[], withDeleted: boolean): Promise<RxDocumentData<RxDocType>[]> {
    this.#ensureOpen();
    const primaryPath = this.#table.layout.primaryPath as keyof RxDocType;
    const found = new Map<string, RxDocumentData<RxDocType>>();
    for (const stored of this.#table.statements.docsById(ids.map(encodeUtf16Be), withDeleted)) {
      const doc = JSON.parse(stored) as RxDocumentData<RxDocType>;
      found.set(doc[primaryPath] as string, doc);
    }
    // In the order asked for, like RxDB's reference storages (SQLite returns them in key order).
    const docs: RxDocumentData<RxDocType>[] = [];
    for (const id of ids) {
      const doc = found.get(id);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  async query(preparedQuery: PreparedQuery<RxDocType>): Promise<RxStorageQueryResult<RxDocType>> {
    this.#ensureOpen();
    return { documents: runQuery(this.#table, this.schema, preparedQuery) };
  }

  /**
   * Beyond RxDB's interface: a query whose plan ranges over an `$in`, run as one index range per value
   * (`inAsRanges`), in one call. RxDB's `query` per range would cost a call through RxDB's wrapper, a matcher and a
   * comparator per value, more than reading an empty range.
   */
  async queryValueRanges(preparedQuery: PreparedQuery<RxDocType>, ranges: ValueRanges): Promise<RxDocumentData<RxDocType>[]> {
    this.#ensureOpen();
    return runValueRanges(this.#table, this.schema, preparedQuery, ranges);
  }

  async count(preparedQuery: PreparedQuery<RxDocType>): Promise<RxStorageCountResult> {
    this.#ensureOpen();
    return runCount(this.#table, this.schema, preparedQuery);
  }

  async getAttachmentData(documentId: string, attachmentId: string, digest: string): Promise<Blob> {
    this.#ensureOpen();
    const row = this.#table.statements.attachments?.select.get(encodeUtf16Be(documentId), encodeUtf16Be(attachmentId));
    if (!row || row.digest !== digest) {
      throw new Error(`attachment ${attachmentId} (digest ${digest}) of document ${documentId} does not exist`);
    }
    return new Blob([row.data], { type: row.type });
  }

  /** Pages through the table in write order: `seq` grows with every write, whatever the clock does. */
  async getChangedDocumentsSince(
    limit: number,
    checkpoint?: SQLiteCheckpoint,
  ): Promise<{ documents: RxDocumentData<RxDocType>[]; checkpoint: SQLiteCheckpoint }> {
    this.#ensureOpen();
    const rows = this.#table.statements.changesSince.all(checkpoint?.seq ?? 0, limit);
    const documents = rows.map(([doc]) => JSON.parse(doc) as RxDocumentData<RxDocType>);
    const last = documents.at(-1);
    const next = last ? { id: last[this.#table.layout.primaryPath as keyof RxDocType] as string, seq: rows.at(-1)![1] } : undefined;
    return { documents, checkpoint: next ?? checkpoint ?? { id: '', seq: 0 } };
  }

  changeStream(): Observable<EventBulk<RxStorageChangeEvent<RxDocType>, SQLiteCheckpoint>> {
    this.#ensureOpen();
    return this.#changes.asObservable();
  }

  /** Purges at most CLEANUP_BATCH_SIZE tombstones older than the given age; true once none are left to purge. */
  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    this.#ensureOpen();
    const { db, statements } = this.#table;
    const purged = db.transaction(() => {
      const ids = statements.purgeTombstones.all(Date.now() - minimumDeletedTime, CLEANUP_BATCH_SIZE);
      // Deleting a document already drops its attachments; this catches documents inserted as tombstones.
      if (statements.attachments) for (const id of ids) statements.attachments.removeAllOf.run(id);
      return ids.length;
    }).immediate();
    return purged < CLEANUP_BATCH_SIZE;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#table.listeners.delete(this.#listener);
    this.#changes.complete();
    closeTable(this.#table as TableHandle<unknown>);
  }

  async remove(): Promise<void> {
    this.#ensureOpen();
    await this.#pendingWrite;
    dropTables(this.#table.db, this.#table.layout);
    forgetTable(this.#table as TableHandle<unknown>);
    await this.close();
  }

  #ensureOpen(): void {
    if (this.#closed) throw new Error(`storage instance ${this.databaseName}/${this.collectionName} is closed`);
  }
}
