import { addRxPlugin, createRxDatabase, type MigrationStrategies, type RxCollection, type RxDatabase, type RxJsonSchema, type RxStorage } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { RECORD_SCHEMAS, type StoredRecord } from './record-schema.ts';
import { databaseFile, getRxStorageSQLite } from './sqlite/index.ts';

addRxPlugin(RxDBMigrationSchemaPlugin);

/**
 * The collections, one per sync partition (docs/architecture.md §4.2). RxDB's open core allows 13 open collections per
 * process and the sync hub may hold two databases at once, so Outpost stays at five.
 */
export const COLLECTION_NAMES = ['directory', 'course', 'course_user', 'history', 'local'] as const;
export type CollectionName = (typeof COLLECTION_NAMES)[number];

export type RecordCollection = RxCollection<StoredRecord>;
export type OutpostCollections = Record<CollectionName, RecordCollection>;
export type OutpostDatabase = RxDatabase<OutpostCollections>;

export const DATABASE_NAME = 'outpost';

/** `dataDir/outpost.sqlite`: the file `openDatabase` opens with the default storage. */
export function databasePath(dataDir: string): string {
  return databaseFile(dataDir, DATABASE_NAME);
}

export interface OpenDatabaseOptions {
  dataDir: string;
  /** Schema history; default: the one in record-schema.ts. */
  schemas?: ReadonlyArray<RxJsonSchema<StoredRecord>>;
  /** One strategy per schema version after the first: the domain's RECORD_MIGRATIONS (domain/record-migrations.ts). */
  migrations: MigrationStrategies;
  /** Defaults to Outpost's SQLite storage in `dataDir`. */
  storage?: RxStorage<unknown, unknown>;
}

/** Opens (creating or migrating as needed) the one database in `dataDir/outpost.sqlite`. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OutpostDatabase> {
  const schemas = options.schemas ?? RECORD_SCHEMAS;
  const schema = schemas.at(-1);
  if (!schema) throw new Error('openDatabase: empty schema history');
  const db = await createRxDatabase<OutpostCollections>({
    name: DATABASE_NAME,
    storage: options.storage ?? getRxStorageSQLite({ directory: options.dataDir }),
    // One process owns the file; everything else goes through the HTTP API.
    multiInstance: false,
    eventReduce: true,
    // Per-type counts filter on data fields the shared index slots do not cover; at Outpost's scale
    // (thousands of records per course) a matcher pass over the type's index range is cheap.
    allowSlowCount: true,
  });
  try {
    await db.addCollections(
      Object.fromEntries(COLLECTION_NAMES.map((name) => [name, { schema, migrationStrategies: options.migrations }])) as Record<
        CollectionName,
        { schema: RxJsonSchema<StoredRecord>; migrationStrategies: MigrationStrategies }
      >,
    );
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
