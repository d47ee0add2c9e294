import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/boot.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { seedDemoCommand } from '../../src/server/commands/seed-demo.ts';

const ADMIN = 'demo-test-admin-token';

describe('npm run seed:demo', () => {
  let dataDir: string;
  let server: RunningServer;
  const get = async (path: string) => {
    const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as Array<Record<string, unknown>> & Record<string, unknown>;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-demo-'));
    const loaded = await seedDemoCommand(dataDir);
    expect(loaded).toMatch(/^Loaded the demo course/);
    expect(loaded).toContain('margaret.aldana@demo.outpost.test / outpost-teacher');
    expect(loaded).toContain('helen.okafor@demo.outpost.test / outpost-observer');
    expect(await seedDemoCommand(dataDir)).toMatch(/already loaded[^]*amara\.okafor@demo\.outpost\.test/);
    server = await startServer({ dataDir, port: 0, adminToken: ADMIN });
  }, 300_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives every demo person the password the README lists, and they see the course', async () => {
    const signInAs = async (login: string, password: string) => {
      const res = await fetch(`${server.url}/api/v1/login/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ unique_id: login, password }) });
      expect(res.status, login).toBe(200);
      const { csrf_token: csrf } = (await res.json()) as { csrf_token: string };
      return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, 'x-csrf-token': csrf };
    };
    const logins = [
      [DEMO.teacher.login, 'outpost-teacher'],
      [DEMO.ta.login, 'outpost-ta'],
      ['amara.okafor@demo.outpost.test', 'outpost-student'],
      [DEMO.students.at(-1)!.login, 'outpost-student'],
      ['helen.okafor@demo.outpost.test', 'outpost-observer'],
    ] as const;
    for (const [login, password] of logins) {
      const courses = await fetch(`${server.url}/api/v1/courses`, { headers: await signInAs(login, password) });
      expect(((await courses.json()) as { name: string }[]).map((c) => c.name), login).toEqual([DEMO.course.name]);
    }
  });

  it('loads one course with a teacher, a TA, 30 students in 2 sections and an observer linked to two of them, once', async () => {
    const course = await get(`/api/v1/courses/sis_course_id:${DEMO.course.sis_course_id}`);
    expect(course.name).toBe(DEMO.course.name);
    expect(course.workflow_state).toBe('available');
    const base = `/api/v1/courses/${String(course.id)}`;
    expect(await get(`${base}/sections`)).toHaveLength(3); // the default section and the two named ones
    const enrollments = await get(`${base}/enrollments?per_page=100`);
    const byType = (type: string) => enrollments.filter((e) => e.type === type);
    expect(byType('StudentEnrollment')).toHaveLength(30);
    expect(byType('TeacherEnrollment')).toHaveLength(1);
    expect(byType('TaEnrollment')).toHaveLength(1);
    // The observer is linked to the first two students, one enrollment each.
    const students = byType('StudentEnrollment').map((e) => e.user_id);
    expect(byType('ObserverEnrollment').map((e) => e.associated_user_id)).toEqual(students.slice(0, 2));
  });

  it('loads 12 assignments of varied grading and submission types, quizzes, discussions and files', async () => {
    const course = await get(`/api/v1/courses/sis_course_id:${DEMO.course.sis_course_id}`);
    const base = `/api/v1/courses/${String(course.id)}`;
    const assignments = await get(`${base}/assignments?per_page=100`);
    // Graded quizzes bring their own assignments along.
    const plain = assignments.filter((a) => !(a.submission_types as string[]).includes('online_quiz'));
    expect(plain).toHaveLength(12);
    expect(new Set(plain.map((a) => a.grading_type)).size).toBeGreaterThanOrEqual(5);
    expect(await get(`${base}/quizzes`)).toHaveLength(DEMO.quizzes.length);
    expect(await get(`${base}/discussion_topics`)).toHaveLength(DEMO.discussions.length);
    expect(await get(`${base}/files`)).toHaveLength(DEMO.files.length);
  });

  it('loads pages, two units of modules with requirements, and graded submissions', async () => {
    const course = await get(`/api/v1/courses/sis_course_id:${DEMO.course.sis_course_id}`);
    const base = `/api/v1/courses/${String(course.id)}`;
    expect((await get(`${base}/pages`)).map((p) => p.title).sort()).toEqual(DEMO.pages.map((p) => p.title).sort());
    expect((await get(`${base}/front_page`)).title).toBe(DEMO.pages[0]!.title);
    const modules = await get(`${base}/modules?include[]=items`);
    expect(modules.map((m) => m.name)).toEqual(['Unit 1: Water', 'Unit 2: Soil']);
    expect(modules[1]!.prerequisite_module_ids).toEqual([modules[0]!.id]);
    expect((modules[0]!.items as unknown[]).length).toBe(6);

    const [, reading] = await get(`${base}/assignments?per_page=100`);
    const submissions = await get(`${base}/assignments/${String(reading!.id)}/submissions?per_page=100`);
    const submitted = submissions.filter((s) => s.workflow_state !== 'unsubmitted');
    expect(submitted).toHaveLength(10);
    expect(submitted.filter((s) => s.workflow_state === 'graded')).toHaveLength(5);
    // The students' seeding tokens were revoked again.
    for (const user of await get(`${base}/users?enrollment_type[]=student&per_page=100`)) {
      expect(await get(`/api/v1/users/${String(user.id)}/tokens`)).toEqual([]);
    }
  });
});
