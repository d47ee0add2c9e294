import { cpus } from 'node:os';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { buildCourse, ITEMS_PER_MODULE, MODULES, STUDENTS } from './course.ts';

/**
 * Issue 5's performance target: a student's `GET /courses/:id/modules?include[]=items&include[]=content_details`
 * (progression evaluated) against the same call by the teacher (none), over real HTTP to a real server.
 * Sizes: OUTPOST_BENCH_CALLS (default 200 per side), OUTPOST_BENCH_WARMUP (default 30 per side).
 */
const CALLS = Number(process.env.OUTPOST_BENCH_CALLS ?? 200);
const WARMUP = Number(process.env.OUTPOST_BENCH_WARMUP ?? 30);
const ADMIN = 'bench-modules-admin';
const TARGET_MS = 15;
const TARGET_RATIO = 3;

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function timedGet(server: TestServer, token: string, path: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
  return { ms, bytes: body.length };
}

/** A kept-alive connection the server closed while idle (during setup) resets once; the next call reconnects. */
async function settle(server: TestServer, token: string, path: string): Promise<void> {
  try {
    await timedGet(server, token, path);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
  }
}

const server = await startTestServer({ adminToken: ADMIN });
try {
  const setupStart = performance.now();
  const course = await buildCourse(server, ADMIN, server.core.services.installation.root_account_id);
  console.log(`course: ${MODULES} modules × ${ITEMS_PER_MODULE} items, ${STUDENTS} students (built in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);
  // per_page=100 so one page holds every module: the whole list is what a client renders.
  const path = `/api/v1/courses/${course.courseId}/modules?include[]=items&include[]=content_details&per_page=100`;
  const student = (i: number) => course.studentTokens[i % course.studentTokens.length]!;
  await settle(server, course.teacherToken, path);
  for (let i = 0; i < WARMUP; i++) {
    await timedGet(server, student(i), path);
    await timedGet(server, course.teacherToken, path);
  }
  const times = { student: [] as number[], teacher: [] as number[] };
  let bytes = { student: 0, teacher: 0 };
  // Alternating, so drift in the machine's load falls on both sides alike; students rotate through all 30.
  for (let i = 0; i < CALLS; i++) {
    const s = await timedGet(server, student(i), path);
    const t = await timedGet(server, course.teacherToken, path);
    times.student.push(s.ms);
    times.teacher.push(t.ms);
    bytes = { student: s.bytes, teacher: t.bytes };
  }
  const stats = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
  };
  const st = stats(times.student);
  const te = stats(times.teacher);
  const ratio = st.median / te.median;
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  console.log(`${CALLS} calls per side after ${WARMUP} warm-up calls; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  console.log(`response size: student ${(bytes.student / 1024).toFixed(0)} KiB, teacher ${(bytes.teacher / 1024).toFixed(0)} KiB\n`);
  console.log('| caller | median ms | p95 ms | target |');
  console.log('|---|---:|---:|---|');
  console.log(`| student (progression) | ${st.median.toFixed(1)} | ${st.p95.toFixed(1)} | median < ${TARGET_MS} ms ${verdict(st.median < TARGET_MS)} |`);
  console.log(`| teacher | ${te.median.toFixed(1)} | ${te.p95.toFixed(1)} | |`);
  console.log(`| student / teacher (median) | ${ratio.toFixed(2)}× | | ≤ ${TARGET_RATIO}× ${verdict(ratio <= TARGET_RATIO)} |`);
} finally {
  await server.stop();
}
