import type Database from 'better-sqlite3';
import { getIndexableStringMonad, getPrimaryFieldOfPrimaryKey, type RxDocumentData, type RxJsonSchema } from 'rxdb';
import { toArray } from 'rxdb/plugins/utils';

/** Lists every collection table of the file and carries its change counter, which must survive cleanup(). */
export const CATALOG_TABLE = 'rxstorage_tables';

/**
 * Where and how one collection at one schema version is stored: a table holding the document as JSON text,
 * the primary key as a UTF-16BE BLOB (see utf16be.ts), one BLOB column per RxDB index holding its compact index
 * key (see index-key.ts), plus the `seq`
 * change counter and the `deleted`/`lwt` pair cleanup() needs.
 */
export interface TableLayout<RxDocType> {
  readonly name: string;
  /** Present when the schema allows attachments. */
  readonly attachmentsName: string | undefined;
  readonly primaryPath: string;
  /** RxDB's indexes (after fillWithDefaultSettings), in column order: index i lives in column `ix{i}`. */
  readonly indexes: readonly string[][];
  readonly indexStrings: ReadonlyArray<(doc: RxDocumentData<RxDocType>) => string>;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function indexColumn(position: number): string {
  return `ix${position}`;
}

export function tableLayout<RxDocType>(
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  collectionName: string,
): TableLayout<RxDocType> {
  const name = `${collectionName}__v${schema.version}`;
  const indexes = (schema.indexes ?? []).map((index) => [...toArray(index)]);
  return {
    name,
    attachmentsName: schema.attachments ? `${name}__attachments` : undefined,
    primaryPath: getPrimaryFieldOfPrimaryKey(schema.primaryKey) as string,
    indexes,
    indexStrings: indexes.map((index) => getIndexableStringMonad(schema, index)),
  };
}

/**
 * The on-disk format, kept in `PRAGMA user_version`. 1: compact index keys (index-key.ts). A file in another
 * format is refused rather than read: its index columns would sort differently and queries would silently miss rows.
 */
export const STORAGE_FORMAT = 1;

export function createCatalog(db: Database.Database): void {
  db.transaction(() => {
    const exists = db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck().get(CATALOG_TABLE);
    if (exists) {
      const format = Number(db.pragma('user_version', { simple: true }));
      if (format !== STORAGE_FORMAT) {
        throw new Error(`${db.name} has storage format ${format}, this Outpost reads format ${STORAGE_FORMAT} only`);
      }
      return;
    }
    db.exec(
      `CREATE TABLE ${CATALOG_TABLE} (
         table_name TEXT PRIMARY KEY NOT NULL,
         indexes TEXT NOT NULL,
         last_seq INTEGER NOT NULL DEFAULT 0
       )`,
    );
    db.pragma(`user_version = ${STORAGE_FORMAT}`);
  }).immediate();
}

/** Creates the tables on first use; refuses a table whose indexes differ from the schema's (no silent reuse). */
export function ensureTables<RxDocType>(db: Database.Database, layout: TableLayout<RxDocType>): void {
  const indexesJson = JSON.stringify(layout.indexes);
  const table = quoteIdentifier(layout.name);
  const indexDdl = layout.indexes.map(
    (_, i) => `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${layout.name}__${indexColumn(i)}`)} ON ${table} (${indexColumn(i)});`,
  );
  db.transaction(() => {
    const known = db.prepare(`SELECT indexes FROM ${CATALOG_TABLE} WHERE table_name = ?`).pluck().get(layout.name);
    if (known !== undefined && known !== indexesJson) {
      throw new Error(`SQLite table ${layout.name} was created with indexes ${String(known)}, the schema now has ${indexesJson}`);
    }
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${table} (
        id BLOB PRIMARY KEY NOT NULL,
        seq INTEGER NOT NULL,
        deleted INTEGER NOT NULL,
        lwt REAL NOT NULL,
        doc TEXT NOT NULL${layout.indexes.map((_, i) => `,\n        ${indexColumn(i)} BLOB NOT NULL`).join('')}
      );
      CREATE UNIQUE INDEX IF NOT EXISTS ${quoteIdentifier(`${layout.name}__seq`)} ON ${table} (seq);
      CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${layout.name}__tombstones`)} ON ${table} (lwt) WHERE deleted = 1;
      ${indexDdl.join('\n')}
    `);
    if (layout.attachmentsName) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS ${quoteIdentifier(layout.attachmentsName)} (
          doc_id BLOB NOT NULL,
          attachment_id BLOB NOT NULL,
          digest TEXT NOT NULL,
          type TEXT NOT NULL,
          data BLOB NOT NULL,
          PRIMARY KEY (doc_id, attachment_id)
        )
      `);
    }
    db.prepare(`INSERT OR IGNORE INTO ${CATALOG_TABLE} (table_name, indexes) VALUES (?, ?)`).run(layout.name, indexesJson);
  }).immediate();
}

export function dropTables<RxDocType>(db: Database.Database, layout: TableLayout<RxDocType>): void {
  db.transaction(() => {
    db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(layout.name)}`);
    if (layout.attachmentsName) db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(layout.attachmentsName)}`);
    db.prepare(`DELETE FROM ${CATALOG_TABLE} WHERE table_name = ?`).run(layout.name);
  }).immediate();
}
