import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStrongToken } from '../../src/server/config.ts';
import { openServices } from '../../src/server/core.ts';
import { createFixtureUser, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { freePort, ServerProcess } from '../helpers/server-process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storedRows } from '../helpers/sqlite-rows.ts';
import { enrollManyStudents } from '../helpers/submission-fixtures.ts';

// The server process reads it from its environment, where a configured token must be strong.
const ADMIN = generateStrongToken();
/** Enough students that a bulk job is many items long: the kill lands between two of them. */
const STUDENTS = 1500;

interface ProgressJson {
  url: string;
  workflow_state: string;
  completion: number;
  message: string | null;
}

/**
 * A bulk grading job in a real server process, killed with SIGKILL while its Progress says it is part-way, and
 * the process started again on the same data directory: the job resumes and gives every grade exactly once; a
 * job whose assignment was deleted while the server was down finishes failed, saying why.
 */
describe('kill -9 in the middle of an update_grades job', () => {
  let seed: TestServer;
  let port: number;
  let server: ServerProcess | undefined;
  let courseId: number;
  let students: number[];

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(server!.url + path, {
      method,
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const progressOf = (job: ProgressJson) => call<ProgressJson>('GET', new URL(job.url).pathname);
  const poll = async (job: ProgressJson, until: (p: ProgressJson) => boolean): Promise<ProgressJson> => {
    for (;;) {
      const now = await progressOf(job);
      if (until(now)) return now;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const finished = (job: ProgressJson) => poll(job, (p) => p.workflow_state === 'completed' || p.workflow_state === 'failed');
  /** Starts a job grading every student of `assignmentId`, and kills the server once its Progress is part-way. */
  const killMidJob = async (assignmentId: number, grade: (i: number) => string): Promise<ProgressJson> => {
    const grade_data = Object.fromEntries(students.map((id, i) => [id, { posted_grade: grade(i), text_comment: `graded ${i}` }]));
    const job = await call<ProgressJson>('POST', `/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions/update_grades`, { grade_data });
    const midway = await poll(job, (p) => p.completion > 0 || p.workflow_state === 'completed');
    expect(midway.workflow_state, 'the job ran to its end before the test could kill it').toBe('running');
    expect(midway.completion).toBeLessThan(50);
    await server!.kill();
    return job;
  };
  /** Per student, the history versions and the comments of `assignmentId`, as stored in the SQLite file. */
  const stored = (assignmentId: number) => {
    const rows = storedRows(seed).filter((r) => !r.deleted && r.doc.data.assignment_id === assignmentId);
    const perStudent = (type: string) => {
      const counts = new Map<number, number>();
      for (const r of rows.filter((row) => row.doc.type === type)) counts.set(r.doc.user_id, (counts.get(r.doc.user_id) ?? 0) + 1);
      return counts;
    };
    return { versions: perStudent('submission_version'), comments: perStudent('submission_comment') };
  };

  beforeAll(async () => {
    // Seeded in this process (thousands of students in one write), then closed: the data dir goes to the child.
    seed = await startTestServer({ adminToken: ADMIN });
    const course = await createFixtureCourse(seed, { name: 'Crash Lecture' });
    const teacher = await createFixtureUser(seed, 'Crash Teacher');
    await enrollFixtureUser(seed, course.id, teacher.id, 'TeacherEnrollment');
    courseId = course.id;
    students = await enrollManyStudents(seed, course.id, STUDENTS);
    await seed.close();
    port = await freePort();
    server = await ServerProcess.start({ dataDir: seed.dataDir, port, adminToken: ADMIN });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(seed.dataDir, { recursive: true, force: true });
  });

  const newAssignment = async () => (await call<{ id: number }>('POST', `/api/v1/courses/${courseId}/assignments`, { assignment: { name: 'Exam', published: true, points_possible: 10, submission_types: ['online_text_entry'] } })).id;

  it('resumes after the restart: the Progress completes and every grade is given exactly once', { timeout: 300_000 }, async () => {
    const assignmentId = await newAssignment();
    const job = await killMidJob(assignmentId, (i) => String(i % 11));
    const atCrash = stored(assignmentId);
    expect(atCrash.versions.size).toBeGreaterThan(0);
    expect(atCrash.versions.size).toBeLessThan(STUDENTS);

    server = await ServerProcess.start({ dataDir: seed.dataDir, port, adminToken: ADMIN });
    expect(await finished(job)).toMatchObject({ workflow_state: 'completed', completion: 100 });
    const last = await call<{ score: number }>('GET', `/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions/${students.at(-1)}`);
    expect(last.score).toBe((STUDENTS - 1) % 11);
    await server.stop();
    const after = stored(assignmentId);
    expect([...after.versions.keys()].sort((a, b) => a - b)).toEqual(students);
    expect(new Set(after.versions.values())).toEqual(new Set([1]));
    expect(new Set(after.comments.values())).toEqual(new Set([1]));
    expect(after.comments.size).toBe(STUDENTS);
    server = await ServerProcess.start({ dataDir: seed.dataDir, port, adminToken: ADMIN });
  });

  it('a job whose assignment was deleted while the server was down finishes failed, with a message', { timeout: 300_000 }, async () => {
    const assignmentId = await newAssignment();
    const job = await killMidJob(assignmentId, () => '5');
    const atCrash = stored(assignmentId).versions.size;
    // Offline, as another tool or a restored backup could leave the data: the services without the job runner.
    const offline = await openServices(seed.dataDir);
    await offline.services.repos.assignments.update(assignmentId, fixtureStamp(), (a) => ({ ...a, workflow_state: 'deleted' }));
    await offline.close();

    server = await ServerProcess.start({ dataDir: seed.dataDir, port, adminToken: ADMIN });
    expect(await finished(job)).toMatchObject({ workflow_state: 'failed', message: `The assignment ${assignmentId} is deleted; the grades not yet given were not given.` });
    await server.stop();
    expect(stored(assignmentId).versions.size).toBe(atCrash);
    server = undefined;
  });
});
