import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectUnauthorized, type FixtureCourse } from '../helpers/course-fixtures.ts';
import { apiForm, createRole, rolesPath, setRolePermissions, type RoleJson } from '../helpers/role-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'fidelity-role-names-admin-token';
const WIKI = ['manage_wiki_create', 'manage_wiki_update', 'manage_wiki_delete'];
const ASSIGNMENTS = ['manage_assignments_add', 'manage_assignments_edit', 'manage_assignments_delete'];
const CONTENT = ['manage_course_content_add', 'manage_course_content_edit', 'manage_course_content_delete'];

/**
 * Class 7 of the round-3 differential: roles accept and report Canvas's granular permission names alongside the
 * 2017 ones (docs/canvas-compatibility.md §5.8), and either name changes what Outpost enforces.
 */
describe("Canvas's granular permission names on roles", () => {
  let server: TestServer;
  let rootId: number;
  let course: FixtureCourse;
  let teacher: FixtureUser;

  const createPage = () =>
    api(server, teacher.token, 'POST', `/api/v1/courses/${course.id}/pages`, { wiki_page: { title: `Notes ${Math.random()}` } });
  const createAssignment = () =>
    api(server, teacher.token, 'POST', `/api/v1/courses/${course.id}/assignments`, { assignment: { name: 'Essay' } });
  const teacherRole = async (): Promise<RoleJson> => (await api(server, ADMIN, 'GET', rolesPath(rootId, 'TeacherEnrollment'))).json as RoleJson;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    rootId = server.core.services.installation.root_account_id;
    course = await createFixtureCourse(server, { name: 'Granular 101' });
    teacher = await createFixtureUser(server, 'Granular Teacher');
    await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
  });
  afterAll(() => server.stop());

  it('reports each granular name next to its family, with the same value', async () => {
    const role = await teacherRole();
    const names = Object.keys(role.permissions);
    for (const [family, members] of [['manage_wiki', WIKI], ['manage_assignments', ASSIGNMENTS], ['manage_content', CONTENT]] as const) {
      const at = names.indexOf(family);
      expect(names.slice(at + 1, at + 1 + members.length)).toEqual(members);
      for (const member of members) expect(role.permissions[member]).toEqual(role.permissions[family]);
    }
    for (const name of ['manage_files_add', 'manage_sections_delete', 'manage_groups_manage', 'manage_lti_edit', 'manage_courses_publish', 'add_student_to_course', 'add_ta_to_course']) {
      expect(role.permissions[name], name).toBeDefined();
    }
    // A student cannot be given page management, by either name.
    const student = (await api(server, ADMIN, 'GET', rolesPath(rootId, 'StudentEnrollment'))).json as RoleJson;
    expect(student.permissions.manage_wiki_create).toEqual({ enabled: false, locked: true, readonly: true, explicit: false });
  });

  it('a granular name written alone sets what its family gates, and reads back under every name', async () => {
    expect((await createPage()).status).toBe(200);
    const off = await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_wiki_create: { explicit: true, enabled: false } });
    for (const name of ['manage_wiki', ...WIKI]) {
      expect(off.permissions[name], name).toEqual({ enabled: false, locked: false, readonly: false, explicit: true, prior_default: true });
    }
    expectUnauthorized(await createPage());
    // Reverting through another member of the family reverts the family.
    const back = await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_wiki_update: { explicit: false } });
    expect(back.permissions.manage_wiki_create).toMatchObject({ enabled: true, explicit: false });
    expect((await createPage()).status).toBe(200);
  });

  it('the 2017 name sets its whole family', async () => {
    const off = await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_assignments: { explicit: true, enabled: false, locked: true } });
    for (const name of ASSIGNMENTS) expect(off.permissions[name], name).toMatchObject({ enabled: false, locked: true, explicit: true });
    expectUnauthorized(await createAssignment());
    await setRolePermissions(server, ADMIN, rootId, 'TeacherEnrollment', { manage_assignments: { explicit: false, locked: false } });
    expect((await createAssignment()).status).toBe(200);
    expect((await teacherRole()).permissions.manage_assignments_add).toMatchObject({ enabled: true, explicit: false, locked: false });
  });

  it('entries of one family that disagree settle on the most restrictive', async () => {
    const role = await createRole(server, ADMIN, rootId, {
      label: 'Page Creator',
      base_role_type: 'TeacherEnrollment',
      permissions: {
        manage_wiki_create: { explicit: true, enabled: true },
        manage_wiki_delete: { explicit: true, enabled: false },
        manage_course_content_add: { explicit: true, enabled: true, applies_to_descendants: false },
        manage_course_content_edit: { locked: true },
      },
    });
    for (const name of ['manage_wiki', ...WIKI]) expect(role.permissions[name], name).toMatchObject({ enabled: false, explicit: true });
    expect(role.permissions.manage_course_content_delete).toEqual({
      enabled: true, locked: true, readonly: false, explicit: true, prior_default: true, applies_to_self: true, applies_to_descendants: false,
    });
    // A holder of the role is held to the family's single value.
    const holder = await createFixtureUser(server, 'Role Holder');
    await enrollFixtureUser(server, course.id, holder.id, 'TeacherEnrollment', { roleId: role.id });
    expectUnauthorized(await api(server, holder.token, 'POST', `/api/v1/courses/${course.id}/pages`, { wiki_page: { title: 'Nope' } }));
  });

  it('accepts granular names form-encoded, as admin scripts send them, and ignores read-only entries', async () => {
    const res = await apiForm(server, ADMIN, 'PUT', rolesPath(rootId, 'TeacherEnrollment'), {
      'permissions[manage_sections_add][explicit]': '1',
      'permissions[manage_sections_add][enabled]': '0',
      // A read-only entry (as a script echoing Role JSON back sends it) does not outvote the real one.
      'permissions[manage_sections_delete][readonly]': 'true',
      'permissions[manage_sections_delete][explicit]': '1',
      'permissions[manage_sections_delete][enabled]': '1',
    });
    expect(res.status).toBe(200);
    const role = res.json as RoleJson;
    for (const name of ['manage_sections', 'manage_sections_add', 'manage_sections_edit', 'manage_sections_delete']) {
      expect(role.permissions[name], name).toMatchObject({ enabled: false, explicit: true });
    }
    expectUnauthorized(await api(server, teacher.token, 'POST', `/api/v1/courses/${course.id}/sections`, { course_section: { name: 'Extra' } }));
  });

  it('turning both scopes off through a granular name is refused like through the 2017 name, writing nothing', async () => {
    const res = await api(server, ADMIN, 'PUT', rolesPath(rootId, 'TeacherEnrollment'), {
      permissions: { manage_files_add: { explicit: true, enabled: true, applies_to_self: false, applies_to_descendants: false } },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Permission must be enabled for someone' });
    expect((await teacherRole()).permissions.manage_files_add).toMatchObject({ enabled: true, explicit: false });
  });
});
