import { cpus, loadavg } from 'node:os';
import { REPLICA_LIMIT } from '../../src/server/domain/ids.ts';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { ROUTES, replayEntry, type ReplayAnswer } from '../../test/helpers/sync-fixtures.ts';
import { loadGradebook } from '../gradebook/load-gradebook.ts';
import { summary } from '../grading/percentiles.ts';
import { seedSchool, type SeededCourse } from './seed.ts';

/**
 * Issue 18's school: 3,000 students in 30 courses of 100 students × 40 assignments (120,000 submissions, three
 * quarters graded), seeded in under two minutes, then timed over real HTTP against the real server on a real
 * SQLite file: what a student reads (course list, assignments with their submissions, planner, modules with
 * items), a teacher's 100 × 40 gradebook, a teacher's device pulling its course from nothing (an in-process device
 * server against the hub) and pushing 50 grades as one replay. Sizes: OUTPOST_BENCH_COURSES (30),
 * OUTPOST_BENCH_STUDENTS (100 per course), OUTPOST_BENCH_ASSIGNMENTS (40 per course), OUTPOST_BENCH_READS (100 per
 * read measure), OUTPOST_BENCH_GRADEBOOKS (20), OUTPOST_BENCH_PULLS (3), OUTPOST_BENCH_PUSHES (10).
 * OUTPOST_BENCH_ONLY=push times only the pushes (each push's time and CPU time listed), to iterate on them with fewer
 * courses.
 */
const size = {
  courses: Number(process.env.OUTPOST_BENCH_COURSES ?? 30),
  studentsPerCourse: Number(process.env.OUTPOST_BENCH_STUDENTS ?? 100),
  assignmentsPerCourse: Number(process.env.OUTPOST_BENCH_ASSIGNMENTS ?? 40),
  gradedShare: 0.75,
  timetable: 6,
};
const READS = Number(process.env.OUTPOST_BENCH_READS ?? 100);
const GRADEBOOKS = Number(process.env.OUTPOST_BENCH_GRADEBOOKS ?? 20);
const PULLS = Number(process.env.OUTPOST_BENCH_PULLS ?? 3);
const PUSHES = Number(process.env.OUTPOST_BENCH_PUSHES ?? 10);
const PUSH_BATCH = 50;
const ONLY_PUSH = process.env.OUTPOST_BENCH_ONLY === 'push';
const SEED_TARGET_MS = 120_000;
const RESYNCS = 3;

interface Row {
  measure: string;
  times: number[];
  /** The p95 must stay under this many milliseconds (for a single run, its time). */
  target: number;
  /** Why the measure failed whatever its time. */
  failure?: string;
}

