import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyDurabilityPragmas, BUSY_TIMEOUT_MS } from './durability-pragmas.ts';
import { CATALOG_TABLE, createCatalog } from './table-layout.ts';

/** One better-sqlite3 connection per database file, shared by every collection (storage instance) of it. */
export interface SharedConnection {
  readonly file: string;
  readonly db: Database.Database;
  refs: number;
}

/**
 * 16 KiB pages instead of SQLite's 4 KiB: every record has eight B-tree entries (primary key, seq, six RxDB
 * indexes) and a JSON document of around a kilobyte; bigger pages mean shallower trees and fewer page writes
 * per transaction (bulk insert of 50,000 records about 25% faster, see docs/benchmarks.md).
 */
const PAGE_SIZE = 16_384;

const connections = new Map<string, SharedConnection>();

export function acquireConnection(file: string): SharedConnection {
  let connection = connections.get(file);
  if (!connection) {
    mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    try {
      // Only takes effect while the file is still empty (before WAL is switched on and the catalog exists).
      db.pragma(`page_size = ${PAGE_SIZE}`);
      applyDurabilityPragmas(db);
      createCatalog(db);
    } catch (err) {
      db.close();
      throw err;
    }
    connection = { file, db, refs: 0 };
    connections.set(file, connection);
  }
  connection.refs++;
  return connection;
}

/**
 * Closes the connection with its last user. A database whose collections have all been removed leaves no file
 * behind: RxDB removes a database by removing each collection's storage, never by calling the storage itself.
 */
export function releaseConnection(connection: SharedConnection): void {
  connection.refs--;
  if (connection.refs > 0) return;
  connections.delete(connection.file);
  const { db, file } = connection;
  const tables = db.prepare(`SELECT count(*) FROM ${CATALOG_TABLE}`).pluck().get() as number;
  db.close();
  if (tables === 0) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  }
}
