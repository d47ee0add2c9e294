import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_IDS } from '../../src/server/domain/permissions/index.ts';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectUnauthorized, type FixtureCourse } from '../helpers/course-fixtures.ts';
import { addFixtureAdmin, createFixtureSubAccount, createRole, rolesPath, setRolePermissions } from '../helpers/role-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'roles-govern-admin-token';

/**
 * Overrides and custom roles written through the Roles API change what users can do through every other
 * endpoint (docs/architecture.md §6): one policy answers all permission questions.
 */
describe('the Roles API governs access', () => {
  let server: TestServer;
  let rootId: number;
  let subId: number;
  let rootCourse: FixtureCourse;
  let subCourse: FixtureCourse;
  let teacher: FixtureUser;

  const createAssignment = (user: FixtureUser, course: FixtureCourse) =>
    api(server, user.token, 'POST', `/api/v1/courses/${course.id}/assignments`, { assignment: { name: 'Essay' } });
  const createSection = (user: FixtureUser, course: FixtureCourse) =>
    api(server, user.token, 'POST', `/api/v1/courses/${course.id}/sections`, { course_section: { name: 'Extra' } });
  const createSubAccount = (user: FixtureUser, accountId: number) =>
    api(server, user.token, 'POST', `/api/v1/accounts/${accountId}/sub_accounts`, { account: { name: 'Nested' } });

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    rootId = server.core.services.installation.root_account_id;
    subId = await createFixtureSubAccount(server, rootId, 'Engineering');
    rootCourse = await createFixtureCourse(server, { name: 'At Root' });
    subCourse = await createFixtureCourse(server, { name: 'In Engineering', accountId: subId });
    teacher = await createFixtureUser(server, 'Teacher Both');
    await enrollFixtureUser(server, rootCourse.id, teacher.id, 'TeacherEnrollment');
    await enrollFixtureUser(server, subCourse.id, teacher.id, 'TeacherEnrollment');
  });
  afterAll(() => server.stop());

  it('turning manage_assignments off for TeacherEnrollment at the root stops teachers creating assignments', async () => {
    expect((await createAssignment(teacher, rootCourse)).status).toBe(200);
    await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_assignments: { explicit: true, enabled: false } });
    expectUnauthorized(await createAssignment(teacher, rootCourse));
    // Inherited below the root too.
    expectUnauthorized(await createAssignment(teacher, subCourse));
    // Reverting to the default gives it back.
    await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_assignments: { explicit: false } });
    expect((await createAssignment(teacher, rootCourse)).status).toBe(200);
  });

  it("a sub-account's override applies in its courses only, and a lock upstream makes it ignored", async () => {
    await setRolePermissions(server, ADMIN, subId, BUILT_IN_ROLE_IDS.TeacherEnrollment, { manage_sections: { explicit: true, enabled: false } });
    expectUnauthorized(await createSection(teacher, subCourse));
    expect((await createSection(teacher, rootCourse)).status).toBe(200);

    await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_assignments: { explicit: true, enabled: false, locked: true } });
    const reEnabled = await setRolePermissions(server, ADMIN, subId, 'TeacherEnrollment', { manage_assignments: { explicit: true, enabled: true } });
    expect(reEnabled.permissions.manage_assignments).toMatchObject({ enabled: false, readonly: true });
    expectUnauthorized(await createAssignment(teacher, subCourse));
    // Unlocking upstream lets the sub-account's stored setting count again.
    await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_assignments: { explicit: false, locked: false } });
    expect((await createAssignment(teacher, subCourse)).status).toBe(200);
  });

  it('a custom course role gives its holders exactly its permissions, and still does once deactivated', async () => {
    const sectionManager = await createRole(server, ADMIN, rootId, {
      label: 'Section Manager',
      base_role_type: 'TaEnrollment',
      permissions: { manage_sections: { explicit: true, enabled: true }, manage_assignments: { explicit: true, enabled: false } },
    });
    const [holder, plainTa] = [await createFixtureUser(server, 'Role Holder'), await createFixtureUser(server, 'Plain TA')];
    await enrollFixtureUser(server, rootCourse.id, holder.id, 'TaEnrollment', { roleId: sectionManager.id });
    await enrollFixtureUser(server, rootCourse.id, plainTa.id, 'TaEnrollment');

    expect((await createSection(holder, rootCourse)).status).toBe(200);
    expectUnauthorized(await createAssignment(holder, rootCourse));
    // The built-in TA keeps the defaults the custom role overrode.
    expectUnauthorized(await createSection(plainTa, rootCourse));
    expect((await createAssignment(plainTa, rootCourse)).status).toBe(200);

    expect((await api(server, ADMIN, 'DELETE', rolesPath(rootId, sectionManager.id))).status).toBe(200);
    expect((await createSection(holder, rootCourse)).status).toBe(200);
  });

  it('a teacher whose enrollment ends loses the course with the next request, however recently they used it', async () => {
    const course = await createFixtureCourse(server, { name: 'Short Term' });
    const visiting = await createFixtureUser(server, 'Visiting Teacher');
    const enrollmentId = await enrollFixtureUser(server, course.id, visiting.id, 'TeacherEnrollment');
    const listStudents = () => api(server, visiting.token, 'GET', `/api/v1/courses/${course.id}/students/submissions?student_ids[]=all`);
    // Asked twice first: whatever the server keeps of the teacher's rights, it keeps now.
    expect((await listStudents()).status).toBe(200);
    expect((await createAssignment(visiting, course)).status).toBe(200);
    expect((await api(server, ADMIN, 'DELETE', `/api/v1/courses/${course.id}/enrollments/${enrollmentId}?task=delete`)).status).toBe(200);
    expectUnauthorized(await createAssignment(visiting, course));
    expectUnauthorized(await listStudents());
  });

  it("a custom account role's applies_to flags decide where its admins may act", async () => {
    const deptAdmin = await createRole(server, ADMIN, rootId, {
      label: 'Department Admin',
      permissions: { manage_account_settings: { explicit: true, enabled: true, applies_to_self: false, applies_to_descendants: true } },
    });
    const admin = await createFixtureUser(server, 'Department Admin User');
    await addFixtureAdmin(server, admin.id, rootId, deptAdmin.id);
    expectUnauthorized(await createSubAccount(admin, rootId));
    expect((await createSubAccount(admin, subId)).status).toBe(200);
    // Without manage_role_overrides the role's holders cannot change roles themselves.
    expectUnauthorized(await api(server, admin.token, 'PUT', rolesPath(subId, deptAdmin.id), { permissions: {} }));

    // Turned off at the sub-account: its admins from the root lose it there.
    await setRolePermissions(server, ADMIN, subId, deptAdmin.id, { manage_account_settings: { explicit: true, enabled: false } });
    expectUnauthorized(await createSubAccount(admin, subId));
  });
});
