import { cpus } from 'node:os';
import { api } from '../../test/helpers/api-fixtures.ts';
import { startTestServer } from '../../test/helpers/server.ts';
import { buildGradedCourse } from './graded-course.ts';
import { summary } from './percentiles.ts';

/**
 * Issue 15's grading targets, over real HTTP to a real server: one grade save (the submission, its history and
 * the student's course totals in one write) under 50 ms p95, and a page of 100 students' enrollment totals, both
 * when they are stored and when a structure change makes the server compute them from submissions.
 * Sizes: OUTPOST_BENCH_STUDENTS (default 1,000), OUTPOST_BENCH_ASSIGNMENTS (50), OUTPOST_BENCH_CALLS (200).
 */
const STUDENTS = Number(process.env.OUTPOST_BENCH_STUDENTS ?? 1000);
const ASSIGNMENTS = Number(process.env.OUTPOST_BENCH_ASSIGNMENTS ?? 50);
const CALLS = Number(process.env.OUTPOST_BENCH_CALLS ?? 200);
const SAVE_TARGET_MS = 50;

async function timed(run: () => Promise<{ status: number }>): Promise<number> {
  const start = performance.now();
  const res = await run();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return performance.now() - start;
}

const server = await startTestServer();
try {
  const setupStart = performance.now();
  const { courseId, teacher, students, assignments } = await buildGradedCourse(server, STUDENTS, ASSIGNMENTS);
  const base = `/api/v1/courses/${courseId}`;
  console.log(`course: ${STUDENTS} students × ${ASSIGNMENTS} assignments (built in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);

  const page = `${base}/enrollments?type[]=StudentEnrollment&per_page=100`;
  // A kept-alive connection the server closed while the seeding kept it idle resets once; then it reconnects.
  await api(server, teacher.token, 'GET', page).catch((err: { cause?: { code?: string } }) => {
    if (err.cause?.code !== 'ECONNRESET') throw err;
  });
  const computed: number[] = [];
  for (let i = 0; i < 20; i++) computed.push(await timed(() => api(server, teacher.token, 'GET', page)));

  const last = assignments.at(-1)!;
  const saves: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    // The first page's students, so their totals end up stored; each call changes a grade.
    const userId = students[i % Math.min(100, students.length)]!;
    const path = `${base}/assignments/${last}/submissions/${userId}`;
    saves.push(await timed(() => api(server, teacher.token, 'PUT', path, { submission: { posted_grade: String(i % 11) } })));
  }
  const stored: number[] = [];
  for (let i = 0; i < 20; i++) stored.push(await timed(() => api(server, teacher.token, 'GET', page)));

  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const save = summary(saves);
  console.log(`${CALLS} grade saves; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}\n`);
  console.log('| measure | median ms | p95 ms | target |');
  console.log('|---|---:|---:|---|');
  console.log(`| grade save with the student's totals | ${save.median.toFixed(1)} | ${save.p95.toFixed(1)} | p95 < ${SAVE_TARGET_MS} ms ${verdict(save.p95 < SAVE_TARGET_MS)} |`);
  for (const [label, list] of [['100 students’ totals, computed from submissions', computed], ['100 students’ totals, stored', stored]] as const) {
    const s = summary(list);
    console.log(`| ${label} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | |`);
  }
} finally {
  await server.stop();
}
