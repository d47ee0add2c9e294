import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { normalizeMangoQuery, prepareQuery, type MangoQuerySelector } from 'rxdb';
import { RECORD_MIGRATIONS } from '../../src/server/domain/record-migrations.ts';
import { openDatabase, type RecordCollection } from '../../src/server/storage/database.ts';
import type { StoredRecord } from '../../src/server/storage/record-schema.ts';
import { recordOf, TypedRecords } from '../../src/server/storage/typed-records.ts';
import { summary } from '../grading/percentiles.ts';

/**
 * `$in` reads at a school's size, in process on a real SQLite file: `TypedRecords.find` (one index range per value)
 * against the same query run as RxDB plans it (one range from the smallest to the largest value, filtered), which is
 * how `find` ran before. The shapes are the planner's and dashboards': a student's 6 of 30 courses, their topics,
 * their submissions, and a type with no records at all (where `find` keeps RxDB's one range). OUTPOST_BENCH_RUNS (default 30) times each read.
 */
const RUNS = Number(process.env.OUTPOST_BENCH_RUNS ?? 30);
const COURSES = 30;
const STUDENTS = 100;
const ASSIGNMENTS = 40;
const TOPICS = 20;
const ENTRIES = 30;
const TIMETABLE = [1, 6, 11, 16, 21, 26];
const STUDENT = 7;
const TEXT = 'x'.repeat(300);

const dir = mkdtempSync(join(tmpdir(), 'outpost-bench-lists-'));
const db = await openDatabase({ dataDir: dir, migrations: RECORD_MIGRATIONS });
let nextId = 1;
const record = (type: string, slots: Partial<StoredRecord>, data: Record<string, unknown>): StoredRecord => {
  const id = nextId++;
  return {
    key: `${type}:${id}`, type, id, course_id: 0, user_id: 0, parent_id: 0, sort_key: '', lookup_key: '',
    created_at: id, updated_at: id, updated_by: 0, request_id: '', ...slots, data,
  };
};
async function insert(collection: RecordCollection, rows: StoredRecord[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 10_000) await collection.bulkInsert(rows.slice(start, start + 10_000));
}

const seeding = performance.now();
const course: StoredRecord[] = [];
const courseUser: StoredRecord[] = [];
const assignmentIds = new Map<number, number[]>();
const topicIds = new Map<number, number[]>();
for (let c = 1; c <= COURSES; c++) {
  const assignments = Array.from({ length: ASSIGNMENTS }, (_, a) => record('assignment', { course_id: c, sort_key: String(a).padStart(4, '0') }, { name: `A${a}`, description: TEXT }));
  const topics = Array.from({ length: TOPICS }, (_, t) => record('discussion_topic', { course_id: c }, { title: `T${t}`, message: TEXT }));
  course.push(...assignments, ...topics);
  assignmentIds.set(c, assignments.map((a) => a.id));
  topicIds.set(c, topics.map((t) => t.id));
  for (const topic of topics) {
    for (let e = 0; e < ENTRIES; e++) course.push(record('discussion_entry', { course_id: c, parent_id: topic.id, user_id: 1 + e }, { message: TEXT }));
  }
}
const studentSubmissions: number[] = [];
for (let c = 1; c <= COURSES; c++) {
  for (let s = 1; s <= STUDENTS; s++) {
    for (const assignment of assignmentIds.get(c)!) {
      const submission = record('submission', { course_id: c, user_id: s, parent_id: assignment }, { score: s % 10, body: TEXT });
      courseUser.push(submission);
      if (s === STUDENT && TIMETABLE.includes(c)) studentSubmissions.push(submission.id);
      if (submission.id % 4 === 0) courseUser.push(record('submission_comment', { course_id: c, user_id: s, parent_id: submission.id }, { comment: TEXT }));
    }
  }
}
await insert(db.course, course);
await insert(db.course_user, courseUser);
const seeded = performance.now() - seeding;

/** The query as `find` ran it before: RxDB's plan, one range, run by the storage. */
async function asPlanned(collection: RecordCollection, type: string, selector: MangoQuerySelector<StoredRecord>): Promise<StoredRecord[]> {
  const schema = collection.schema.jsonSchema;
  const query = normalizeMangoQuery(schema, { selector: { ...selector, type }, sort: [{ id: 'asc' }] });
  query.selector = { ...query.selector, _deleted: { $eq: false } };
  return (await collection.storageInstance.query(prepareQuery(schema, query))).documents.map(recordOf);
}

const reads: { measure: string; collection: RecordCollection; type: string; selector: MangoQuerySelector<StoredRecord> }[] = [
  { measure: `assignments of ${TIMETABLE.length} courses`, collection: db.course, type: 'assignment', selector: { course_id: { $in: TIMETABLE } } },
  {
    measure: `discussion entries of ${TIMETABLE.length * TOPICS} topics`, collection: db.course, type: 'discussion_entry',
    selector: { parent_id: { $in: TIMETABLE.flatMap((c) => topicIds.get(c)!) } },
  },
  {
    measure: `submission comments of ${studentSubmissions.length} submissions`, collection: db.course_user, type: 'submission_comment',
    selector: { parent_id: { $in: studentSubmissions } },
  },
  {
    measure: `read marks of ${studentSubmissions.length} submissions (none stored: the plan's range is read)`, collection: db.course_user, type: 'submission_read',
    selector: { parent_id: { $in: studentSubmissions } },
  },
  { measure: `submissions of ${TIMETABLE.length} courses' first assignments`, collection: db.course_user, type: 'submission', selector: { parent_id: { $in: TIMETABLE.map((c) => assignmentIds.get(c)![0]!) } } },
];

console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load ${loadavg()[0]!.toFixed(1)}`);
console.log(`Seeded ${course.length + courseUser.length} records (${course.length} course, ${courseUser.length} course_user) in ${(seeded / 1000).toFixed(1)} s; ${RUNS} runs each (ms)\n`);
console.log('| read | records | as RxDB plans it: p50 / p95 | one range per value: p50 / p95 |\n|---|---:|---:|---:|');
for (const { measure, collection, type, selector } of reads) {
  const records = new TypedRecords(collection, type);
  const before = await asPlanned(collection, type, selector);
  const after = await records.find(selector);
  if (JSON.stringify(before) !== JSON.stringify(after)) throw new Error(`${measure}: the two reads differ`);
  const time = async (read: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await read();
      ms.push(performance.now() - start);
    }
    const { median, p95 } = summary(ms);
    return `${median.toFixed(1)} / ${p95.toFixed(1)}`;
  };
  console.log(`| ${measure} | ${after.length} | ${await time(() => asPlanned(collection, type, selector))} | ${await time(() => records.find(selector))} |`);
}
await db.close();
rmSync(dir, { recursive: true, force: true });
