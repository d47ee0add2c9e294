import {
  addRxPlugin,
  clone,
  createRxDatabase,
  normalizeMangoQuery,
  prepareQuery,
  randomToken,
  type ReplicationPushHandler,
  type RxCollection,
  type RxStorage,
} from 'rxdb';
import { fillWriteDataForAttachmentsChange, RxDBAttachmentsPlugin } from 'rxdb/plugins/attachments';
import { disableWarnings, RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { getConfig, getPullHandler, getPullStream, getPushHandler, runReplicationBaseTestSuite, schemas, setConfig } from 'rxdb/plugins/test-utils';
import { afterAll, describe, it } from 'vitest';
import { getRxStorageSQLite } from '../../src/server/storage/sqlite/index.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

/**
 * RxDB's own replication test suite (`runReplicationBaseTestSuite`), with Outpost's SQLite storage on both sides:
 * the clients are the suite's collections, the "server" is an RxDB collection on the same storage, reached through
 * RxDB's storage-instance replication handler (what our sync hub does over HTTP).
 *
 * What the suite needs that is not about our storage:
 * - It is mocha-style and calls the global `describe`/`it`; vitest globals are off, so they are provided here.
 * - It opens databases with `ignoreDuplicate: true` (needs dev-mode, which in turn insists on a schema-validating
 *   storage wrapper) and `localDocuments: true` (needs that plugin).
 * - Some cases ask for `multiInstance: true`, which our storage refuses (see `singleProcessStorage`).
 * - The endpoint's push handler must answer conflicts with the attachment bytes (see `pushWithAttachmentData`).
 * The optional "attachment replication disabled" case is not configured: Outpost has no such replication mode.
 */
// Before the plugin is added: adding it prints RxDB's dev-mode banner unless warnings are already off.
disableWarnings();
addRxPlugin(RxDBDevModePlugin);
addRxPlugin(RxDBLocalDocumentsPlugin);
addRxPlugin(RxDBAttachmentsPlugin);
Object.assign(globalThis, { describe, it });

const dirs = tempDirs();
afterAll(async () => {
  await server?.database.remove();
  dirs.removeAll();
});
const directory = dirs.make('outpost-replication-');
const sqlite = getRxStorageSQLite({ directory });

/**
 * Some cases open their collections with `multiInstance: true` (the default of the suite's `humansCollection`
 * helpers). Outpost's storage refuses that on purpose: one process owns a file. Every database here is opened
 * once, in this process, so handing the storage `multiInstance: false` changes nothing the suite checks.
 */
const singleProcessStorage: RxStorage<unknown, unknown> = wrappedValidateAjvStorage({
  storage: { ...sqlite, createStorageInstance: (params) => sqlite.createStorageInstance({ ...params, options: {}, multiInstance: false }) },
});

setConfig({
  storage: {
    name: 'outpost-sqlite',
    getStorage: () => singleProcessStorage,
    getPerformanceStorage: () => ({ storage: singleProcessStorage, description: 'outpost-sqlite' }),
    hasPersistence: true,
    hasMultiInstance: false,
    hasAttachments: true,
    hasReplication: true,
  },
});
initSuiteEnvironment();

/**
 * The suite's first getConfig() sets up its test environment; done here, once, on our terms. Its console.log
 * wrapper and the DEFAULT_STORAGE line it prints (a variable this file does not use) stay out. With NODE_ENV=fast
 * it simulates RxDB's BroadcastChannel in memory instead of through files in the temp directory (pubkey.bc) that
 * outlive the run; one process owns Outpost's storage, so no message has anywhere else to go.
 */
function initSuiteEnvironment(): void {
  const { log } = console;
  const nodeEnv = process.env.NODE_ENV;
  console.log = () => undefined;
  process.env.NODE_ENV = 'fast';
  try {
    getConfig();
  } finally {
    console.log = log;
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

type Human = { passportId: string; _deleted?: boolean };
let server: RxCollection<Human> | undefined;

async function freshServer(): Promise<RxCollection<Human>> {
  await server?.database.remove();
  const db = await createRxDatabase({ name: `server-${randomToken(8)}`, storage: singleProcessStorage, multiInstance: false });
  // With attachments allowed, one server serves the suite's plain and its attachment collections alike.
  const { humans } = await db.addCollections({ humans: { schema: { ...schemas.human, attachments: {} } } });
  server = humans as RxCollection<Human>;
  return server;
}

function serverCollection(): RxCollection<Human> {
  if (!server) throw new Error('cleanUpServer() runs first in every case of the suite');
  return server;
}

/**
 * RxDB's storage-instance handler (behind `getPushHandler`) returns the master state of a conflict with attachment
 * stubs only: digest and length, no bytes. The client writes that state as the resolved one, and since it already
 * has an attachment of that name, RxDB keeps the old bytes under the new digest — "should keep the master attachment
 * state on conflict" then fails, with storage-memory exactly as with ours. The pull side always sends the bytes;
 * an endpoint must do the same for conflicts (Outpost's hub will), so this handler does.
 */
function pushWithAttachmentData(remote: RxCollection<Human>): ReplicationPushHandler<Human> {
  const push = getPushHandler(remote);
  return async (rows) => {
    const conflicts = await push(rows);
    const { storageInstance, schema } = remote;
    return Promise.all(conflicts.map((doc) => fillWriteDataForAttachmentsChange(schema.primaryPath, storageInstance, clone(doc))));
  };
}

function replicate(collection: RxCollection<Human>, live: boolean, withAttachmentData = false): RxReplicationState<Human, unknown> {
  const remote = serverCollection();
  return replicateRxCollection({
    collection,
    replicationIdentifier: `outpost-suite-${remote.database.name}`,
    live,
    pull: { handler: getPullHandler(remote), stream$: live ? getPullStream(remote) : undefined },
    push: { handler: withAttachmentData ? pushWithAttachmentData(remote) : getPushHandler(remote) },
  });
}

async function syncOnce(collection: RxCollection<Human>, withAttachmentData = false): Promise<void> {
  const state = replicate(collection, false, withAttachmentData);
  await state.awaitInitialReplication();
  await state.cancel();
}

describe('RxDB replication base suite, Outpost SQLite storage on client and server', () => {
  runReplicationBaseTestSuite({
    cleanUpServer: async () => void (await freshServer()),
    startReplication: (collection) => replicate(collection, true),
    syncOnce: (collection) => syncOnce(collection),
    syncOnceWithAttachments: (collection) => syncOnce(collection, true),
    async getAllServerDocs() {
      const { storageInstance, schema } = serverCollection();
      // A storage-level query without a `_deleted` condition returns tombstones too (soft deletes).
      const all = prepareQuery(schema.jsonSchema, normalizeMangoQuery(schema.jsonSchema, { selector: {} }));
      return (await storageInstance.query(all)).documents;
    },
    softDeletes: true,
    isDeleted: (doc: Human) => doc._deleted === true,
    getPrimaryOfServerDoc: (doc: Human) => doc.passportId,
  });
});
