import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createRxDatabase,
  getChangedDocumentsSince,
  normalizeMangoQuery,
  prepareQuery,
  type RxStorageWriteErrorConflict,
} from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { CLEANUP_BATCH_SIZE, getRxStorageSQLite, type SQLiteCheckpoint } from '../../src/server/storage/sqlite/index.ts';
import { ITEM_JSON_SCHEMA, ITEM_SCHEMA, itemRow, openItems, type Item, type ItemInstance } from '../helpers/storage-fixtures.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const dirs = tempDirs();
const instances: ItemInstance[] = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((instance) => instance.close()));
  dirs.removeAll();
});

async function open(directory = dirs.make(), databaseName = 'db', collectionName = 'items') {
  const instance = await openItems(getRxStorageSQLite({ directory }), databaseName, collectionName);
  instances.push(instance);
  return { instance, directory, file: join(directory, `${databaseName}.sqlite`) };
}

const item = (id: string, score = 1, name = `name ${id}`): Item => ({ id, name, score });

describe('SQLite RxStorage: writes', () => {
  it('reports a stale or missing previous revision as a 409 result, without throwing or writing', async () => {
    const { instance } = await open();
    const first = itemRow(item('a'));
    expect((await instance.bulkWrite([first], 'test')).error).toEqual([]);
    const stored = (await instance.findDocumentsById(['a'], false))[0]!;

    const update = itemRow(item('a', 2), stored);
    const reinsert = itemRow(item('a', 3));
    const stale = itemRow(item('a', 4), { ...stored, _rev: '1-stale' });
    const result = await instance.bulkWrite([update], 'test');
    expect(result.error).toEqual([]);
    const conflicts = (await instance.bulkWrite([reinsert, stale, itemRow(item('b'))], 'test')).error;

    expect(conflicts.map((e) => [e.status, e.documentId])).toEqual([[409, 'a'], [409, 'a']]);
    const inDb = (conflicts[0] as RxStorageWriteErrorConflict<Item>).documentInDb;
    expect(inDb.score).toBe(2);
    const docs = await instance.findDocumentsById(['a', 'b'], false);
    expect(docs.map((d) => [d.id, d.score])).toEqual([['a', 2], ['b', 1]]);
  });

  it('keeps tombstones: found with deleted, hidden without', async () => {
    const { instance } = await open();
    await instance.bulkWrite([itemRow(item('a'))], 'test');
    const stored = (await instance.findDocumentsById(['a'], false))[0]!;
    await instance.bulkWrite([itemRow(item('a'), stored, { _deleted: true })], 'test');
    expect(await instance.findDocumentsById(['a'], false)).toEqual([]);
    expect((await instance.findDocumentsById(['a'], true)).map((d) => d._deleted)).toEqual([true]);
  });

  it('emits change events only after COMMIT, visible to another connection by then', async () => {
    const { instance, file } = await open();
    const observer = new Database(file, { readonly: true });
    const seenByObserver: number[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => {
      const ids = bulk.events.map((e) => e.documentId);
      const placeholders = ids.map(() => '?').join(',');
      // Rows are keyed by UTF-16BE BLOBs; count them through an independent connection (its own snapshot).
      const blobs = ids.map((id) => Buffer.from(id, 'utf16le').swap16());
      seenByObserver.push(observer.prepare(`SELECT count(*) FROM "items__v0" WHERE id IN (${placeholders})`).pluck().get(...blobs) as number);
    });
    await instance.bulkWrite([itemRow(item('a')), itemRow(item('b'))], 'test');
    subscription.unsubscribe();
    observer.close();
    expect(seenByObserver).toEqual([2]);
  });

  it('emits nothing and keeps nothing when the transaction fails half-way', async () => {
    const { instance } = await open();
    const events: unknown[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => events.push(bulk));
    // JSON.stringify throws on a BigInt after the first row has already been inserted inside the transaction.
    const poisoned = itemRow(item('poison'), undefined, { score: 10n as unknown as number });
    await expect(instance.bulkWrite([itemRow(item('ok')), poisoned], 'test')).rejects.toThrow(/BigInt/);
    subscription.unsubscribe();
    expect(events).toEqual([]);
    expect(await instance.findDocumentsById(['ok', 'poison'], true)).toEqual([]);
    // The connection is usable afterwards.
    expect((await instance.bulkWrite([itemRow(item('ok'))], 'test')).error).toEqual([]);
  });

  it('round-trips primary keys and index values with lone surrogates, non-BMP and control characters', async () => {
    const { instance, directory } = await open();
    const ids = ['\uD800', '\uDFFF-x', 'a\u{1F600}b', '\u0000\u0001\t\n', '\uFFFF'];
    await instance.bulkWrite(ids.map((id) => itemRow(item(id, 5, id))), 'test');
    await instance.close();
    const { instance: reopened } = await open(directory);
    const found = await reopened.findDocumentsById(ids, false);
    expect(found.map((d) => [d.id, d.name])).toEqual(ids.map((id) => [id, id]));
    const query = prepareQuery(ITEM_SCHEMA, normalizeMangoQuery(ITEM_SCHEMA, { selector: { score: 5 }, sort: [{ name: 'asc' }] }));
    const sorted = (await reopened.query(query)).documents.map((d) => d.name);
    expect(sorted).toEqual([...ids].sort());
  });
});

