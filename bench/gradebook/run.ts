import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { settleBackgroundWork } from '../../test/helpers/gradebook-fixtures.ts';
import { startTestServer } from '../../test/helpers/server.ts';
import { buildGradedCourse } from '../grading/graded-course.ts';
import { summary } from '../grading/percentiles.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * Issue 15's gradebook target: everything the gradebook screen reads for 1,000 students × 50 assignments
 * (assignment groups with their assignments, the student enrollments with their totals, every student's
 * submissions) loaded over real HTTP from a real server in under a second, with the calls the screen makes.
 * Sizes: OUTPOST_BENCH_STUDENTS (default 1,000), OUTPOST_BENCH_ASSIGNMENTS (50), OUTPOST_BENCH_LOADS (20 loads from
 * the running server), OUTPOST_BENCH_FIRST_LOADS (5: each the first load of a server process just started on the
 * same data, as after the app is restarted: nothing compiled, nothing in memory).
 */
const STUDENTS = Number(process.env.OUTPOST_BENCH_STUDENTS ?? 1000);
const ASSIGNMENTS = Number(process.env.OUTPOST_BENCH_ASSIGNMENTS ?? 50);
const LOADS = Number(process.env.OUTPOST_BENCH_LOADS ?? 20);
const FIRST_LOADS = Number(process.env.OUTPOST_BENCH_FIRST_LOADS ?? 5);
const TARGET_MS = 1000;

const server = await startTestServer();
let fresh: ServerProcess | undefined;
let client: Worker | undefined;
try {
  const setupStart = performance.now();
  const { courseId, teacher } = await buildGradedCourse(server, STUDENTS, ASSIGNMENTS);
  console.log(`course: ${STUDENTS} students × ${ASSIGNMENTS} assignments (built in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);
  const worker = (client = new Worker(new URL('./client-worker.ts', import.meta.url), { workerData: { url: server.url, token: teacher.token, courseId } }));
  const ask = (kind: 'open' | 'load') =>
    new Promise<number>((resolve, reject) => {
      worker.once('message', (answer: { submissions?: number; error?: string }) => (answer.error ? reject(new Error(answer.error)) : resolve(answer.submissions!)));
      worker.postMessage(kind);
    });
  const load = async () => {
    const submissions = await ask('load');
    if (submissions !== STUDENTS * ASSIGNMENTS) throw new Error(`loaded ${submissions} submissions`);
  };
  // The first load ever creates the submissions of the ungraded assignment, as Canvas keeps one per student; it is
  // not timed.
  await ask('open');
  await load();
  await settleBackgroundWork(server);
  // Loads from the running server (in this process). CPU is the process's: the server's thread and the client's.
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await load();
    const cpu = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  await server.close();
  // Each first load after a restart: a new server process on the same data and port (the client's kept-alive
  // connection resets once on `open`). CPU is the server process's alone.
  const firsts: number[] = [];
  const firstCpu: number[] = [];
  for (let i = 0; i < FIRST_LOADS; i++) {
    fresh = await startServerProcess(server.dataDir, server.port);
    await ask('open');
    const cpuStart = fresh.cpuMs();
    const start = performance.now();
    await load();
    firsts.push(performance.now() - start);
    const cpuEnd = fresh.cpuMs();
    if (cpuStart !== undefined && cpuEnd !== undefined) firstCpu.push(cpuEnd - cpuStart);
    await fresh.stop();
    fresh = undefined;
  }
  const s = summary(times);
  const c = summary(cpuTimes);
  const f = summary(firsts);
  const fc = summary(firstCpu);
  const verdict = (ms: number) => (ms < TARGET_MS ? 'met' : '**missed**');
  console.log(`${LOADS} loads from the running server, then ${FIRST_LOADS} first loads, each from a server process just started; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}\n`);
  console.log('| measure | median ms | p95 ms | CPU ms, median | target |');
  console.log('|---|---:|---:|---:|---|');
  console.log(`| gradebook data, ${STUDENTS} × ${ASSIGNMENTS}, from the running server | ${s.median.toFixed(0)} | ${s.p95.toFixed(0)} | ${c.median.toFixed(0)} (server and client) | < ${TARGET_MS} ms ${verdict(s.p95)} |`);
  console.log(`| gradebook data, ${STUDENTS} × ${ASSIGNMENTS}, first load of a server process just started | ${f.median.toFixed(0)} | ${f.p95.toFixed(0)} | ${firstCpu.length ? fc.median.toFixed(0) : 'n/a'} (server) | < ${TARGET_MS} ms ${verdict(f.p95)} |`);
} finally {
  await fresh?.stop();
  await client?.terminate();
  // Closing is idempotent: this also deletes the data directory.
  await server.stop();
}
