import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRevision, fillWithDefaultSettings, normalizeMangoQuery, prepareQuery, type MangoQuery, type RxDocumentData } from 'rxdb';
import { currentRecordSchema, type StoredRecord } from '../../src/server/storage/record-schema.ts';
import { getRxStorageSQLite } from '../../src/server/storage/sqlite/index.ts';
import { openInstance } from '../../test/helpers/storage-fixtures.ts';
import { median } from './rxdb-performance.ts';

export const STUDENTS = 500;
export const ASSIGNMENTS = 100;
const COURSE_ID = 7;
const QUERY_REPEATS = 25;
const UPDATE_REPEATS = 200;

/** Milliseconds: one bulk insert of all records, median indexed query of one assignment's 500, median single update. */
export interface SubmissionFigures {
  bulkInsert: number;
  queryOneAssignment: number;
  durableUpdate: number;
}

type Doc = RxDocumentData<StoredRecord>;

/** Submission-shaped records, as the course_user collection will hold them: one per student and assignment. */
function submissions(): StoredRecord[] {
  const records: StoredRecord[] = [];
  for (let assignment = 0; assignment < ASSIGNMENTS; assignment++) {
    for (let student = 0; student < STUDENTS; student++) {
      const id = 1 + assignment * STUDENTS + student;
      const userId = 10_000 + student;
      records.push({
        key: `submission:${id}`,
        type: 'submission',
        id,
        course_id: COURSE_ID,
        user_id: userId,
        parent_id: 1_000 + assignment,
        sort_key: String(userId).padStart(12, '0'),
        lookup_key: '',
        created_at: 1_760_000_000_000 + id,
        updated_at: 1_760_000_000_000 + id,
        updated_by: userId,
        request_id: `req-${id}`,
        data: {
          assignment_id: 1_000 + assignment,
          user_id: userId,
          workflow_state: 'graded',
          submission_type: 'online_text_entry',
          body: `<p>Answer of student ${student} to assignment ${assignment}.</p>`,
          score: (id * 7) % 101,
          grade: String((id * 7) % 101),
          attempt: 1,
          late: false,
          missing: false,
          submitted_at: '2026-03-01T10:00:00Z',
          graded_at: '2026-03-02T10:00:00Z',
        },
      });
    }
  }
  return records;
}

function timed(action: () => unknown): number {
  const start = performance.now();
  action();
  return performance.now() - start;
}