describe('SQLite RxStorage: checkpoints', () => {
  it('pages changes by seq, so writes after the clock moved backwards are not missed', async () => {
    const { instance } = await open();
    const memory = await openItems(getRxStorageMemory(), `memory-${Date.now()}`);
    instances.push(memory);
    for (const target of [instance, memory]) {
      await target.bulkWrite([itemRow(item('a'), undefined, { _meta: { lwt: 2_000_000 } })], 'test');
    }
    const checkpoint = (await getChangedDocumentsSince(instance, 10)).checkpoint as SQLiteCheckpoint;
    const memoryCheckpoint = (await getChangedDocumentsSince(memory, 10)).checkpoint;
    expect(checkpoint).toEqual({ id: 'a', seq: 1 });

    // The machine restarts with its clock an hour behind: new writes carry a smaller lwt.
    for (const target of [instance, memory]) {
      await target.bulkWrite([itemRow(item('b'), undefined, { _meta: { lwt: 1_000_000 } })], 'test');
    }
    const ours = await getChangedDocumentsSince(instance, 10, checkpoint);
    expect(ours.documents.map((d) => d.id)).toEqual(['b']);
    expect(ours.checkpoint).toEqual({ id: 'b', seq: 2 });
    // RxDB's generic {id, lwt} fallback (what a storage without the method gets) misses the write.
    expect((await getChangedDocumentsSince(memory, 10, memoryCheckpoint)).documents).toEqual([]);
  });

  it('stamps each change bulk with the checkpoint of its last row, and never reuses seq after cleanup', async () => {
    const { instance, directory } = await open();
    const bulks: SQLiteCheckpoint[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => bulks.push(bulk.checkpoint));
    await instance.bulkWrite([itemRow(item('a')), itemRow(item('b'))], 'test');
    const b = (await instance.findDocumentsById(['b'], false))[0]!;
    await instance.bulkWrite([itemRow(item('b'), b, { _deleted: true, _meta: { lwt: 1 } })], 'test');
    subscription.unsubscribe();
    expect(bulks).toEqual([{ id: 'b', seq: 2 }, { id: 'b', seq: 3 }]);

    expect(await instance.cleanup(0)).toBe(true);
    await instance.close();
    const { instance: reopened } = await open(directory);
    await reopened.bulkWrite([itemRow(item('c'))], 'test');
    const changes = await reopened.getChangedDocumentsSince!(10, { id: 'b', seq: 3 });
    expect(changes.documents.map((d) => d.id)).toEqual(['c']);
    expect(changes.checkpoint).toEqual({ id: 'c', seq: 4 });
  });

  it('is what RxDB replication calls through a collection', async () => {
    const directory = dirs.make();
    const db = await createRxDatabase({ name: 'replicated', storage: getRxStorageSQLite({ directory }), multiInstance: false });
    const { items } = await db.addCollections({ items: { schema: ITEM_JSON_SCHEMA } });
    await items.insert(item('a'));
    const result = await getChangedDocumentsSince(items.storageInstance, 10);
    expect(result.checkpoint).toEqual({ id: 'a', seq: 1 });
    await db.remove();
  });
});

