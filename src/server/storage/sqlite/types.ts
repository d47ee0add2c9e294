import type Database from 'better-sqlite3';

export interface SQLiteStorageSettings {
  /** Folder holding one `<databaseName>.sqlite` file per RxDB database; created when missing. */
  directory: string;
}

/** Per-instance options (RxDB's `instanceCreationOptions`): none yet. */
export type SQLiteInstanceOptions = Record<string, never>;

/** Exposed as `storageInstance.internals`, so tests and tools can inspect the live connection. */
export interface SQLiteInternals {
  /** The connection shared by every collection of the database. */
  readonly database: Database.Database;
  readonly file: string;
  readonly tableName: string;
}

/**
 * Position in a table's change log. `seq` is the per-table counter stamped on every written row, so it keeps
 * growing whatever the wall clock does; `id` is informational (the document written at that position).
 */
export interface SQLiteCheckpoint {
  id: string;
  seq: number;
}
