import { cpus } from 'node:os';
import type { SubmissionData } from '../../src/server/domain/records/submission-records.ts';
import { writeTogether } from '../../src/server/domain/repository.ts';
import { api, createFixtureUser, fixtureStamp } from '../../test/helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../../test/helpers/course-fixtures.ts';
import { startTestServer } from '../../test/helpers/server.ts';
import { enrollManyStudents } from '../../test/helpers/submission-fixtures.ts';

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

/** Median and 95th percentile of a list of milliseconds. */
function summary(ms: readonly number[]): { median: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95) };
}

async function timed(run: () => Promise<{ status: number }>): Promise<number> {
  const start = performance.now();
  const res = await run();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return performance.now() - start;
}

const server = await startTestServer();
try {
  const setupStart = performance.now();
  const { repos } = server.core.services;
  const course = await createFixtureCourse(server, { name: 'Grading bench' });
  const teacher = await createFixtureUser(server, 'Bench Teacher');
  await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
  const students = await enrollManyStudents(server, course.id, STUDENTS);
  const base = `/api/v1/courses/${course.id}`;
  const groups: number[] = [];
  for (const [name, group_weight] of [['Homework', 40], ['Exams', 60]] as const) {
    groups.push(((await api(server, teacher.token, 'POST', `${base}/assignment_groups`, { name, group_weight })).json as { id: number }).id);
  }
  const assignments: number[] = [];
  for (let i = 0; i < ASSIGNMENTS; i++) {
    const body = { assignment: { name: `A${i}`, published: true, points_possible: 10, assignment_group_id: groups[i % 2] } };
    assignments.push(((await api(server, teacher.token, 'POST', `${base}/assignments`, body)).json as { id: number }).id);
  }
  await api(server, teacher.token, 'PUT', base, { course: { apply_assignment_group_weights: true } });
  // Every student graded on every assignment but the last, written straight to the repository in large batches.
  const stamp = fixtureStamp();
  for (const assignmentId of assignments.slice(0, -1)) {
    const built = await Promise.all(
      students.map((userId, i) => {
        const score = (i * 7 + assignmentId) % 11;
        const data: SubmissionData = {
          course_id: course.id, assignment_id: assignmentId, user_id: userId, submission_type: null, body: null, url: null, attachment_ids: [],
          media_comment_id: null, media_comment_type: null, attempt: null, submitted_at: null, score, grade: String(score), points_deducted: null,
          grader_id: teacher.id, graded_at: new Date().toISOString(), grade_matches_current_submission: true, excused: false,
          late_policy_status: null, seconds_late_override: null, workflow_state: 'graded',
        };
        return repos.submissions.build(data, stamp);
      }),
    );
    await writeTogether(built.map((r) => repos.submissions.insertion(r)));
  }
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
