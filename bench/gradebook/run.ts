import { cpus } from 'node:os';
import { startTestServer } from '../../test/helpers/server.ts';
import { buildGradedCourse } from '../grading/graded-course.ts';
import { summary } from '../grading/percentiles.ts';
import { loadGradebook } from './load-gradebook.ts';

/**
 * Issue 15's gradebook target: everything the gradebook screen reads for 1,000 students × 50 assignments
 * (assignment groups with their assignments, the student enrollments with their totals, every student's
 * submissions) loaded over real HTTP from a real server in under a second, with the calls the screen makes.
 * Sizes: OUTPOST_BENCH_STUDENTS (default 1,000), OUTPOST_BENCH_ASSIGNMENTS (50), OUTPOST_BENCH_LOADS (20).
 */
const STUDENTS = Number(process.env.OUTPOST_BENCH_STUDENTS ?? 1000);
const ASSIGNMENTS = Number(process.env.OUTPOST_BENCH_ASSIGNMENTS ?? 50);
const LOADS = Number(process.env.OUTPOST_BENCH_LOADS ?? 20);
const TARGET_MS = 1000;

const server = await startTestServer();
try {
  const setupStart = performance.now();
  const { courseId, teacher } = await buildGradedCourse(server, STUDENTS, ASSIGNMENTS);
  console.log(`course: ${STUDENTS} students × ${ASSIGNMENTS} assignments (built in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);
  const fetchJson = async (path: string) => {
    const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${teacher.token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
    return { json: JSON.parse(body) as unknown, link: res.headers.get('link') };
  };
  const load = () => loadGradebook(courseId, fetchJson, server.url);
  // A kept-alive connection the server closed while the seeding kept it idle resets once; then it reconnects.
  await fetchJson(`/api/v1/courses/${courseId}`).catch((err: { cause?: { code?: string } }) => {
    if (err.cause?.code !== 'ECONNRESET') throw err;
  });
  const times: number[] = [];
  // The process's CPU time per load (server and client share it): on a machine other jobs share, the wall time
  // mostly measures the wait for a core, the CPU time what a load costs.
  const cpuTimes: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const loaded = await load();
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (loaded.submissions !== STUDENTS * ASSIGNMENTS) throw new Error(`loaded ${loaded.submissions} submissions`);
  }
  const s = summary(times);
  const c = summary(cpuTimes);
  console.log(`${LOADS} loads; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}\n`);
  console.log('| measure | median ms | p95 ms | target |');
  console.log('|---|---:|---:|---|');
  console.log(`| gradebook data, ${STUDENTS} × ${ASSIGNMENTS} | ${s.median.toFixed(0)} | ${s.p95.toFixed(0)} | < ${TARGET_MS} ms ${s.p95 < TARGET_MS ? 'met' : '**missed**'} |`);
  console.log(`| CPU time of a load (server and client) | ${c.median.toFixed(0)} | ${c.p95.toFixed(0)} | |`);
} finally {
  await server.stop();
}