async function timedAsync(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/** Through Outpost's RxStorage, at the level RxDB calls it (no RxCollection overhead on top). */
export async function measureOurStorage(): Promise<SubmissionFigures> {
  const directory = mkdtempSync(join(tmpdir(), 'outpost-bench-50k-'));
  const schema = fillWithDefaultSettings(currentRecordSchema());
  const instance = await openInstance<StoredRecord>(getRxStorageSQLite({ directory }), schema, 'outpost', 'course_user');
  try {
    const records = submissions();
    const rows = records.map((record) => ({ document: stored(record, undefined) }));
    const bulkInsert = await timedAsync(async () => {
      const result = await instance.bulkWrite(rows, 'bench');
      if (result.error.length > 0) throw new Error(`bulk insert failed: ${result.error.length} errors`);
    });

    const queryTimes: number[] = [];
    for (let i = 0; i < QUERY_REPEATS; i++) {
      // What RxQuery hands the storage for `find({ selector: { type, parent_id }, sort: [{ sort_key: 'asc' }] })`.
      const mango: MangoQuery<Doc> = {
        selector: { type: 'submission', parent_id: 1_000 + (i % ASSIGNMENTS), _deleted: false },
        sort: [{ sort_key: 'asc' }],
      };
      const query = prepareQuery(schema, normalizeMangoQuery(schema, mango));
      let found = 0;
      queryTimes.push(await timedAsync(async () => (found = (await instance.query(query)).documents.length)));
      if (found !== STUDENTS) throw new Error(`indexed query found ${found} submissions, expected ${STUDENTS}`);
    }

    const updateTimes: number[] = [];
    for (let i = 0; i < UPDATE_REPEATS; i++) {
      const key = records[(i * 7_919) % records.length]!.key;
      const [previous] = await instance.findDocumentsById([key], false);
      const next = { ...previous!, data: { ...previous!.data, score: i % 101 }, updated_at: previous!.updated_at + 1 };
      updateTimes.push(await timedAsync(() => instance.bulkWrite([{ previous, document: stored(next, previous) }], 'bench')));
    }
    return { bulkInsert, queryOneAssignment: median(queryTimes), durableUpdate: median(updateTimes) };
  } finally {
    await instance.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

function stored(record: StoredRecord, previous: Doc | undefined): Doc {
  return { ...record, _deleted: false, _attachments: {}, _rev: createRevision('bench', previous), _meta: { lwt: Date.now() } };
}

/**
 * The floor: what a hand-written better-sqlite3 table of the same records costs with the same durability (WAL,
 * synchronous=FULL) — the slots as typed columns, the same four compound indexes, the record as JSON text.
 */
export function measureRawFloor(): SubmissionFigures {
  const directory = mkdtempSync(join(tmpdir(), 'outpost-bench-raw-'));
  const db = new Database(join(directory, 'raw.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`
      CREATE TABLE submissions (
        key TEXT PRIMARY KEY NOT NULL, type TEXT NOT NULL, course_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
        parent_id INTEGER NOT NULL, sort_key TEXT NOT NULL, lookup_key TEXT NOT NULL, updated_at INTEGER NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX by_lookup ON submissions (type, lookup_key);
      CREATE INDEX by_course ON submissions (type, course_id, sort_key);
      CREATE INDEX by_parent ON submissions (type, parent_id, sort_key);
      CREATE INDEX by_user ON submissions (type, user_id, course_id);
    `);
    const insert = db.prepare(
      'INSERT INTO submissions (key, type, course_id, user_id, parent_id, sort_key, lookup_key, updated_at, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const records = submissions();
    const bulkInsert = timed(() =>
      db.transaction(() => {
        for (const r of records) {
          insert.run(r.key, r.type, r.course_id, r.user_id, r.parent_id, r.sort_key, r.lookup_key, r.updated_at, JSON.stringify(r));
        }
      }).immediate(),
    );

    const select = db.prepare<[string, number], string>('SELECT doc FROM submissions WHERE type = ? AND parent_id = ? ORDER BY sort_key').pluck();
    const queryTimes: number[] = [];
    for (let i = 0; i < QUERY_REPEATS; i++) {
      let found = 0;
      queryTimes.push(timed(() => (found = select.all('submission', 1_000 + (i % ASSIGNMENTS)).map((doc) => JSON.parse(doc) as unknown).length)));
      if (found !== STUDENTS) throw new Error(`raw query found ${found} submissions, expected ${STUDENTS}`);
    }

    const read = db.prepare<[string], string>('SELECT doc FROM submissions WHERE key = ?').pluck();
    const update = db.prepare('UPDATE submissions SET doc = ?, updated_at = ? WHERE key = ?');
    const updateTimes: number[] = [];
    for (let i = 0; i < UPDATE_REPEATS; i++) {
      const key = records[(i * 7_919) % records.length]!.key;
      const record = JSON.parse(read.get(key)!) as StoredRecord;
      const next = { ...record, data: { ...record.data, score: i % 101 }, updated_at: record.updated_at + 1 };
      // Autocommit: one durable transaction per statement, as one API write would be.
      updateTimes.push(timed(() => update.run(JSON.stringify(next), next.updated_at, key)));
    }
    return { bulkInsert, queryOneAssignment: median(queryTimes), durableUpdate: median(updateTimes) };
  } finally {
    db.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
