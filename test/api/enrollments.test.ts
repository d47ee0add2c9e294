import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'enrollments-test-admin-token';

let server: TestServer;
let c: RosterCourse;

beforeAll(async () => {
  server = await startTestServer({ adminToken: ADMIN });
  c = await createRosterCourse(server, 'Enroll 101');
});
afterAll(() => server.stop());

const userIds = (json: unknown) => (json as { user_id: number }[]).map((e) => e.user_id);
const message = (text: string) => ({ message: text });

describe('POST /api/v1/courses/:course_id/enrollments', () => {
  const path = () => `/api/v1/courses/${c.id}/enrollments`;

  it('needs a token and the right to manage that type of enrollment', async () => {
    const newcomer = await createFixtureUser(server, 'New Comer');
    const body = { enrollment: { user_id: newcomer.id, type: 'StudentEnrollment' } };
    expectInvalidToken(await api(server, undefined, 'POST', path(), body));
    expectUnauthorized(await api(server, c.studentA.token, 'POST', path(), body));
    expectUnauthorized(await api(server, c.outsider.token, 'POST', path(), body));
    // A TA manages students but not staff, and only in its own section.
    expectUnauthorized(await api(server, c.ta.token, 'POST', path(), { enrollment: { user_id: newcomer.id, type: 'TeacherEnrollment' } }));
    expectUnauthorized(await api(server, c.ta.token, 'POST', path(), body));
    const inB = await api(server, c.ta.token, 'POST', path(), { enrollment: { ...body.enrollment, course_section_id: c.sectionB } });
    expect(inB.status).toBe(200);
    expect(inB.json).toMatchObject({ course_section_id: c.sectionB, enrollment_state: 'invited' });
  });

  it('enrolls a user in the default section and answers with Canvas Enrollment JSON', async () => {
    const user = await createFixtureUser(server, 'Cara Newstudent');
    const res = await api(server, c.teacher.token, 'POST', path(), {
      enrollment: { user_id: user.id, type: 'StudentEnrollment', enrollment_state: 'active', notify: true },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: expect.any(Number),
      user_id: user.id,
      course_id: c.id,
      course_section_id: c.sectionId,
      type: 'StudentEnrollment',
      role: 'StudentEnrollment',
      role_id: 3,
      enrollment_state: 'active',
      limit_privileges_to_course_section: false,
      associated_user_id: null,
      html_url: `${server.url}/courses/${c.id}/users/${user.id}`,
      user: { id: user.id, name: 'Cara Newstudent', sortable_name: 'Newstudent, Cara', short_name: 'Cara Newstudent', login_id: user.login },
    });
    const json = res.json as Record<string, string>;
    expect(json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const again = await api(server, c.teacher.token, 'POST', path(), { enrollment: { user_id: user.id, type: 'StudentEnrollment' } });
    expect((again.json as { id: number }).id).toBe(json.id);
  });

  it('takes sis ids, role ids, section limits and observer links', async () => {
    const created = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', { pseudonym: { unique_id: 'sis.ta', sis_user_id: 'TA-9' } });
    const ta = await api(server, c.teacher.token, 'POST', path(), {
      enrollment: { user_id: 'sis_user_id:TA-9', role_id: 5, course_section_id: c.sectionB, limit_privileges_to_course_section: 'true' },
    });
    expect(ta.status).toBe(200);
    expect(ta.json).toMatchObject({ user_id: (created.json as { id: number }).id, type: 'TaEnrollment', role: 'TaEnrollment', limit_privileges_to_course_section: true });
    const parent = await createFixtureUser(server, 'Pat Parent');
    const observer = await api(server, c.teacher.token, 'POST', path(), {
      enrollment: { user_id: parent.id, type: 'ObserverEnrollment', associated_user_id: c.studentB.id },
    });
    expect(observer.json).toMatchObject({ type: 'ObserverEnrollment', associated_user_id: c.studentB.id });
  });

  it("answers bad input with Canvas's 400s and 404s, writing nothing", async () => {
    const before = await server.core.services.repos.enrollments.count();
    const user = await createFixtureUser(server, 'Val Idation');
    const cases: [unknown, number, unknown][] = [
      [{}, 400, message('No parameters given')],
      [{ enrollment: { type: 'StudentEnrollment' } }, 400, message("Can't create an enrollment without a user. Include enrollment[user_id] to create an enrollment")],
      [{ enrollment: { user_id: user.id, type: 'WizardEnrollment' } }, 400, message('Invalid type')],
      [{ enrollment: { user_id: user.id } }, 400, message('Invalid type')],
      [{ enrollment: { user_id: user.id, type: 'TeacherEnrollment', role_id: 3 } }, 400, message('The specified type must match the base type for the role')],
      [{ enrollment: { user_id: user.id, role_id: 1 } }, 400, message('Cannot create an enrollment with this role because it does not exist.')],
      [{ enrollment: { user_id: user.id, role_id: 424242 } }, 400, message('Cannot create an enrollment with this role because it does not exist.')],
      [{ enrollment: { user_id: 999999, type: 'StudentEnrollment' } }, 404, undefined],
      [{ enrollment: { user_id: user.id, type: 'StudentEnrollment', course_section_id: 999999 } }, 404, undefined],
    ];
    for (const [body, status, json] of cases) {
      const res = await api(server, c.teacher.token, 'POST', path(), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (json) expect(res.json).toEqual(json);
    }
    const badState = await api(server, c.teacher.token, 'POST', path(), { enrollment: { user_id: user.id, type: 'StudentEnrollment', enrollment_state: 'sleeping' } });
    expect(badState.status).toBe(400);
    expect(Object.keys((badState.json as { errors: object }).errors)).toEqual(['enrollment_state']);
    const notStudent = await api(server, c.teacher.token, 'POST', path(), {
      enrollment: { user_id: user.id, type: 'ObserverEnrollment', associated_user_id: c.teacher.id },
    });
    expect(notStudent.status).toBe(400);
    expect(notStudent.json).toEqual({
      errors: { associated_user_id: [{ attribute: 'associated_user_id', type: 'invalid', message: 'must be a student in the course' }] },
    });
    expect(await server.core.services.repos.enrollments.count()).toBe(before);
  });

  it('refuses enrollments in a concluded course and 404s an unknown one', async () => {
    const done = await createFixtureCourse(server, { name: 'Done' });
    await server.core.services.repos.courses.update(done.id, fixtureStamp(), (course) => ({ ...course, workflow_state: 'completed' }));
    const user = await createFixtureUser(server);
    const res = await api(server, ADMIN, 'POST', `/api/v1/courses/${done.id}/enrollments`, { enrollment: { user_id: user.id, type: 'StudentEnrollment' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(message("Can't add an enrollment to a concluded course."));
    expect((await api(server, ADMIN, 'POST', '/api/v1/courses/999999/enrollments', { enrollment: { user_id: user.id } })).status).toBe(404);
  });
});

describe('POST /api/v1/sections/:section_id/enrollments', () => {
  it('enrolls into the section named by the path', async () => {
    const user = await createFixtureUser(server);
    const body = { enrollment: { user_id: user.id, type: 'StudentEnrollment' } };
    expectInvalidToken(await api(server, undefined, 'POST', `/api/v1/sections/${c.sectionB}/enrollments`, body));
    expectUnauthorized(await api(server, c.studentB.token, 'POST', `/api/v1/sections/${c.sectionB}/enrollments`, body));
    expectUnauthorized(await api(server, c.ta.token, 'POST', `/api/v1/sections/${c.sectionId}/enrollments`, body));
    const res = await api(server, c.ta.token, 'POST', `/api/v1/sections/${c.sectionB}/enrollments`, body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ course_id: c.id, course_section_id: c.sectionB, user_id: user.id });
    expect((await api(server, ADMIN, 'POST', '/api/v1/sections/999999/enrollments', body)).status).toBe(404);
  });
});

describe('GET enrollments lists', () => {
  let r: RosterCourse;
  beforeAll(async () => {
    r = await createRosterCourse(server, 'Lists 101');
  });
  const path = () => `/api/v1/courses/${r.id}/enrollments`;

  it('needs a token and a place in the course', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', path()));
    expectUnauthorized(await api(server, r.outsider.token, 'GET', path()));
    expectUnauthorized(await api(server, c.teacher.token, 'GET', path()));
  });

  it('shows staff and students (who read the roster) everyone, observers their students', async () => {
    const all = [r.teacher, r.ta, r.designer, r.studentA, r.studentB, r.observer].map((u) => u.id);
    expect(userIds((await api(server, r.teacher.token, 'GET', path())).json)).toEqual(all);
    expect(userIds((await api(server, ADMIN, 'GET', path())).json)).toEqual(all);
    expect(userIds((await api(server, r.studentA.token, 'GET', path())).json)).toEqual(all);
    expect(userIds((await api(server, r.observer.token, 'GET', path())).json)).toEqual([r.studentA.id, r.observer.id]);
    expect(userIds((await api(server, r.ta.token, 'GET', path())).json)).toEqual([r.ta.id, r.studentB.id]);
  });

  it('filters by type, role, state and user', async () => {
    const get = async (query: string) => userIds((await api(server, r.teacher.token, 'GET', `${path()}?${query}`)).json);
    expect(await get('type[]=StudentEnrollment')).toEqual([r.studentA.id, r.studentB.id]);
    expect(await get('role[]=TeacherEnrollment&role[]=DesignerEnrollment')).toEqual([r.teacher.id, r.designer.id]);
    expect(await get('role_id[]=7')).toEqual([r.observer.id]);
    expect(await get(`user_id=${r.studentB.id}`)).toEqual([r.studentB.id]);
    expect(await get('state[]=inactive')).toEqual([]);
    const bad = await api(server, r.teacher.token, 'GET', `${path()}?type[]=Wizard`);
    expect(bad.status).toBe(400);
  });

  it('adds include[] blocks only when asked', async () => {
    const plain = (await api(server, r.teacher.token, 'GET', `${path()}?type[]=StudentEnrollment`)).json as Record<string, Record<string, unknown>>[];
    expect(plain[0]!.user).not.toHaveProperty('avatar_url');
    expect(plain[0]).not.toHaveProperty('group_ids');
    expect(plain[0]!.grades).toMatchObject({ current_score: null, html_url: `${server.url}/courses/${r.id}/grades/${r.studentA.id}` });
    const res = await api(server, r.teacher.token, 'GET', `${path()}?type[]=StudentEnrollment&include[]=avatar_url&include[]=group_ids`);
    const [first] = res.json as Record<string, Record<string, unknown>>[];
    expect(first!.user!.avatar_url).toBe(`${server.url}/images/messages/avatar-50.png`);
    expect(first!.group_ids).toEqual([]);
  });

  it('paginates with the exact Link header', async () => {
    const res = await api(server, r.teacher.token, 'GET', `${path()}?per_page=4&state[]=active`);
    expect(userIds(res.json)).toHaveLength(4);
    const base = `${server.url}${path()}?state%5B%5D=active`;
    expect(res.headers.get('link')).toBe(
      `<${base}&page=1&per_page=4>; rel="current",<${base}&page=2&per_page=4>; rel="next",` +
        `<${base}&page=1&per_page=4>; rel="first",<${base}&page=2&per_page=4>; rel="last"`,
    );
  });

  it('lists one section with the same visibility', async () => {
    const section = (id: number) => `/api/v1/sections/${id}/enrollments`;
    expectInvalidToken(await api(server, undefined, 'GET', section(r.sectionB)));
    expect(userIds((await api(server, r.teacher.token, 'GET', section(r.sectionB))).json)).toEqual([r.ta.id, r.studentB.id]);
    expect(userIds((await api(server, r.ta.token, 'GET', section(r.sectionId))).json)).toEqual([]);
    expect((await api(server, ADMIN, 'GET', section(999999))).status).toBe(404);
  });

  it('reports completed for a concluded course', async () => {
    const done = await createFixtureCourse(server, { name: 'Concluded' });
    const student = await createFixtureUser(server);
    await enrollFixtureUser(server, done.id, student.id, 'StudentEnrollment');
    await server.core.services.repos.courses.update(done.id, fixtureStamp(), (course) => ({ ...course, workflow_state: 'completed' }));
    const res = await api(server, student.token, 'GET', `/api/v1/courses/${done.id}/enrollments`);
    expect(res.json).toMatchObject([{ user_id: student.id, enrollment_state: 'completed' }]);
  });
});

describe('DELETE and reactivate', () => {
  let r: RosterCourse;
  beforeAll(async () => {
    r = await createRosterCourse(server, 'Ending 101');
  });

  it('needs a token and the right to manage the enrollment', async () => {
    const path = `/api/v1/courses/${r.id}/enrollments/${r.enrollmentIds.studentA}`;
    expectInvalidToken(await api(server, undefined, 'DELETE', path));
    expectUnauthorized(await api(server, r.studentA.token, 'DELETE', path));
    expectUnauthorized(await api(server, r.ta.token, 'DELETE', path));
    expect((await api(server, r.teacher.token, 'DELETE', `/api/v1/courses/${r.id}/enrollments/999999`)).status).toBe(404);
    expect((await api(server, r.teacher.token, 'DELETE', `${path}?task=explode`)).status).toBe(400);
  });

  it('concludes, inactivates, reactivates and deletes', async () => {
    const base = `/api/v1/courses/${r.id}/enrollments`;
    const concluded = await api(server, r.teacher.token, 'DELETE', `${base}/${r.enrollmentIds.studentA}`);
    expect(concluded.json).toMatchObject({ id: r.enrollmentIds.studentA, enrollment_state: 'completed' });
    const inactive = await api(server, r.ta.token, 'DELETE', `${base}/${r.enrollmentIds.studentB}?task=deactivate`);
    expect(inactive.json).toMatchObject({ enrollment_state: 'inactive' });
    const notInactive = await api(server, r.teacher.token, 'PUT', `${base}/${r.enrollmentIds.studentA}/reactivate`);
    expect(notInactive.status).toBe(400);
    expectUnauthorized(await api(server, r.studentB.token, 'PUT', `${base}/${r.enrollmentIds.studentB}/reactivate`));
    const back = await api(server, r.teacher.token, 'PUT', `${base}/${r.enrollmentIds.studentB}/reactivate`);
    expect(back.json).toMatchObject({ enrollment_state: 'active' });
    const deleted = await api(server, r.teacher.token, 'DELETE', `${base}/${r.enrollmentIds.designer}?task=delete`);
    expect(deleted.json).toMatchObject({ enrollment_state: 'deleted' });
    expect((await api(server, r.teacher.token, 'DELETE', `${base}/${r.enrollmentIds.designer}`)).status).toBe(404);
    const listed = await api(server, r.teacher.token, 'GET', base);
    expect(userIds(listed.json)).toEqual([r.teacher.id, r.ta.id, r.studentB.id, r.observer.id]);
    // The removed designer lost access with the enrollment.
    expectUnauthorized(await api(server, r.designer.token, 'GET', base));
  });
});
