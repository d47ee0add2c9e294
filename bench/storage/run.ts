import { cpus } from 'node:os';
import { crashCheck } from './crash-check.ts';
import { formatTable, type Row } from './report.ts';
import { compareWithMemory } from './rxdb-performance.ts';
import { ASSIGNMENTS, measureOurStorage, measureRawFloor, STUDENTS } from './submissions.ts';

/**
 * Storage benchmark (issue 3): RxDB's runPerformanceTests for Outpost's SQLite storage next to storage-memory,
 * the 50,000-submission set against a raw better-sqlite3 floor, and many SIGKILL crash rounds. Prints markdown
 * for docs/benchmarks.md. OUTPOST_BENCH_RUNS (default 10) and OUTPOST_BENCH_CRASH_ROUNDS (default 20) size it.
 */
const runs = Number(process.env.OUTPOST_BENCH_RUNS ?? 10);
const crashRounds = Number(process.env.OUTPOST_BENCH_CRASH_ROUNDS ?? 20);
const seed = Date.now() >>> 0;

console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${process.platform}`);

console.log(`\nRxDB runPerformanceTests, median of ${runs} runs per storage (ms, lower is better):\n`);
const rxdb = await compareWithMemory(runs);
const targets: Record<string, number> = {
  'find-by-ids-3000': 3,
  'serial-find-by-id-50': 3,
  'find-by-query': 3,
  'find-by-query-parallel-4': 3,
  '4x-count': 2,
};
const rxdbRows: Row[] = Object.keys(rxdb.sqlite).map((key) => ({
  measure: key,
  ours: rxdb.sqlite[key]!,
  reference: rxdb.memory[key]!,
  maxRatio: targets[key],
}));
console.log(formatTable('storage-memory', rxdbRows));

console.log(`\n${STUDENTS * ASSIGNMENTS} submission records (${STUDENTS} students × ${ASSIGNMENTS} assignments), course_user shape (ms):\n`);
const ours = await measureOurStorage();
const raw = measureRawFloor();
console.log(
  formatTable('raw better-sqlite3', [
    { measure: `bulk insert ${STUDENTS * ASSIGNMENTS} (one bulkWrite)`, ours: ours.bulkInsert, reference: raw.bulkInsert, maxRatio: 3 },
    { measure: `indexed query of ${STUDENTS} (median)`, ours: ours.queryOneAssignment, reference: raw.queryOneAssignment },
    { measure: 'durable single update (median)', ours: ours.durableUpdate, reference: raw.durableUpdate, maxMs: 2 },
  ]),
);

console.log(`\nSIGKILL crash check, ${crashRounds} rounds (seed ${seed}):\n`);
const crash = await crashCheck(crashRounds, seed);
console.log(`| rounds | acknowledged writes | lost | integrity_check failures |\n|---:|---:|---:|---:|`);
console.log(`| ${crash.rounds} | ${crash.acknowledged} | ${crash.lost} | ${crash.corrupt} |`);
if (crash.lost > 0 || crash.corrupt > 0) process.exitCode = 1;
