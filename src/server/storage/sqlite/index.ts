import { isAbsolute, join, resolve } from 'node:path';
import { ensureRxStorageInstanceParamsAreCorrect, RXDB_VERSION, type RxStorage, type RxStorageInstanceCreationParams } from 'rxdb';
import { SQLiteStorageInstance } from './storage-instance.ts';
import { openTable } from './table-handle.ts';
import type { SQLiteInstanceOptions, SQLiteInternals, SQLiteStorageSettings } from './types.ts';

export type { SQLiteCheckpoint, SQLiteInstanceOptions, SQLiteInternals, SQLiteStorageSettings } from './types.ts';
export { CLEANUP_BATCH_SIZE, SQLiteStorageInstance } from './storage-instance.ts';
export { ALL_OR_NOTHING_CONTEXT } from './bulk-write.ts';
export { inAsRanges, type ValueRanges } from './in-as-ranges.ts';
export { readDurabilityPragmas, type DurabilityPragmas } from './durability-pragmas.ts';

export const RX_STORAGE_NAME_SQLITE = 'outpost-sqlite';

export type RxStorageSQLite = RxStorage<SQLiteInternals, SQLiteInstanceOptions>;

/** The file that holds every collection of one RxDB database. */
export function databaseFile(directory: string, databaseName: string): string {
  // Database names become file names: keep them to one path segment inside the directory.
  if (databaseName === '' || databaseName.includes('/') || databaseName.includes('\\') || databaseName.startsWith('.')) {
    throw new Error(`RxDB database name ${JSON.stringify(databaseName)} cannot be used as a SQLite file name`);
  }
  return join(isAbsolute(directory) ? directory : resolve(directory), `${databaseName}.sqlite`);
}

/**
 * RxDB's RxStorage on better-sqlite3 (docs/architecture.md §4.1): one SQLite file per database, one table per collection
 * and schema version, every write acknowledged only after a durable COMMIT. Single process only.
 */
export function getRxStorageSQLite(settings: SQLiteStorageSettings): RxStorageSQLite {
  return {
    // RxDB refuses two open databases with the same storage name and database name in one process. Storages
    // on different directories are different stores, so the directory is part of the name: a hub and a device
    // (or two test servers) can then run side by side in one process.
    name: `${RX_STORAGE_NAME_SQLITE}:${resolve(settings.directory)}`,
    rxdbVersion: RXDB_VERSION,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, SQLiteInstanceOptions>) {
      ensureRxStorageInstanceParamsAreCorrect(params);
      if (params.multiInstance) {
        throw new Error('getRxStorageSQLite supports only multiInstance: false (one process owns the database file)');
      }
      const table = openTable<RxDocType>(databaseFile(settings.directory, params.databaseName), params.schema, params.collectionName);
      return new SQLiteStorageInstance<RxDocType>(params.databaseName, params.collectionName, params.schema, params.options, table);
    },
  };
}
