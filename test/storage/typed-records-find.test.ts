import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MangoQuerySortPart } from 'rxdb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECORD_MIGRATIONS } from '../../src/server/domain/record-migrations.ts';
import { openDatabase, type OutpostDatabase } from '../../src/server/storage/database.ts';
import type { StoredRecord } from '../../src/server/storage/record-schema.ts';
import { TableStatements } from '../../src/server/storage/sqlite/table-statements.ts';
import { TypedRecords } from '../../src/server/storage/typed-records.ts';

/**
 * `TypedRecords` reads straight from the storage (the rows as records) against RxDB's own queries and lookups
 * (through its document layer) on a real SQLite file: the same records in the same order for every selector and
 * sort, the same page for every skip and limit, and never a deleted record or another type's.
 */
describe('TypedRecords reads from the storage', () => {
  let dir: string;
  let db: OutpostDatabase;
  let submissions: TypedRecords<{ score: number | null; note: string }>;

  const record = (type: string, id: number, slots: Partial<StoredRecord>, data: Record<string, unknown>): StoredRecord => ({
    key: `${type}:${id}`, type, id, course_id: 0, user_id: 0, parent_id: 0, sort_key: '', lookup_key: '',
    created_at: id, updated_at: id, updated_by: 0, request_id: '', ...slots, data,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-read-'));
    db = await openDatabase({ dataDir: dir, migrations: RECORD_MIGRATIONS });
    submissions = new TypedRecords(db.course_user, 'submission');
    const rows: StoredRecord[] = [];
    // Ids out of key order (submission:10 sorts before submission:9 as a string), courses, users and parents mixed.
    for (let id = 1; id <= 60; id++) {
      const slots = {
        course_id: 1 + (id % 3), user_id: 100 + (id % 7), parent_id: 200 + (id % 5),
        sort_key: id % 4 === 0 ? 'needs_grading' : id % 4 === 1 ? 'submitted' : '', lookup_key: id % 8 === 0 ? '' : `k${id % 8}`,
      };
      rows.push(record('submission', id, slots, { score: id % 6 === 0 ? null : id, note: `n${id % 9}` }));
    }
    // Another type in the same collection and slots: never a submission.
    for (let id = 61; id <= 70; id++) rows.push(record('submission_version', id, { course_id: 1, user_id: 101, parent_id: 201, lookup_key: 'k1' }, { score: 1, note: 'v' }));
    await db.course_user.bulkInsert(rows);
    // Deleted records stay as tombstones for sync: never results.
    const gone = await db.course_user.findByIds(['submission:3', 'submission:31', 'submission:40']).exec();
    for (const doc of gone.values()) await doc.remove();
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const selectors = [
    {},
    { course_id: 2 },
    { user_id: 103, course_id: 1 },
    { parent_id: 202 },
    { parent_id: 201, sort_key: 'needs_grading' },
    { parent_id: 204, sort_key: { $gt: '' } },
    { course_id: 1, user_id: { $in: [100, 104, 106] } },
    { 'data.note': 'n2' },
    { course_id: 3, 'data.score': null },
  ];
  const sorts: (MangoQuerySortPart<StoredRecord>[] | undefined)[] = [undefined, [{ id: 'desc' }], [{ sort_key: 'asc' }, { id: 'asc' }], [{ user_id: 'desc' }, { id: 'asc' }]];
  /** The oracle: RxDB's query, through its document layer. */
  const rxdbFind = async (selector: Record<string, unknown>, sort: MangoQuerySortPart<StoredRecord>[] = [{ id: 'asc' }]) =>
    (await db.course_user.find({ selector: { ...selector, type: 'submission' }, sort }).exec()).map((doc) => doc.toMutableJSON());

  /** `find` answers as the oracle does for a selector and sort; the oracle's records, for further checks. */
  const expectSameAsRxdb = async (selector: Record<string, unknown>, sort: MangoQuerySortPart<StoredRecord>[] | undefined) => {
    const expected = await rxdbFind(selector, sort);
    expect(await submissions.find(selector, sort), JSON.stringify({ selector, sort })).toEqual(expected);
    return expected;
  };

  it('finds the same records in the same order as RxDB, for every selector and sort', async () => {
    for (const selector of selectors) for (const sort of sorts) await expectSameAsRxdb(selector, sort);
    expect((await submissions.find({ course_id: 1 })).length).toBeGreaterThan(10);
  });

  /** `$in` on each slot, alone and with other conditions; duplicates, absent values, records of other types and deleted ones among them. */
  const inSelectors = [
    { course_id: { $in: [3, 1] } },
    { course_id: { $in: [2, 2, 9, 2] } },
    { parent_id: { $in: [204, 201, 202] } },
    { parent_id: { $in: [203] }, sort_key: 'needs_grading' },
    { parent_id: { $in: [200, 201] }, sort_key: { $gt: '' } },
    { user_id: { $in: [106, 101, 103] } },
    { user_id: { $in: [101, 105] }, course_id: 2 },
    { user_id: 101, course_id: { $in: [1, 3] } },
    { course_id: 1, user_id: { $in: [100, 104, 106] } },
    { lookup_key: { $in: ['k3', 'k1', 'nope'] } },
    { lookup_key: { $in: ['', 'k7'] }, 'data.score': { $gt: 20 } },
    { parent_id: { $in: [201, 202] }, 'data.note': 'n4' },
  ];

  /** What a `find` asks the storage for: queries through RxDB's interface, and index ranges read in SQLite. */
  const storageCalls = async (selector: Record<string, unknown>) => {
    const queries = vi.spyOn(db.course_user.storageInstance, 'query');
    const statements = vi.spyOn(TableStatements.prototype, 'range');
    try {
      await submissions.find(selector);
      return { queries: queries.mock.calls.length, rangesRead: statements.mock.calls.filter(([, , , kind]) => kind === 'docs').length };
    } finally {
      queries.mockRestore();
      statements.mockRestore();
    }
  };

  it('answers $in on every slot with one index range per value, as RxDB does: same records, order and pages', async () => {
    for (const selector of inSelectors) {
      for (const sort of sorts) {
        const all = await expectSameAsRxdb(selector, sort);
        const label = JSON.stringify({ selector, sort });
        for (const [skip, limit] of [[0, 3], [2, 4], [5, 100], [all.length, 5], [0, 0], [4, undefined]] as const) {
          const page = await submissions.find(selector, sort, { skip, limit });
          expect(page, JSON.stringify({ label, skip, limit })).toEqual(all.slice(skip, limit === undefined ? undefined : skip + limit));
        }
      }
      // Our storage answered it in one call, one index range per distinct value.
      const [field, condition] = Object.entries(selector).find(([, c]) => typeof c === 'object' && '$in' in c)!;
      // A single value is a single range already in RxDB's plan.
      const values = new Set((condition as { $in: unknown[] }).$in);
      const expected = values.size === 1 ? { queries: 1, rangesRead: 1 } : { queries: 0, rangesRead: values.size };
      expect(await storageCalls(selector), `${field}: ${JSON.stringify(selector)}`).toEqual(expected);
    }
    expect((await submissions.find({ parent_id: { $in: [201, 202] } })).length).toBeGreaterThan(10);
  });

  it('answers an empty $in with nothing, leaves to RxDB’s plan an $in it cannot split, and reads a sparse one as planned', async () => {
    expect(await storageCalls({ course_id: { $in: [] } })).toEqual({ queries: 0, rangesRead: 0 });
    expect(await submissions.find({ course_id: { $in: [] } })).toEqual([]);
    expect(await submissions.find({ parent_id: { $in: [] }, sort_key: 'submitted' }, undefined, { limit: 5 })).toEqual([]);
    // Not an index slot, mixed with another operator, a value the slot cannot hold, after a range in the plan's index,
    // or not in the index RxDB chose (it ranges over course 2 only).
    for (const selector of [
      { 'data.note': { $in: ['n1', 'n2'] } },
      { course_id: { $in: [1, 2], $ne: 2 } },
      { course_id: { $in: [1, '2'] } },
      { user_id: { $in: [101, -1] } },
      { user_id: { $gt: 102 }, course_id: { $in: [1, 2] } },
      { course_id: 2, parent_id: { $in: [201, 202] } },
    ]) {
      expect(await storageCalls(selector), JSON.stringify(selector)).toEqual({ queries: 1, rangesRead: 1 });
      expect(await submissions.find(selector), JSON.stringify(selector)).toEqual(await rxdbFind(selector));
    }
    // Many values over few records (16 topics, 57 submissions): the plan's one range costs less than 16.
    const sparse = { parent_id: { $in: Array.from({ length: 16 }, (_, i) => 200 + i) } };
    expect(await storageCalls(sparse)).toEqual({ queries: 0, rangesRead: 1 });
    for (const sort of sorts) {
      for (const [skip, limit] of [[0, 100], [3, 7]] as const) {
        expect(await submissions.find(sparse, sort, { skip, limit }), JSON.stringify({ sort, skip, limit })).toEqual((await rxdbFind(sparse, sort)).slice(skip, skip + limit));
      }
    }
  });

  it('gets by id and by lookup key as RxDB does, never a deleted record or another type’s', async () => {
    const ids = [1, 3, 10, 31, 59, 61, 99];
    const expected = await db.course_user.findByIds(ids.map((id) => `submission:${id}`)).exec();
    const got = await submissions.getMany(ids);
    expect([...got.keys()].sort((a, b) => a - b)).toEqual([1, 10, 59]);
    for (const [id, record] of got) expect(record).toEqual(expected.get(`submission:${id}`)!.toMutableJSON());
    expect(await submissions.get(3)).toBeUndefined();
    expect(await submissions.get(61)).toBeUndefined();
    expect(await submissions.get(10)).toEqual(got.get(10));
    expect(await submissions.getMany([])).toEqual(new Map());
  });

  it('pages in the storage: skip and limit give the slice of the same order, for sorts the index does and does not satisfy', async () => {
    for (const selector of [{}, { course_id: 2 }, { parent_id: 203 }, { 'data.note': 'n4' }]) {
      for (const sort of sorts) {
        const all = await rxdbFind(selector, sort);
        for (const [skip, limit] of [[0, 5], [5, 5], [3, 100], [all.length, 5], [0, 0]] as const) {
          const page = await submissions.find(selector, sort, { skip, limit });
          expect(page, JSON.stringify({ selector, sort, skip, limit })).toEqual(all.slice(skip, skip + limit));
        }
      }
    }
  });

  it('gives records with the envelope only, no RxDB fields, and of the asked type only', async () => {
    const all = await submissions.find();
    expect(all.map((r) => r.id)).toEqual([...Array.from({ length: 60 }, (_, i) => i + 1)].filter((id) => ![3, 31, 40].includes(id)));
    expect(Object.keys(all[0]!).sort()).toEqual(
      ['course_id', 'created_at', 'data', 'id', 'key', 'lookup_key', 'parent_id', 'request_id', 'sort_key', 'type', 'updated_at', 'updated_by', 'user_id'],
    );
    expect(new Set(all.map((r) => r.type))).toEqual(new Set(['submission']));
  });

  it('hands out records the caller may change without changing what the next read gets', async () => {
    const [first] = await submissions.find({ course_id: 2 });
    first!.data.note = 'changed';
    const [again] = await submissions.find({ course_id: 2 });
    expect(again!.data.note).not.toBe('changed');
  });
});
