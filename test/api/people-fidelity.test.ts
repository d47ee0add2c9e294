import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'people-fidelity-admin';
type Json = Record<string, unknown>;
const ids = (json: unknown, key = 'id') => (json as Json[]).map((row) => row[key] as number);

describe('enrollments and people as Canvas clients call them', () => {
  let server: TestServer;
  let r: RosterCourse;
  let secondCourse: number;
  let secondEnrollment: number;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    r = await createRosterCourse(server, 'People 101');
    secondCourse = (await createFixtureCourse(server, { name: 'People 102' })).id;
    secondEnrollment = await enrollFixtureUser(server, secondCourse, r.studentA.id, 'TaEnrollment', { state: 'invited' });
    await enrollFixtureUser(server, secondCourse, r.studentB.id, 'StudentEnrollment', { state: 'completed' });
  });
  afterAll(() => server.stop());

  describe('GET /users/:user_id/enrollments', () => {
    it("lists the user's own enrollments in every course, by id, with Canvas's default states", async () => {
      const res = await api(server, r.studentA.token, 'GET', '/api/v1/users/self/enrollments');
      expect(res.status).toBe(200);
      expect(ids(res.json)).toEqual([r.enrollmentIds.studentA, secondEnrollment]);
      const [first, second] = res.json as Json[];
      expect(first).toMatchObject({ course_id: r.id, user_id: r.studentA.id, type: 'StudentEnrollment', enrollment_state: 'active', role: 'StudentEnrollment' });
      expect(first!.grades).toMatchObject({ html_url: `${server.url}/courses/${r.id}/grades/${r.studentA.id}`, current_score: null });
      expect(second).toMatchObject({ course_id: secondCourse, type: 'TaEnrollment', enrollment_state: 'invited' });
      expect(res.headers.get('link')).toContain('rel="current"');
    });

    it('filters by type[], state[] and role[] as Canvas documents them, and adds include[] blocks', async () => {
      const get = async (query: string) => (await api(server, r.studentA.token, 'GET', `/api/v1/users/${r.studentA.id}/enrollments?${query}`)).json;
      expect(ids(await get('type[]=StudentEnrollment'))).toEqual([r.enrollmentIds.studentA]);
      expect(ids(await get('state[]=invited'))).toEqual([secondEnrollment]);
      expect(ids(await get('role[]=TaEnrollment'))).toEqual([secondEnrollment]);
      const withAvatar = (await get('type[]=StudentEnrollment&include[]=avatar_url')) as Json[];
      expect((withAvatar[0]!.user as Json).avatar_url).toBe(`${server.url}/images/messages/avatar-50.png`);
      expect(ids(await api(server, r.studentB.token, 'GET', '/api/v1/users/self/enrollments?state[]=completed').then((res) => res.json))).toHaveLength(1);
      const bad = await api(server, r.studentA.token, 'GET', '/api/v1/users/self/enrollments?state[]=sleeping');
      expect(bad.status).toBe(400);
    });

    it("an admin reads anyone's; another user (even their teacher) is 401; unknown users 404; no token 401", async () => {
      expect(ids((await api(server, ADMIN, 'GET', `/api/v1/users/${r.studentA.id}/enrollments`)).json)).toEqual([r.enrollmentIds.studentA, secondEnrollment]);
      expectUnauthorized(await api(server, r.teacher.token, 'GET', `/api/v1/users/${r.studentA.id}/enrollments`));
      expectUnauthorized(await api(server, r.studentB.token, 'GET', `/api/v1/users/${r.studentA.id}/enrollments`));
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/users/999999999/enrollments'));
      expectInvalidToken(await api(server, undefined, 'GET', '/api/v1/users/self/enrollments'));
    });
  });

  describe('GET /courses/:course_id/students', () => {
    it('answers the current students as User JSON in one list by sortable name, to everyone who reads the roster', async () => {
      for (const token of [r.teacher.token, r.studentB.token, ADMIN]) {
        const res = await api(server, token, 'GET', `/api/v1/courses/${r.id}/students`);
        expect(res.status).toBe(200);
        expect(res.json).toEqual([
          expect.objectContaining({ id: r.studentA.id, name: 'Amy Student', sortable_name: 'Student, Amy' }),
          expect.objectContaining({ id: r.studentB.id, name: 'Ben Student' }),
        ]);
        expect(res.headers.get('link')).toBeNull();
      }
      // Logins only for those who manage people.
      expect(((await api(server, r.teacher.token, 'GET', `/api/v1/courses/${r.id}/students`)).json as Json[])[0]).toHaveProperty('login_id');
      expect(((await api(server, r.studentB.token, 'GET', `/api/v1/courses/${r.id}/students`)).json as Json[])[0]).not.toHaveProperty('login_id');
      // Observers do not read the roster by default; outsiders are not in the course.
      expectUnauthorized(await api(server, r.observer.token, 'GET', `/api/v1/courses/${r.id}/students`));
      expectUnauthorized(await api(server, r.outsider.token, 'GET', `/api/v1/courses/${r.id}/students`));
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/courses/999999999/students'));
    });
  });

  describe('what a student sees of classmates', () => {
    it('the whole roster of enrollments, but not a classmate’s scores or activity', async () => {
      const res = await api(server, r.studentA.token, 'GET', `/api/v1/courses/${r.id}/enrollments?type[]=StudentEnrollment`);
      const [own, classmate] = res.json as Json[];
      expect(ids(res.json, 'user_id')).toEqual([r.studentA.id, r.studentB.id]);
      expect(own).toMatchObject({ last_activity_at: null, total_activity_time: 0, grades: { current_score: null, final_score: null } });
      expect(classmate!.grades).toEqual({ html_url: `${server.url}/courses/${r.id}/grades/${r.studentB.id}` });
      expect(classmate).not.toHaveProperty('last_activity_at');
      expect(classmate).not.toHaveProperty('total_activity_time');
      // The teacher sees both.
      const teacher = (await api(server, r.teacher.token, 'GET', `/api/v1/courses/${r.id}/enrollments?type[]=StudentEnrollment`)).json as Json[];
      expect(teacher[1]).toMatchObject({ last_activity_at: null, grades: { current_score: null } });
      // An observer sees their student's scores.
      const observed = (await api(server, r.observer.token, 'GET', `/api/v1/courses/${r.id}/enrollments?type[]=StudentEnrollment`)).json as Json[];
      expect(observed).toEqual([expect.objectContaining({ user_id: r.studentA.id, grades: expect.objectContaining({ current_score: null }) })]);
    });

    it('include[]=email shows addresses to the teacher, never a classmate’s to a student', async () => {
      const users = async (token: string, path: string) => (await api(server, token, 'GET', path)).json as Json[];
      const path = `/api/v1/courses/${r.id}/users?include[]=email&enrollment_type[]=student`;
      expect((await users(r.teacher.token, path)).map((u) => u.email)).toEqual([`${r.studentA.login}@example.test`, `${r.studentB.login}@example.test`]);
      for (const u of await users(r.studentA.token, path)) expect(u).not.toHaveProperty('email');
      const enrollments = await users(r.studentA.token, `/api/v1/courses/${r.id}/enrollments?include[]=email`);
      for (const e of enrollments) expect(e.user).not.toHaveProperty('email');
    });
  });
});