const hub = await startTestServer();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
try {
  const loadBefore = loadavg()[0]!;
  const seedStart = performance.now();
  const school = await seedSchool(hub, size);
  const seedMs = performance.now() - seedStart;
  const submissions = await hub.core.services.repos.submissions.count({});
  console.log(`seeded ${size.courses} courses × ${size.studentsPerCourse} students × ${size.assignmentsPerCourse} assignments: ${submissions} submissions in ${(seedMs / 1000).toFixed(1)} s`);

  const get = getter(hub);
  const [home] = school.courses;
  // The gradebook's course is one the timed student is not in: exactly the seeded class.
  const graded = school.courses.at(-1)!;
  if (!home) throw new Error('no course seeded');
  const rows: Row[] = [];
  if (!ONLY_PUSH) {
    const studentReads: [string, string][] = [
      ['student: course list', '/api/v1/courses?include[]=term&per_page=100'],
      ['student: assignments with submissions', `/api/v1/courses/${home.id}/assignments?include[]=submission&per_page=100`],
      ['student: planner (all courses)', '/api/v1/planner/items?per_page=100'],
      ['student: modules with items (progression)', `/api/v1/courses/${home.id}/modules?include[]=items&per_page=100`],
    ];
    // A kept-alive connection the server closed while the seeding kept it idle resets once; then it reconnects.
    await get(school.student.token, studentReads[0]![1]).catch((err: { cause?: { code?: string } }) => {
      if (err.cause?.code !== 'ECONNRESET') throw err;
    });
    for (const [measure, path] of studentReads) {
      for (let i = 0; i < 5; i++) await get(school.student.token, path); // warm-up: compiled code paths and caches
      const { json } = await get(school.student.token, path);
      if (!Array.isArray(json) || json.length === 0) throw new Error(`GET ${path} answered no items`);
      rows.push({ measure, times: await repeat(READS, () => get(school.student.token, path)), target: 100 });
    }
    const teacherGet = (path: string) => get(graded.teacher.token, path);
    const gradebook = () =>
      loadGradebook(graded.id, teacherGet, hub.url).then(({ submissions: loaded }) => {
        if (loaded !== graded.students.length * graded.assignments.length) throw new Error(`gradebook loaded ${loaded} submissions`);
      });
    await gradebook();
    rows.push({ measure: `teacher: gradebook page (${graded.students.length} × ${graded.assignments.length})`, times: await repeat(GRADEBOOKS, gradebook), target: 300 });
    // The first course's records open the change log; the last one's come after every other course's.
    rows.push(await pullRow(hub, home, 'first-seeded'), await pullRow(hub, graded, 'last-seeded'));
  }
  const pushed = await pushes(hub, graded);
  if (ONLY_PUSH) {
    console.log(`push times ms: ${pushed.times.map((t) => t.toFixed(0)).join(', ')}`);
    console.log(`push CPU ms (user + system, the whole process): ${pushed.cpuMs.map((t) => t.toFixed(0)).join(', ')}`);
  }
  rows.push({ measure: `teacher's device: push of ${PUSH_BATCH} grades (one replay)`, times: pushed.times, target: 2_000 });
  clearInterval(sampler);

  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  console.log(`\n${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after\n`);
  console.log('| measure | runs | p50 ms | p95 ms | target |');
  console.log('|---|---:|---:|---:|---|');
  console.log(`| seeding (${submissions} submissions) | 1 | ${seedMs.toFixed(0)} | | < ${SEED_TARGET_MS / 1000} s ${verdict(seedMs < SEED_TARGET_MS)} |`);
  for (const row of rows) {
    const s = summary(row.times);
    const outcome = row.failure ? `**missed** (${row.failure})` : verdict(s.p95 < row.target);
    console.log(`| ${row.measure} | ${row.times.length} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | p95 < ${row.target} ms ${outcome} |`);
  }
  console.log(`\npeak RSS of the process (hub, device and client): ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
} finally {
  clearInterval(sampler);
  await hub.stop();
}

/** Times `run` `count` times, one after the other. */
async function repeat(count: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

/** A GET that must answer 200, read to the end (the client's decoding counts, as a screen's would). */
function getter(server: TestServer) {
  return async (token: string, path: string) => {
    const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
    return { json: JSON.parse(body) as unknown, link: res.headers.get('link') };
  };
}

/**
 * A new, empty device signed in with the teacher's token, timed from its start until its replications are in sync;
 * then it must hold every submission of the course. A short pull page makes RxDB take the pull for finished, and an
 * empty one leaves its checkpoint where it was, so a device can be "in sync" without its course: a few re-syncs (as
 * change events would set off) tell whether it ever gets there. Returns what the device is missing.
 */
async function pullToNewDevice(server: TestServer, course: SeededCourse): Promise<{ missing: number; expected: number }> {
  const expected = course.students.length * course.assignments.length;
  const device = await startTestServer({ hub: { url: server.url, token: course.teacher.token } });
  try {
    const sync = device.core.deviceSync!;
    await sync.awaitInSync();
    let held = await device.core.services.repos.submissions.count({ course_id: course.id });
    for (let round = 0; round < RESYNCS && held < expected; round++) {
      sync.reSync();
      await sync.awaitInSync();
      held = await device.core.services.repos.submissions.count({ course_id: course.id });
    }
    return { missing: expected - held, expected };
  } finally {
    await device.stop();
  }
}

/** Timed pulls of the course to new devices: a row, marked missed when a device never got the whole course. */
async function pullRow(server: TestServer, course: SeededCourse, which: string): Promise<Row> {
  let incomplete = '';
  const times = await repeat(PULLS, async () => {
    const { missing, expected } = await pullToNewDevice(server, course);
    if (missing > 0) incomplete = `incomplete: ${missing} of ${expected} submissions never arrived`;
  });
  return { measure: `teacher's device: pull of the ${which} course from empty`, times, target: 10_000, failure: incomplete || undefined };
}

/**
 * `PUSHES` replays of 50 outbox entries each, as the teacher's device sends its offline grading: every entry
 * grades another student on one of the course's ungraded assignments, and each must be applied. Also answers the
 * CPU time the process spent on each (a figure the machine's other load moves less than the wall clock).
 */
async function pushes(server: TestServer, course: SeededCourse): Promise<{ times: number[]; cpuMs: number[] }> {
  const device = (server.core.services.sync.ids.replica % (REPLICA_LIMIT - 2)) + 1;
  const pairs = course.ungraded.flatMap((assignmentId) => course.students.map((userId) => ({ assignmentId, userId })));
  if (pairs.length < PUSHES * PUSH_BATCH) throw new Error(`only ${pairs.length} ungraded submissions to push`);
  const cpuMs: number[] = [];
  const times = await repeat(PUSHES, async () => {
    const cpuBefore = process.cpuUsage();
    const entries = pairs.splice(0, PUSH_BATCH).map(({ assignmentId, userId }, i) =>
      replayEntry(course.teacher.id, 'PUT', ROUTES.gradeOrComment, {
        course_id: String(course.id), assignment_id: String(assignmentId), user_id: String(userId), submission: { posted_grade: String(i % 11) },
      }),
    );
    const res = await fetch(`${server.url}/api/v1/sync/replay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${course.teacher.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ device, entries }),
    });
    const answer = (await res.json()) as ReplayAnswer;
    const applied = res.status === 200 ? answer.results.filter((r) => r.outcome === 'applied').length : 0;
    if (applied !== PUSH_BATCH) throw new Error(`replay: ${res.status}, ${applied} of ${PUSH_BATCH} applied: ${JSON.stringify(answer).slice(0, 300)}`);
    const cpu = process.cpuUsage(cpuBefore);
    cpuMs.push((cpu.user + cpu.system) / 1000);
  });
  return { times, cpuMs };
}
