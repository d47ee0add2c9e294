import type Database from 'better-sqlite3';
import type { EventBulk, RxDocumentData, RxJsonSchema, RxStorageChangeEvent } from 'rxdb';
import { acquireConnection, releaseConnection, type SharedConnection } from './connection-registry.ts';
import { ensureTables, tableLayout, type TableLayout } from './table-layout.ts';
import { TableStatements } from './table-statements.ts';
import type { SQLiteCheckpoint } from './types.ts';

export type ChangeBulk<RxDocType> = EventBulk<RxStorageChangeEvent<RxDocType>, SQLiteCheckpoint>;

/** What every open instance of one table in one process shares. */
export interface TableHandle<RxDocType> {
  readonly connection: SharedConnection;
  readonly db: Database.Database;
  readonly layout: TableLayout<RxDocType>;
  readonly statements: TableStatements;
  /** Two instances of one collection (RxDB opens a second one to remove it) must hear each other's writes. */
  readonly listeners: Set<(bulk: ChangeBulk<RxDocType>) => void>;
  refs: number;
}

const tablesByConnection = new WeakMap<SharedConnection, Map<string, TableHandle<unknown>>>();

export function openTable<RxDocType>(
  file: string,
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  collectionName: string,
): TableHandle<RxDocType> {
  const connection = acquireConnection(file);
  try {
    let tables = tablesByConnection.get(connection);
    if (!tables) {
      tables = new Map();
      tablesByConnection.set(connection, tables);
    }
    const layout = tableLayout(schema, collectionName);
    // The map holds handles of every document type; the name fixes the schema, so the cast is exact.
    let handle = tables.get(layout.name) as TableHandle<RxDocType> | undefined;
    if (!handle) {
      ensureTables(connection.db, layout);
      handle = {
        connection,
        db: connection.db,
        layout,
        statements: new TableStatements(connection.db, layout),
        listeners: new Set(),
        refs: 0,
      };
      tables.set(layout.name, handle as TableHandle<unknown>);
    }
    handle.refs++;
    return handle;
  } catch (err) {
    releaseConnection(connection);
    throw err;
  }
}

export function closeTable(handle: TableHandle<unknown>): void {
  handle.refs--;
  if (handle.refs === 0) forgetTable(handle);
  releaseConnection(handle.connection);
}

/** After a drop, a table of the same name created later needs fresh statements. */
export function forgetTable(handle: TableHandle<unknown>): void {
  const tables = tablesByConnection.get(handle.connection);
  if (tables?.get(handle.layout.name) === handle) tables.delete(handle.layout.name);
}
