import type Database from 'better-sqlite3';
import { CATALOG_TABLE, indexColumn, quoteIdentifier, type TableLayout } from './table-layout.ts';

type Statement<Params extends unknown[], Result = unknown> = Database.Statement<Params, Result>;

/**
 * Most ids bound to one `IN (…)` lookup. Fetching many documents in one statement costs far less than one
 * statement per id (each call crosses into SQLite and back); shorter lists are padded to a power of two, so a
 * table needs at most nine variants of the statement.
 */
const ID_BATCH = 256;

export type RangeKind = 'docs' | 'count' | 'countUpTo';

export interface AttachmentStatements {
  upsert: Statement<[Buffer, Buffer, string, string, Buffer]>;
  remove: Statement<[Buffer, Buffer]>;
  removeAllOf: Statement<[Buffer]>;
  select: Statement<[Buffer, Buffer], { digest: string; type: string; data: Buffer }>;
}

/**
 * Every statement a table needs, prepared once per table and connection: preparing costs more than running
 * the small statements of a single-document write.
 */
export class TableStatements {
  /** Binds id, seq, deleted, lwt, doc, then one index string per RxDB index. */
  readonly insert: Statement<unknown[]>;
  /** Binds the insert's values with the id moved last, for its WHERE clause. */
  readonly update: Statement<unknown[]>;
  readonly bumpSeq: Statement<[number, string], number>;
  readonly changesSince: Statement<[number, number], [string, number]>;
  readonly purgeTombstones: Statement<[number, number], Buffer>;
  readonly attachments: AttachmentStatements | undefined;
  readonly #db: Database.Database;
  readonly #table: string;
  readonly #ranges = new Map<string, Statement<unknown[]>>();
  readonly #byIds = new Map<string, Statement<Buffer[], string>>();

  constructor(db: Database.Database, layout: Pick<TableLayout<unknown>, 'name' | 'attachmentsName' | 'indexes'>) {
    this.#db = db;
    const table = quoteIdentifier(layout.name);
    this.#table = table;
    const indexColumns = layout.indexes.map((_, i) => indexColumn(i));
    const columns = ['id', 'seq', 'deleted', 'lwt', 'doc', ...indexColumns];
    this.insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    this.update = db.prepare(`UPDATE ${table} SET ${columns.slice(1).map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
    this.bumpSeq = db
      .prepare<[number, string], number>(`UPDATE ${CATALOG_TABLE} SET last_seq = last_seq + ? WHERE table_name = ? RETURNING last_seq`)
      .pluck();
    this.changesSince = db.prepare<[number, number], [string, number]>(`SELECT doc, seq FROM ${table} WHERE seq > ? ORDER BY seq LIMIT ?`).raw();
    this.purgeTombstones = db
      .prepare<[number, number], Buffer>(
        `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE deleted = 1 AND lwt <= ? ORDER BY lwt LIMIT ?) RETURNING id`,
      )
      .pluck();
    this.attachments = layout.attachmentsName ? prepareAttachmentStatements(db, quoteIdentifier(layout.attachmentsName)) : undefined;
  }

  /** The stored JSON of every given id that exists (tombstones only `withDeleted`), in no particular order. */
  docsById(ids: readonly Buffer[], withDeleted: boolean): string[] {
    const docs: string[] = [];
    for (let start = 0; start < ids.length; start += ID_BATCH) {
      const batch = ids.slice(start, start + ID_BATCH);
      const size = 2 ** Math.ceil(Math.log2(batch.length));
      // IN is a set: repeating an id to fill the statement's slots changes nothing.
      while (batch.length < size) batch.push(batch[0]!);
      for (const doc of this.#byIdsStatement(size, withDeleted).all(...batch)) docs.push(doc);
    }
    return docs;
  }

  #byIdsStatement(size: number, withDeleted: boolean): Statement<Buffer[], string> {
    const key = `${size}${withDeleted ? '+' : '-'}`;
    let statement = this.#byIds.get(key);
    if (!statement) {
      const live = withDeleted ? '' : ' AND deleted = 0';
      const slots = Array.from({ length: size }, () => '?').join(', ');
      statement = this.#db.prepare<Buffer[], string>(`SELECT doc FROM ${this.#table} WHERE id IN (${slots})${live}`).pluck();
      this.#byIds.set(key, statement);
    }
    return statement;
  }

  /**
   * Documents (binds lower, upper, limit, offset), their count (lower, upper), or their count up to a limit (lower,
   * upper, limit: the scan stops there), whose index string in column `ix{position}` lies between two bounds. Which
   * comparison each bound uses comes from RxDB's query plan, so there are four variants per index and kind.
   */
  range(position: number, inclusiveStart: boolean, inclusiveEnd: boolean, kind: RangeKind): Statement<unknown[]> {
    const key = `${position}${inclusiveStart ? '[' : '('}${inclusiveEnd ? ']' : ')'}${kind}`;
    let statement = this.#ranges.get(key);
    if (!statement) {
      const column = indexColumn(position);
      const where = `${column} ${inclusiveStart ? '>=' : '>'} ? AND ${column} ${inclusiveEnd ? '<=' : '<'} ?`;
      const sql = {
        docs: `SELECT doc FROM ${this.#table} WHERE ${where} ORDER BY ${column} LIMIT ? OFFSET ?`,
        count: `SELECT count(*) FROM ${this.#table} WHERE ${where}`,
        countUpTo: `SELECT count(*) FROM (SELECT 1 FROM ${this.#table} WHERE ${where} LIMIT ?)`,
      }[kind];
      statement = this.#db.prepare(sql).pluck();
      this.#ranges.set(key, statement);
    }
    return statement;
  }
}

function prepareAttachmentStatements(db: Database.Database, table: string): AttachmentStatements {
  return {
    upsert: db.prepare(`INSERT OR REPLACE INTO ${table} (doc_id, attachment_id, digest, type, data) VALUES (?, ?, ?, ?, ?)`),
    remove: db.prepare(`DELETE FROM ${table} WHERE doc_id = ? AND attachment_id = ?`),
    removeAllOf: db.prepare(`DELETE FROM ${table} WHERE doc_id = ?`),
    select: db.prepare(`SELECT digest, type, data FROM ${table} WHERE doc_id = ? AND attachment_id = ?`),
  };
}