describe('SQLite RxStorage: cleanup, attachments, lifecycle', () => {
  it('purges old tombstones in bounded batches and keeps recent ones', async () => {
    const { instance } = await open();
    const total = CLEANUP_BATCH_SIZE * 2 + 7;
    const ids = Array.from({ length: total + 3 }, (_, i) => `doc-${i}`);
    await instance.bulkWrite(ids.map((id) => itemRow(item(id))), 'test');
    const stored = await instance.findDocumentsById(ids, false);
    const old = Date.now() - 60_000;
    await instance.bulkWrite(
      stored.map((doc, i) => itemRow(item(doc.id), doc, { _deleted: true, _meta: { lwt: i < total ? old : Date.now() } })),
      'test',
    );
    expect(await instance.cleanup(30_000)).toBe(false);
    expect(await instance.cleanup(30_000)).toBe(false);
    expect(await instance.cleanup(30_000)).toBe(true);
    expect((await instance.findDocumentsById(ids, true)).map((d) => d.id)).toEqual(ids.slice(total));
  });

  it('stores attachments in the same transaction and serves them by digest', async () => {
    const { instance } = await open();
    const data = new Blob(['hello \u{1F600}'], { type: 'text/plain' });
    const attachment = { data, digest: 'md5-1', length: data.size, type: 'text/plain' };
    await instance.bulkWrite([itemRow(item('a'), undefined, { _attachments: { 'note.txt': attachment } })], 'test');
    const stored = (await instance.findDocumentsById(['a'], false))[0]!;
    expect(stored._attachments).toEqual({ 'note.txt': { digest: 'md5-1', length: data.size, type: 'text/plain' } });
    const blob = await instance.getAttachmentData('a', 'note.txt', 'md5-1');
    expect([await blob.text(), blob.type]).toEqual(['hello \u{1F600}', 'text/plain']);
    await expect(instance.getAttachmentData('a', 'note.txt', 'md5-other')).rejects.toThrow(/does not exist/);

    await instance.bulkWrite([itemRow(item('a'), stored, { _attachments: {} })], 'test');
    await expect(instance.getAttachmentData('a', 'note.txt', 'md5-1')).rejects.toThrow(/does not exist/);
  });

  it('closes idempotently and refuses work afterwards', async () => {
    const { instance } = await open();
    await instance.close();
    await instance.close();
    await expect(instance.findDocumentsById(['a'], false)).rejects.toThrow(/closed/);
    await expect(instance.bulkWrite([itemRow(item('a'))], 'test')).rejects.toThrow(/closed/);
  });

  it('shares one connection between the collections of a database and deletes the file with the last one', async () => {
    const { instance: first, directory, file } = await open(undefined, 'shared', 'first');
    const { instance: second } = await open(directory, 'shared', 'second');
    expect(first.internals).not.toBe(second.internals);
    expect((first.internals as { database: unknown }).database).toBe((second.internals as { database: unknown }).database);
    await first.remove();
    expect(existsSync(file)).toBe(true);
    await second.remove();
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('removes the file when RxDB removes the whole database', async () => {
    const directory = dirs.make();
    const db = await createRxDatabase({ name: 'gone', storage: getRxStorageSQLite({ directory }), multiInstance: false });
    const { a } = await db.addCollections({ a: { schema: ITEM_JSON_SCHEMA }, b: { schema: ITEM_JSON_SCHEMA } });
    await a.insert(item('x'));
    expect(existsSync(join(directory, 'gone.sqlite'))).toBe(true);
    await db.remove();
    expect(existsSync(join(directory, 'gone.sqlite'))).toBe(false);
  });

  it('refuses a file written in another storage format instead of misreading its index columns', async () => {
    const directory = dirs.make();
    const older = new Database(join(directory, 'db.sqlite'));
    older.exec('CREATE TABLE rxstorage_tables (table_name TEXT PRIMARY KEY NOT NULL, indexes TEXT NOT NULL, last_seq INTEGER NOT NULL DEFAULT 0)');
    older.close();
    await expect(open(directory)).rejects.toThrow(/storage format 0/);
  });

  it('rejects multiInstance databases', async () => {
    const storage = getRxStorageSQLite({ directory: dirs.make() });
    const params = { databaseInstanceToken: 't', databaseName: 'db', collectionName: 'c', schema: ITEM_SCHEMA, options: {}, devMode: false };
    await expect(storage.createStorageInstance<Item>({ ...params, multiInstance: true })).rejects.toThrow(/multiInstance: false/);
  });
});
