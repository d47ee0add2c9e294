import type { RecordCollection } from '../../src/server/storage/database.ts';
import type { StoredRecord } from '../../src/server/storage/record-schema.ts';
import type { TestServer } from './server.ts';

/**
 * Makes every storage write of `collection` (default: the course collection) that touches the record `key` (or a record `matches` picks)
 * fail, as a full disk would, until the returned restore is called: a multi-record change must then leave nothing
 * of itself behind.
 */
export function failWritesOf(
  server: TestServer,
  key: string | ((doc: StoredRecord) => boolean),
  collection: RecordCollection = server.core.services.repos.assignments.records.collection,
): () => void {
  const matches = typeof key === 'string' ? (doc: StoredRecord) => doc.key === key : key;
  const storage = collection.storageInstance;
  const original = storage.bulkWrite.bind(storage);
  storage.bulkWrite = (rows, context) => (rows.some((row) => matches(row.document)) ? Promise.reject(new Error('disk full')) : original(rows, context));
  return () => {
    storage.bulkWrite = original;
  };
}
