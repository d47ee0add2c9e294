import { expect } from 'vitest';
import type { RecordCollection } from '../../src/server/storage/database.ts';
import type { StoredRecord } from '../../src/server/storage/record-schema.ts';
import type { TestServer } from './server.ts';

/**
 * Makes every storage write of `collection` (default: the course collection) that touches the record `key` (or a record `matches` picks)
 * fail, as a full disk would, until the returned restore is called: a multi-record change must then leave nothing
 * of itself behind. Restoring also checks that the fault was hit: the server logged it (each 500 it answers) and
 * logged nothing else, so a change that never reached the failing write cannot pass for an atomic one.
 */
export function failWritesOf(
  server: TestServer,
  key: string | ((doc: StoredRecord) => boolean),
  collection: RecordCollection = server.core.db.collections.course,
): () => void {
  const matches = typeof key === 'string' ? (doc: StoredRecord) => doc.key === key : key;
  const storage = collection.storageInstance;
  const original = storage.bulkWrite.bind(storage);
  const loggedBefore = server.errors.length;
  storage.bulkWrite = (rows, context) => (rows.some((row) => matches(row.document)) ? Promise.reject(new Error('disk full')) : original(rows, context));
  return () => {
    storage.bulkWrite = original;
    const logged = server.errors.slice(loggedBefore).map((entry) => (entry.error as Error).message);
    expect(logged, 'what the server logged while writes failed').toContain('disk full');
    expect(new Set(logged), 'what the server logged while writes failed').toEqual(new Set(['disk full']));
  };
}

/**
 * Lets another writer insert a record under the key of the first new record `matches` picks, just before the
 * storage write that would insert it, as a concurrent request could: the storage itself then refuses that row
 * (409). A change that inserts several records must then leave none of the others behind.
 */
export function takeKeyBeforeInsert(
  server: TestServer,
  matches: (doc: StoredRecord) => boolean,
  collection: RecordCollection = server.core.db.collections.course,
): () => void {
  const storage = collection.storageInstance;
  const original = storage.bulkWrite.bind(storage);
  let taken = false;
  storage.bulkWrite = async (rows, context) => {
    const row = taken ? undefined : rows.find((r) => !r.previous && matches(r.document));
    if (row) {
      taken = true;
      const { error } = await original([{ document: row.document }], 'concurrent-writer');
      if (error.length > 0) throw new Error(`the concurrent insert of ${row.document.key} failed`);
    }
    return original(rows, context);
  };
  return () => {
    storage.bulkWrite = original;
  };
}

/**
 * Makes every read of `collection` (lookups by id, queries and counts) fail, as a lost or corrupt database file
 * would, until the returned restore is called.
 */
export function failReadsOf(collection: RecordCollection): () => void {
  const storage = collection.storageInstance;
  const originals = { findDocumentsById: storage.findDocumentsById, query: storage.query, count: storage.count };
  const fail = () => Promise.reject(new Error('storage read failed'));
  Object.assign(storage, { findDocumentsById: fail, query: fail, count: fail });
  return () => {
    Object.assign(storage, originals);
  };
}
