import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORD_MIGRATIONS } from '../../src/server/domain/record-migrations.ts';
import { DataFieldIndex } from '../../src/server/storage/data-field-index.ts';
import { openDatabase, type OutpostDatabase } from '../../src/server/storage/database.ts';
import type { StoredRecord } from '../../src/server/storage/record-schema.ts';
import { TypedRecords } from '../../src/server/storage/typed-records.ts';
import { randomWrites } from '../helpers/random-writes.ts';
import { seededRandom } from '../helpers/storage-random.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

type Data = { sis_user_id: string | null };

/** What the index answers is what a scan of the storage finds, through random writes, also those racing its first read. */
describe('DataFieldIndex', () => {
  const dirs = tempDirs();
  let db: OutpostDatabase;
  let records: TypedRecords<Data>;

  const record = (id: number, sis: string | null): StoredRecord<Data> => ({
    key: `user:${id}`, type: 'user', id, course_id: 0, user_id: 0, parent_id: 0, sort_key: '', lookup_key: '',
    created_at: id, updated_at: id, updated_by: 0, request_id: '', data: { sis_user_id: sis },
  });
  const scanned = async (value: string) => (await records.find({})).filter((r) => r.data.sis_user_id === value).map((r) => r.id);

  beforeEach(async () => {
    db = await openDatabase({ dataDir: dirs.make('outpost-field-index-'), migrations: RECORD_MIGRATIONS });
    records = new TypedRecords(db.directory, 'user');
  });
  afterEach(async () => {
    await db.close();
    dirs.removeAll();
  });

  it('answers what a scan finds through random inserts, changes, clears and deletions, also racing its first read', async () => {
    const random = seededRandom(11);
    const next = (n: number) => random.int(n);
    const values = ['A', 'B', 'C', 'D'];
    const value = () => (next(5) === 0 ? null : values[next(values.length)]!);
    await db.directory.bulkInsert(Array.from({ length: 40 }, (_, i) => record(i + 1, value())));
    // Another type with the same field never shows.
    await db.directory.insert({ ...record(900, 'A'), key: 'account:900', type: 'account' });
    let nextId = 41;
    const writes = randomWrites(db.directory, records, random, {
      fresh: () => record(nextId++, value()),
      changes: [(picked) => ({ ...picked, data: { sis_user_id: value() } })],
    });
    let index = new DataFieldIndex(records, 'sis_user_id');
    for (let round = 0; round < 40; round++) {
      const startWrites = await writes.round();
      // Every fourth round starts a new index, so its first read races the writes.
      if (round % 4 === 0) index = new DataFieldIndex(records, 'sis_user_id');
      const reading = Promise.all(values.map((v) => index.ids(v)));
      await startWrites();
      await reading;
      for (const v of values) expect(await index.ids(v), `${v} in round ${round}`).toEqual(await scanned(v));
    }
    expect(await index.ids('nobody')).toEqual([]);
  });

  it('reads the type once: later lookups are answered from memory', async () => {
    await db.directory.bulkInsert([record(1, 'A'), record(2, 'B')]);
    const index = new DataFieldIndex(records, 'sis_user_id');
    expect(await index.ids('A')).toEqual([1]);
    const find = records.find.bind(records);
    let reads = 0;
    records.find = (...args) => {
      reads++;
      return find(...args);
    };
    await db.directory.insert(record(3, 'A'));
    expect(await index.ids('A')).toEqual([1, 3]);
    expect(await index.ids('B')).toEqual([2]);
    expect(reads).toBe(0);
  });
});
