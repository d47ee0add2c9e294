import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectUnauthorized } from '../helpers/course-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { addFixtureAdmin, createFixtureSubAccount, createRole } from '../helpers/role-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

const ADMIN_TOKEN = 'masquerade-admin-token';
type Json = Record<string, unknown> & { id: number };

/** Canvas's masquerading: `as_user_id` runs a request as another user when the caller may become them. */
describe('as_user_id (masquerading)', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  let root: number;
  /** A second root AccountAdmin, a sub-account admin, and a root helpdesk role holding become_user alone. */
  let otherAdmin: FixtureUser;
  let subAdmin: FixtureUser;
  let helpdesk: FixtureUser;
  const invalid = { errors: 'Invalid as_user_id' };
  const whoAmI = async (token: string, asUserId: string) => api(server, token, 'GET', `/api/v1/users/self?as_user_id=${encodeURIComponent(asUserId)}`);

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    root = server.core.services.installation.root_account_id;
    course = await createSubmissionCourse(server, 'Masquerade 101');
    await server.core.services.repos.users.update(course.studentA.id, { actorId: 0, requestId: 'fixture', now: Date.now() }, (u) => ({ ...u, sis_user_id: 'SIS-AMY' }));
    otherAdmin = await createFixtureUser(server, 'Other Admin');
    await addFixtureAdmin(server, otherAdmin.id, root);
    subAdmin = await createFixtureUser(server, 'Sub Admin');
    await addFixtureAdmin(server, subAdmin.id, await createFixtureSubAccount(server, root, 'Faculty'));
    helpdesk = await createFixtureUser(server, 'Help Desk');
    const role = await createRole(server, ADMIN_TOKEN, root, { label: 'Helpdesk', permissions: { become_user: { explicit: true, enabled: true } } });
    await addFixtureAdmin(server, helpdesk.id, root, role.id);
  });
  afterAll(() => server.stop());

  it('an admin with become_user acts as the user, named by id, sis_user_id: or sis_login_id:', async () => {
    for (const form of [String(course.studentA.id), 'sis_user_id:SIS-AMY', `sis_login_id:${course.studentA.login}`]) {
      const res = await whoAmI(ADMIN_TOKEN, form);
      expect(res.status, form).toBe(200);
      expect((res.json as Json).id, form).toBe(course.studentA.id);
    }
    // Acting as oneself changes nothing; an empty as_user_id is ignored.
    const admin = (await api(server, ADMIN_TOKEN, 'GET', '/api/v1/users/self')).json as Json;
    expect(((await whoAmI(ADMIN_TOKEN, String(admin.id))).json as Json).id).toBe(admin.id);
    expect(((await whoAmI(ADMIN_TOKEN, '')).json as Json).id).toBe(admin.id);
  });

  it('401 {"errors":"Invalid as_user_id"} for unknown users and for callers who may not become them', async () => {
    for (const form of ['999999999', 'sis_user_id:bogus', 'sis_login_id:nobody', 'abc']) {
      const res = await whoAmI(ADMIN_TOKEN, form);
      expect(res.status, form).toBe(401);
      expect(res.json, form).toEqual(invalid);
      expect(res.headers.get('www-authenticate'), form).toBeNull();
    }
    // No become_user: a teacher, a student, a sub-account admin (become_user exists on the root account only).
    for (const who of [course.teacher, course.studentB, subAdmin]) {
      const res = await whoAmI(who.token, String(course.studentA.id));
      expect(res.status, who.login).toBe(401);
      expect(res.json, who.login).toEqual(invalid);
    }
    expect((await whoAmI(course.studentA.token, String(otherAdmin.id))).json).toEqual(invalid);
  });

  it('nobody gains rights by acting as someone: become_user alone reaches students, not an admin with more rights', async () => {
    expect(((await whoAmI(helpdesk.token, String(course.studentA.id))).json as Json).id).toBe(course.studentA.id);
    expect((await whoAmI(helpdesk.token, String(otherAdmin.id))).json).toEqual(invalid);
    expect((await whoAmI(helpdesk.token, String(subAdmin.id))).json).toEqual(invalid);
    // An AccountAdmin holds every right another AccountAdmin (or a sub-account admin) holds.
    expect(((await whoAmI(ADMIN_TOKEN, String(otherAdmin.id))).json as Json).id).toBe(otherAdmin.id);
    expect(((await whoAmI(otherAdmin.token, String(subAdmin.id))).json as Json).id).toBe(subAdmin.id);
  });

  it('the request has the acted user’s rights, and writes record the real user as who changed them (as_user_id in a form body or JSON)', async () => {
    const assignment = await createGradedAssignment(server, course);
    await submitText(server, course.studentA.token, course.id, assignment.id);
    const path = `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions/${course.studentA.id}`;
    // As student B: not allowed to grade (the admin's own rights do not apply).
    expectUnauthorized(await api(server, ADMIN_TOKEN, 'PUT', path, { as_user_id: course.studentB.id, submission: { posted_grade: '9' } }));
    const graded = await formApi(server, ADMIN_TOKEN, 'PUT', path, `as_user_id=${course.teacher.id}&submission[posted_grade]=9&comment[text_comment]=Good`);
    expect(graded.status).toBe(200);
    expect(graded.json).toMatchObject({ score: 9, grader_id: course.teacher.id });
    expect((graded.json as { submission_comments: Json[] }).submission_comments).toEqual([expect.objectContaining({ author_id: course.teacher.id })]);
    const admin = (await api(server, ADMIN_TOKEN, 'GET', '/api/v1/users/self')).json as Json;
    const stored = await server.core.services.repos.submissions.get((graded.json as Json).id);
    expect(stored?.updated_by).toBe(admin.id);
    const [comment] = await server.core.services.repos.submissionComments.find({ parent_id: stored!.id });
    expect(comment?.updated_by).toBe(admin.id);
    // Without as_user_id the stamp names the caller, as always.
    await api(server, course.teacher.token, 'PUT', path, { submission: { posted_grade: '8' } });
    expect((await server.core.services.repos.submissions.get(stored!.id))?.updated_by).toBe(course.teacher.id);
  });
});
