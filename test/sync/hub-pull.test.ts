import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/domain/user-directory.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { expectInvalidToken } from '../helpers/course-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { pullAll, pullPage } from '../helpers/sync-fixtures.ts';

describe('GET /api/v1/sync/:collection/pull (hub)', () => {
  let hub: TestServer;
  let course: RosterCourse;
  let other: RosterCourse;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Sync 101');
    other = await createRosterCourse(hub, 'Elsewhere');
    ids.published = (await createAssignment(hub, course.teacher.token, course.id, { name: 'Published', published: true, points_possible: 10, submission_types: ['online_text_entry'] })).id;
    ids.draft = (await createAssignment(hub, course.teacher.token, course.id, { name: 'Draft', published: false })).id;
    ids.elsewhere = (await createAssignment(hub, other.teacher.token, other.id, { name: 'Elsewhere', published: true })).id;
    await submitText(hub, course.studentA.token, course.id, ids.published, '<p>A</p>');
    await submitText(hub, course.studentB.token, course.id, ids.published, '<p>B</p>');
    await gradeAs(hub, course.teacher.token, course.id, ids.published, course.studentA.id, { posted_grade: '8' });
  });
  afterAll(() => hub.stop());

  it('401 without a token; 404 for local or unknown collections; 400 for a forged checkpoint or limit', async () => {
    expectInvalidToken(await api(hub, undefined, 'GET', '/api/v1/sync/course/pull'));
    for (const collection of ['local', 'nope']) {
      expect((await api(hub, course.teacher.token, 'GET', `/api/v1/sync/${collection}/pull`)).status).toBe(404);
    }
    for (const query of ['checkpoint=abc', 'checkpoint=1:zz', 'limit=0', 'limit=100000', 'limit=x']) {
      const res = await api(hub, course.teacher.token, 'GET', `/api/v1/sync/course/pull?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('course: a student gets their courses and published content only; the teacher also drafts', async () => {
    const student = (await pullAll(hub, course.studentA.token, 'course')).byKey;
    expect(student.get(`course:${course.id}`)?.data).toMatchObject({ name: 'Sync 101' });
    expect(student.get(`assignment:${ids.published}`)?._deleted).toBe(false);
    // A draft never published is not even a tombstone to a student (decision 0097): no device could hold it.
    expect(student.has(`assignment:${ids.draft}`)).toBe(false);
    expect(student.has(`course:${other.id}`)).toBe(false);
    expect(student.has(`assignment:${ids.elsewhere}`)).toBe(false);

    const teacher = (await pullAll(hub, course.teacher.token, 'course')).byKey;
    expect(teacher.get(`assignment:${ids.draft}`)).toMatchObject({ _deleted: false, data: { name: 'Draft' } });
    expect(teacher.has(`assignment:${ids.elsewhere}`)).toBe(false);
    expect((await pullAll(hub, course.outsider.token, 'course')).byKey.size).toBe(0);
  });

  it('course_user: students get their own work, teachers all, section-limited TAs their sections', async () => {
    const subs = (byKey: Map<string, { type: string; user_id: number }>) =>
      new Set([...byKey.values()].filter((d) => d.type === 'submission').map((d) => d.user_id));
    expect(subs((await pullAll(hub, course.studentA.token, 'course_user')).byKey)).toEqual(new Set([course.studentA.id]));
    expect(subs((await pullAll(hub, course.teacher.token, 'course_user')).byKey)).toEqual(new Set([course.studentA.id, course.studentB.id]));
    expect(subs((await pullAll(hub, course.ta.token, 'course_user')).byKey)).toEqual(new Set([course.studentB.id]));
    expect(subs((await pullAll(hub, other.teacher.token, 'course_user')).byKey)).toEqual(new Set());
  });

  it('directory: classmates with public fields only, the user in full, no one outside the course', async () => {
    const dir = (await pullAll(hub, course.studentA.token, 'directory')).byKey;
    expect(dir.get(`user:${course.studentA.id}`)?.data).toMatchObject({ login_id: course.studentA.login });
    const classmate = dir.get(`user:${course.studentB.id}`);
    expect(classmate?.data).toMatchObject({ name: 'Ben Student', login_id: '', email: null });
    expect(classmate?.lookup_key).toBe('');
    expect(dir.has(`user:${other.studentA.id}`)).toBe(false);
    expect(dir.has(`user:${course.outsider.id}`)).toBe(false);
    // The account chain comes along: the device's permission checks walk it.
    expect(dir.has(`account:${course.accountId}`)).toBe(true);
    expect([...dir.values()].some((d) => d.type === 'access_token')).toBe(false);
  });

  it('directory: whoever may enrol people holds every login with the names, never a password; a student holds no one else\'s login', async () => {
    const { repos, installation } = hub.core.services;
    const newcomer = await createUser(
      repos,
      { name: 'Nora Newcomer', login_id: 'Nora.Newcomer@school.test', email: 'nora@home.test', sis_user_id: 'SIS-NORA', root_account_id: installation.root_account_id, password: 'Tide-pool-4491!' },
      fixtureStamp(),
    );
    const [login] = await repos.logins.find({ user_id: newcomer.id });
    expect(login?.data.password_hash).toEqual(expect.any(String));
    const everything = async (token: string) => {
      const pulled = await Promise.all(['directory', 'course', 'course_user', 'history'].map(async (c) => [...(await pullAll(hub, token, c)).byKey.values()]));
      return pulled.flat();
    };

    const teacher = await everything(course.teacher.token);
    const entry = teacher.find((d) => d.key === `user:${newcomer.id}`);
    // What the enrollments POST would answer about her: who signs in with the address, and her names.
    expect(entry?.lookup_key).toBe('login:nora.newcomer@school.test');
    expect(entry?.data).toEqual({
      name: 'Nora Newcomer',
      sortable_name: 'Newcomer, Nora',
      short_name: 'Nora Newcomer',
      root_account_id: installation.root_account_id,
      workflow_state: 'registered',
      login_id: 'Nora.Newcomer@school.test',
      email: null,
      sis_user_id: null,
      integration_id: null,
    });
    expect(teacher.find((d) => d.key === `user:${course.studentB.id}`)?.data).toMatchObject({ login_id: course.studentB.login, email: null });
    const text = JSON.stringify(teacher);
    expect(text).not.toContain(login!.data.password_hash!);
    expect(text).not.toContain('password');
    expect(teacher.some((d) => d.type === 'login' || d.type === 'access_token' || d.type === 'session')).toBe(false);

    const student = await everything(course.studentA.token);
    expect(student.some((d) => d.key === `user:${newcomer.id}`)).toBe(false);
    const others = student.filter((d) => d.type === 'user' && d.id !== course.studentA.id);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect({ lookup_key: other.lookup_key, login_id: other.data.login_id }).toEqual({ lookup_key: '', login_id: '' });
    expect(student.some((d) => d.type === 'login')).toBe(false);
    expect(JSON.stringify(student)).not.toContain('Nora.Newcomer@school.test');
  });

  it('pages by seq checkpoint: small pages add up to the whole, and a checkpoint resumes where it stopped', async () => {
    const whole = (await pullAll(hub, course.teacher.token, 'course')).byKey;
    const paged = await pullAll(hub, course.teacher.token, 'course', 3);
    expect([...paged.byKey.keys()].sort()).toEqual([...whole.keys()].sort());
    expect((await pullPage(hub, course.teacher.token, 'course', paged.checkpoint)).documents).toEqual([]);
    const later = await createAssignment(hub, course.teacher.token, course.id, { name: 'Later' });
    const next = await pullPage(hub, course.teacher.token, 'course', paged.checkpoint);
    expect(next.documents.map((d) => d.key)).toContain(`assignment:${later.id}`);
  });

  it('a new enrollment changes the scope: the next pull starts over and brings the whole course', async () => {
    const { checkpoint } = await pullAll(hub, other.studentA.token, 'course');
    expect((await pullPage(hub, other.studentA.token, 'course', checkpoint)).documents).toEqual([]);
    const enroll = await api(hub, course.teacher.token, 'POST', `/api/v1/courses/${course.id}/enrollments`, {
      enrollment: { user_id: other.studentA.id, type: 'StudentEnrollment', enrollment_state: 'active' },
    });
    expect(enroll.status, JSON.stringify(enroll.json)).toBe(200);
    const after = (await pullAll(hub, other.studentA.token, 'course', 100, checkpoint)).byKey;
    expect(after.get(`assignment:${ids.published}`)?._deleted).toBe(false);
    expect(after.has(`course:${course.id}`)).toBe(true);
  });
});
