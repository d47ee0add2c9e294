import Database from 'better-sqlite3';
import { join } from 'node:path';
import { CATALOG_TABLE } from '../../src/server/storage/sqlite/table-layout.ts';
import type { TestServer } from './server.ts';

/** One row of a server's SQLite file, as stored: RxDB's document JSON and its tombstone flag. */
export interface StoredRow {
  doc: { key: string; type: string; course_id: number; user_id: number; data: Record<string, unknown> };
  deleted: boolean;
}

/** Every record table of the server's database file, read straight from SQLite (not through the server's code). */
export function storedRows(server: TestServer): StoredRow[] {
  return storedRowsOf(join(server.dataDir, 'outpost.sqlite'));
}

/** Every record table of any Outpost database file (a backup, say), read straight from SQLite. */
export function storedRowsOf(path: string): StoredRow[] {
  const file = new Database(path, { readonly: true });
  try {
    const tables = file.prepare(`SELECT table_name FROM ${CATALOG_TABLE}`).pluck().all() as string[];
    return tables.flatMap((table) =>
      (file.prepare(`SELECT doc, deleted FROM "${table}"`).all() as { doc: string; deleted: number }[]).map((row) => ({
        doc: JSON.parse(row.doc) as StoredRow['doc'],
        deleted: row.deleted === 1,
      })),
    );
  } finally {
    file.close();
  }
}
