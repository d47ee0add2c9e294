import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import {
  addFixtureAdmin,
  apiForm,
  createFixtureSubAccount,
  createRole,
  rolesPath,
  setRolePermissions,
  type RoleJson,
} from '../helpers/role-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'roles-admin-token';
const ROLE_NOT_FOUND = { message: 'role not found' };
const BUILT_IN_LISTED = [
  { id: 1, role: 'AccountAdmin', label: 'Account Admin', base_role_type: 'AccountMembership' },
  { id: 3, role: 'StudentEnrollment', label: 'Student', base_role_type: 'StudentEnrollment' },
  { id: 4, role: 'TeacherEnrollment', label: 'Teacher', base_role_type: 'TeacherEnrollment' },
  { id: 5, role: 'TaEnrollment', label: 'TA', base_role_type: 'TaEnrollment' },
  { id: 6, role: 'DesignerEnrollment', label: 'Designer', base_role_type: 'DesignerEnrollment' },
  { id: 7, role: 'ObserverEnrollment', label: 'Observer', base_role_type: 'ObserverEnrollment' },
];
/** Defaults of a permission nobody set (docs/canvas-compatibility.md §5.5 step 3). */
const ON = { enabled: true, locked: false, readonly: false, explicit: false, applies_to_self: true, applies_to_descendants: true };
const OFF = { enabled: false, locked: false, readonly: false, explicit: false };
const UNAVAILABLE = { enabled: false, locked: true, readonly: true, explicit: false };

describe('roles API', () => {
  let server: TestServer;
  let rootId: number;
  let subId: number;
  let siblingId: number;
  let subAdmin: FixtureUser;
  let stranger: FixtureUser;
  let teacher: FixtureUser;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    rootId = server.core.services.installation.root_account_id;
    subId = await createFixtureSubAccount(server, rootId, 'Science');
    siblingId = await createFixtureSubAccount(server, rootId, 'Arts');
    [subAdmin, stranger, teacher] = await Promise.all(['Sub Admin', 'Stranger', 'Teacher'].map((n) => createFixtureUser(server, n))) as [FixtureUser, FixtureUser, FixtureUser];
    await addFixtureAdmin(server, subAdmin.id, subId);
    const course = await createFixtureCourse(server, { name: 'Roles 101' });
    await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
  });
  afterAll(() => server.stop());

  /** The same refusals on every route: no token, then users without manage_role_overrides there. */
  const routes = () => [
    ['GET', rolesPath(rootId)],
    ['GET', rolesPath(rootId, 4)],
    ['POST', rolesPath(rootId)],
    ['PUT', rolesPath(rootId, 4)],
    ['DELETE', rolesPath(rootId, 4)],
    ['POST', rolesPath(rootId, 4, 'activate')],
  ] as const;

  describe('refusals common to every route', () => {
    it('needs a token', async () => {
      for (const [method, path] of routes()) expectInvalidToken(await api(server, undefined, method, path, method === 'GET' ? undefined : {}), `${method} ${path}`);
    });

    it('refuses users without manage_role_overrides on the account', async () => {
      for (const [method, path] of routes()) {
        for (const user of [stranger, teacher, subAdmin]) {
          expectUnauthorized(await api(server, user.token, method, path, method === 'GET' ? undefined : { label: 'X' }), `${method} ${path}`);
        }
      }
    });

    it('is 404 for an unknown account', async () => {
      for (const [method, path] of routes()) {
        const unknown = path.replace(`/accounts/${rootId}/`, '/accounts/987654321/');
        expectNotFound(await api(server, ADMIN, method, unknown, method === 'GET' ? undefined : { label: 'X' }), `${method} ${unknown}`);
        expectNotFound(await api(server, ADMIN, method, path.replace(`/accounts/${rootId}/`, '/accounts/sis_account_id:nope/')));
      }
    });

    it("is 404 with Canvas's own body for an unknown role", async () => {
      for (const [method, path] of routes().filter(([, p]) => p.includes('/roles/'))) {
        const unknown = path.replace('/roles/4', '/roles/987654321');
        const res = await api(server, ADMIN, method, unknown, method === 'GET' ? undefined : {});
        expect(res.status, `${method} ${unknown}`).toBe(404);
        expect(res.json).toEqual(ROLE_NOT_FOUND);
      }
      // AccountMembership and NoPermissions are internal, and a name matching nothing is no role either.
      for (const ref of [2, 8, 'NoSuchRole', 'Teacher']) expect((await api(server, ADMIN, 'GET', rolesPath(rootId, ref))).json).toEqual(ROLE_NOT_FOUND);
    });
  });

  describe('GET /api/v1/accounts/:account_id/roles', () => {
    let active: RoleJson;
    let inactive: RoleJson;
    let inSub: RoleJson;

    beforeAll(async () => {
      active = await createRole(server, ADMIN, rootId, { label: 'List Active' });
      inactive = await createRole(server, ADMIN, rootId, { label: 'List Inactive', base_role_type: 'StudentEnrollment' });
      expect((await api(server, ADMIN, 'DELETE', rolesPath(rootId, inactive.id))).status).toBe(200);
      inSub = await createRole(server, subAdmin.token, subId, { label: 'Sub Role', base_role_type: 'TaEnrollment' });
    });

    const ids = (json: unknown) => (json as RoleJson[]).map((r) => r.id);

    it('lists the visible built-in roles first, then the active custom roles of the account by id', async () => {
      const res = await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?per_page=100`);
      expect(res.status).toBe(200);
      const list = res.json as RoleJson[];
      expect(list.slice(0, 6).map(({ id, role, label, base_role_type }) => ({ id, role, label, base_role_type }))).toEqual(BUILT_IN_LISTED);
      for (const builtIn of list.slice(0, 6)) {
        expect(builtIn.workflow_state).toBe('built_in');
        expect(builtIn).not.toHaveProperty('account');
      }
      const custom = list.slice(6);
      expect(custom.map((r) => r.id)).toContain(active.id);
      expect(custom.map((r) => r.id)).not.toContain(inactive.id);
      expect(custom.map((r) => r.id)).not.toContain(inSub.id);
      expect(custom.map((r) => r.id)).toEqual([...custom.map((r) => r.id)].sort((a, b) => a - b));
      expect(custom.every((r) => r.workflow_state === 'active')).toBe(true);
    });

    it('filters by state[]: inactive only leaves out the built-in roles; unknown words mean active', async () => {
      expect(ids((await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?state[]=inactive&per_page=100`)).json)).toEqual([inactive.id]);
      const both = ids((await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?state[]=active&state[]=inactive&per_page=100`)).json);
      expect(both.slice(0, 6)).toEqual([1, 3, 4, 5, 6, 7]);
      expect(both).toEqual(expect.arrayContaining([active.id, inactive.id]));
      const junk = ids((await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?state[]=deleted&per_page=100`)).json);
      expect(junk).toContain(active.id);
      expect(junk).not.toContain(inactive.id);
    });

    it('show_inherited adds the custom roles of the ancestors', async () => {
      expect(ids((await api(server, subAdmin.token, 'GET', rolesPath(subId))).json)).toEqual([1, 3, 4, 5, 6, 7, inSub.id]);
      const inherited = ids((await api(server, subAdmin.token, 'GET', `${rolesPath(subId)}?show_inherited=true&per_page=100`)).json);
      expect(inherited).toContain(active.id);
      expect(inherited.indexOf(active.id)).toBeLessThan(inherited.indexOf(inSub.id));
      // A sibling account's roles are not inherited.
      expect(ids((await api(server, ADMIN, 'GET', `${rolesPath(siblingId)}?show_inherited=1&per_page=100`)).json)).not.toContain(inSub.id);
    });

    it('paginates with the Canvas Link header', async () => {
      const res = await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?per_page=4&page=2&state[]=active`);
      expect(ids(res.json)).toEqual([6, 7, ...ids((await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?per_page=100`)).json).slice(6, 8)]);
      const link = res.headers.get('link') ?? '';
      const base = `${server.url}${rolesPath(rootId)}?state%5B%5D=active&`;
      expect(link).toContain(`<${base}page=2&per_page=4>; rel="current"`);
      expect(link).toContain(`<${base}page=1&per_page=4>; rel="prev"`);
      expect(link).toContain(`<${base}page=1&per_page=4>; rel="first"`);
      expect((await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?page=99`)).json).toEqual([]);
    });
  });

  describe('GET /api/v1/accounts/:account_id/roles/:id', () => {
    it('shows a built-in role with the permissions it has at the account', async () => {
      const res = await api(server, ADMIN, 'GET', rolesPath(rootId, 4));
      expect(res.status).toBe(200);
      const role = res.json as RoleJson;
      expect(role).toMatchObject({ id: 4, role: 'TeacherEnrollment', label: 'Teacher', base_role_type: 'TeacherEnrollment', workflow_state: 'built_in' });
      expect(role).not.toHaveProperty('account');
      expect(role.permissions.manage_assignments).toEqual(ON);
      expect(((await api(server, ADMIN, 'GET', rolesPath(rootId, 5))).json as RoleJson).permissions.manage_interaction_alerts).toEqual(OFF);
      // Listed even where the base type cannot use it: locked and read-only (docs/canvas-compatibility.md §5.2).
      expect(role.permissions.manage_courses).toEqual(UNAVAILABLE);
      expect((await api(server, ADMIN, 'GET', rolesPath(rootId, 3))).json).toMatchObject({ permissions: { manage_grades: UNAVAILABLE } });
    });

    it('lists root-only permissions only at a root account', async () => {
      const atRoot = (await api(server, ADMIN, 'GET', rolesPath(rootId, 1))).json as RoleJson;
      expect(atRoot.permissions.become_user).toEqual(ON);
      expect(atRoot.permissions.view_notifications).toEqual(OFF);
      expect(atRoot.permissions).not.toHaveProperty('manage_jobs');
      const atSub = (await api(server, subAdmin.token, 'GET', rolesPath(subId, 1))).json as RoleJson;
      expect(atSub.permissions).not.toHaveProperty('become_user');
      expect(Object.keys(atSub.permissions).length).toBe(Object.keys(atRoot.permissions).length - 5);
    });

    it('finds a role by name in the path or in the deprecated role parameter', async () => {
      expect((await api(server, ADMIN, 'GET', rolesPath(rootId, 'TaEnrollment'))).json).toMatchObject({ id: 5 });
      const custom = await createRole(server, ADMIN, rootId, { label: 'Show By Name' });
      expect((await api(server, ADMIN, 'GET', rolesPath(rootId, encodeURIComponent('Show By Name')))).json).toMatchObject({ id: custom.id });
      expect((await api(server, ADMIN, 'GET', `${rolesPath(rootId, 'x')}?role=Show%20By%20Name`)).json).toMatchObject({ id: custom.id });
    });

    it('shows a custom role from its account down, with its owning account, and nowhere else', async () => {
      const custom = await createRole(server, ADMIN, rootId, { label: 'Visible Below' });
      const atSub = (await api(server, subAdmin.token, 'GET', rolesPath(subId, custom.id))).json as RoleJson;
      expect(atSub.account).toMatchObject({ id: rootId, name: 'Outpost', parent_account_id: null, root_account_id: null, sis_account_id: null });
      const inSub = await createRole(server, subAdmin.token, subId, { label: 'Only Below Science' });
      expect((await api(server, ADMIN, 'GET', rolesPath(rootId, inSub.id))).json).toEqual(ROLE_NOT_FOUND);
      expect((await api(server, ADMIN, 'GET', rolesPath(siblingId, inSub.id))).json).toEqual(ROLE_NOT_FOUND);
    });
  });

  describe('POST /api/v1/accounts/:account_id/roles', () => {
    it('is 400 without a label', async () => {
      for (const body of [{}, { label: '' }, { label: '   ' }, { role: '' }]) {
        const res = await api(server, ADMIN, 'POST', rolesPath(rootId), body);
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ message: "missing required parameter 'role'" });
      }
    });

    it('is 400 for an unknown base_role_type, a reserved name or a taken one', async () => {
      await createRole(server, ADMIN, rootId, { label: 'Taken' });
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ label: 'Fine', base_role_type: 'Superuser' }, 'base_role_type', 'is invalid'],
        [{ label: 'TeacherEnrollment' }, 'name', 'is reserved'],
        [{ label: 'student' }, 'name', 'is reserved'],
        [{ label: 'Teacher' }, 'label', 'A role with this name already exists'],
        [{ label: 'Taken', base_role_type: 'TaEnrollment' }, 'label', 'A role with this name already exists'],
      ];
      for (const [body, attribute, message] of cases) {
        const res = await api(server, ADMIN, 'POST', rolesPath(rootId), body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((res.json as { errors: Record<string, Array<{ message: string }>> }).errors[attribute]?.[0]?.message).toBe(message);
      }
      // Another account may use the name.
      await createRole(server, subAdmin.token, subId, { label: 'Taken' });
    });

    it('is 400 when a permission applies to nobody, and then creates nothing', async () => {
      const res = await api(server, ADMIN, 'POST', rolesPath(rootId), {
        label: 'Nobody',
        permissions: { manage_courses: { explicit: true, enabled: true, applies_to_self: false, applies_to_descendants: '0' } },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Permission must be enabled for someone' });
      const list = (await api(server, ADMIN, 'GET', `${rolesPath(rootId)}?state[]=active&state[]=inactive&per_page=100`)).json as RoleJson[];
      expect(list.map((r) => r.label)).not.toContain('Nobody');
    });

    it('is 400 for a malformed permissions parameter', async () => {
      for (const permissions of ['all', { manage_courses: 'yes' }, { manage_courses: { enabled: { deep: 1 } } }]) {
        expect((await api(server, ADMIN, 'POST', rolesPath(rootId), { label: 'Malformed', permissions })).status).toBe(400);
      }
    });

    it('creates a course role from a form body, with its permissions, and answers 200 with base_role_type_label', async () => {
      const res = await apiForm(server, ADMIN, 'POST', rolesPath(rootId), {
        label: 'Grader',
        base_role_type: 'TaEnrollment',
        'permissions[manage_sections][explicit]': '1',
        'permissions[manage_sections][enabled]': '1',
        'permissions[manage_grades][explicit]': '1',
        'permissions[manage_grades][enabled]': '0',
        // Inapplicable to a TA-based role, and unknown: both ignored.
        'permissions[manage_courses][explicit]': '1',
        'permissions[manage_courses][enabled]': '1',
        'permissions[no_such_permission][explicit]': '1',
      });
      expect(res.status).toBe(200);
      const role = res.json as RoleJson;
      expect(role).toMatchObject({ role: 'Grader', label: 'Grader', base_role_type: 'TaEnrollment', base_role_type_label: 'TA', workflow_state: 'active' });
      expect(role.account).toMatchObject({ id: rootId, name: 'Outpost' });
      expect(role.permissions.manage_sections).toEqual({ ...ON, explicit: true, prior_default: false });
      expect(role.permissions.manage_grades).toEqual({ ...OFF, explicit: true, prior_default: true });
      expect(role.permissions.manage_courses).toEqual(UNAVAILABLE);
      expect(role.permissions).not.toHaveProperty('no_such_permission');
      expect(role.permissions.read_forum).toEqual(ON);
      expect((await api(server, ADMIN, 'GET', rolesPath(rootId, role.id))).json).toEqual({ ...role, base_role_type_label: undefined });
    });

    it('accepts the deprecated role parameter as the label, and defaults to an account role', async () => {
      const res = await api(server, ADMIN, 'POST', rolesPath(rootId), { role: 'Auditor' });
      expect(res.status).toBe(200);
      const role = res.json as RoleJson;
      expect(role).toMatchObject({ role: 'Auditor', label: 'Auditor', base_role_type: 'AccountMembership' });
      expect(role).not.toHaveProperty('base_role_type_label');
      expect(role.permissions.manage_courses).toEqual(OFF);
      expect(role.permissions.become_user).toEqual(OFF);
    });

    it("follows Canvas's write rules: locking alone enables, applies_to flags are kept", async () => {
      const role = await createRole(server, ADMIN, rootId, {
        label: 'Writer Rules',
        permissions: {
          read_course_list: { locked: true },
          manage_courses: { explicit: true, enabled: true, applies_to_self: false },
          manage_alerts: { explicit: false, enabled: true },
          view_statistics: { readonly: true, explicit: true, enabled: true } as never,
        },
      });
      expect(role.permissions.read_course_list).toEqual({ ...ON, locked: true, explicit: true, prior_default: false });
      expect(role.permissions.manage_courses).toEqual({ ...ON, explicit: true, prior_default: false, applies_to_self: false });
      expect(role.permissions.manage_alerts).toEqual(OFF);
      expect(role.permissions.view_statistics).toEqual(OFF);
    });
  });

  describe('PUT /api/v1/accounts/:account_id/roles/:id', () => {
    it("sets a built-in role's permissions at one account only", async () => {
      const untouched = (await api(server, subAdmin.token, 'GET', rolesPath(subId, 4))).json;
      const atSub = await setRolePermissions(server, subAdmin.token, subId, 4, { manage_wiki: { explicit: true, enabled: false } });
      expect(atSub.permissions.manage_wiki).toEqual({ ...OFF, explicit: true, prior_default: true });
      expect(((await api(server, ADMIN, 'GET', rolesPath(rootId, 4))).json as RoleJson).permissions.manage_wiki).toEqual(ON);
      // explicit=0 reverts to what is inherited; setting it again reuses the same stored override.
      expect(await setRolePermissions(server, subAdmin.token, subId, 'TeacherEnrollment', { manage_wiki: { explicit: '0' } })).toEqual(untouched);
      await setRolePermissions(server, subAdmin.token, subId, 4, { manage_wiki: { explicit: '1', enabled: 'false' } });
      const stored = await server.core.services.repos.roleOverrides.find({ parent_id: subId });
      expect(stored.filter((o) => o.data.role_id === 4 && o.data.permission === 'manage_wiki')).toHaveLength(1);
    });

    it('reports a lock set upstream as read-only and ignores a re-enable below it (docs/canvas-compatibility.md §5.5 step 5)', async () => {
      const role = await createRole(server, ADMIN, rootId, { label: 'Locked Upstream' });
      const atRoot = await setRolePermissions(server, ADMIN, rootId, role.id, { manage_courses: { explicit: 1 as never, enabled: true, locked: true } });
      expect(atRoot.permissions.manage_courses).toEqual({
        enabled: true, locked: true, readonly: false, explicit: true, prior_default: false, applies_to_self: true, applies_to_descendants: true,
      });
      const locked = { enabled: true, locked: true, readonly: true, explicit: false, applies_to_self: true, applies_to_descendants: true };
      expect(((await api(server, subAdmin.token, 'GET', rolesPath(subId, role.id))).json as RoleJson).permissions.manage_courses).toEqual(locked);
      const below = await setRolePermissions(server, subAdmin.token, subId, role.id, { manage_courses: { explicit: true, enabled: false } });
      expect(below.permissions.manage_courses).toEqual(locked);
    });

    it('renames a custom role of the account; refuses to rename built-in and inherited roles, or to a taken name', async () => {
      const role = await createRole(server, ADMIN, rootId, { label: 'Before Rename' });
      const res = await api(server, ADMIN, 'PUT', rolesPath(rootId, role.id), { label: 'After Rename' });
      expect(res.json).toMatchObject({ id: role.id, label: 'After Rename', role: 'After Rename' });
      // The same label again, or a blank one, is no rename.
      expect((await api(server, ADMIN, 'PUT', rolesPath(rootId, 4), { label: 'Teacher' })).status).toBe(200);
      expect((await api(server, ADMIN, 'PUT', rolesPath(rootId, role.id), { label: ' ' })).json).toMatchObject({ label: 'After Rename' });
      const refusals: Array<[number, number, FixtureUser | string, string]> = [
        [rootId, 4, ADMIN, "cannot update the 'label' for a built-in role"],
        [subId, role.id, subAdmin, "cannot update the 'label' for an inherited role"],
      ];
      for (const [account, id, user, message] of refusals) {
        const out = await api(server, typeof user === 'string' ? user : user.token, 'PUT', rolesPath(account, id), { label: 'Renamed' });
        expect(out.status).toBe(400);
        expect(out.json).toEqual({ message });
      }
      const taken = await api(server, ADMIN, 'PUT', rolesPath(rootId, role.id), { label: 'Account Admin' });
      expect(taken.status).toBe(400);
      expect(taken.json).toMatchObject({ errors: { label: [{ message: 'A role with this name already exists' }] } });
    });

    it('is 400 when a permission applies to nobody, and then changes nothing', async () => {
      const role = await createRole(server, ADMIN, rootId, { label: 'Atomic Update' });
      const res = await api(server, ADMIN, 'PUT', rolesPath(rootId, role.id), {
        label: 'Atomic Renamed',
        permissions: { manage_courses: { explicit: true, enabled: true }, manage_alerts: { applies_to_self: 'no', applies_to_descendants: 'f' } },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Permission must be enabled for someone' });
      const after = (await api(server, ADMIN, 'GET', rolesPath(rootId, role.id))).json as RoleJson;
      expect(after.label).toBe('Atomic Update');
      expect(after.permissions.manage_courses).toEqual(OFF);
    });
  });

  describe('DELETE /api/v1/accounts/:account_id/roles/:id', () => {
    it('deactivates a custom role of the account, once', async () => {
      const role = await createRole(server, ADMIN, rootId, { label: 'To Deactivate' });
      const res = await api(server, ADMIN, 'DELETE', rolesPath(rootId, role.id));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: role.id, workflow_state: 'inactive', account: { id: rootId } });
      const again = await api(server, ADMIN, 'DELETE', rolesPath(rootId, role.id));
      expect(again.status).toBe(400);
      expect(again.json).toEqual({ message: 'Cannot deactivate an already inactive role' });
      // An inactive role may share its name with a new active one.
      await createRole(server, ADMIN, rootId, { label: 'To Deactivate' });
    });

    it('refuses built-in roles (400) and roles of an ancestor account (404)', async () => {
      const builtIn = await api(server, ADMIN, 'DELETE', rolesPath(rootId, 'StudentEnrollment'));
      expect(builtIn.status).toBe(400);
      expect(builtIn.json).toEqual({ message: 'Cannot remove a built-in role' });
      const role = await createRole(server, ADMIN, rootId, { label: 'Not Yours' });
      expectNotFound(await api(server, subAdmin.token, 'DELETE', rolesPath(subId, role.id)));
    });
  });

  describe('POST /api/v1/accounts/:account_id/roles/:id/activate', () => {
    it('reactivates an inactive role; anything else is 400 "Role not found"', async () => {
      const role = await createRole(server, ADMIN, rootId, { label: 'Comeback' });
      const notInactive = await api(server, ADMIN, 'POST', rolesPath(rootId, role.id, 'activate'));
      expect(notInactive.status).toBe(400);
      expect(notInactive.json).toEqual({ message: 'Role not found' });
      expect((await api(server, ADMIN, 'POST', rolesPath(rootId, 4, 'activate'))).json).toEqual({ message: 'Role not found' });
      await api(server, ADMIN, 'DELETE', rolesPath(rootId, role.id));
      expectNotFound(await api(server, subAdmin.token, 'POST', rolesPath(subId, role.id, 'activate')));
      const res = await api(server, ADMIN, 'POST', rolesPath(rootId, 'x', 'activate'), { role: 'Comeback' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: role.id, workflow_state: 'active' });
    });

    it('refuses to activate a role whose name an active role has taken meanwhile', async () => {
      const role = await createRole(server, ADMIN, rootId, { label: 'Twin' });
      await api(server, ADMIN, 'DELETE', rolesPath(rootId, role.id));
      await createRole(server, ADMIN, rootId, { label: 'Twin' });
      const res = await api(server, ADMIN, 'POST', rolesPath(rootId, role.id, 'activate'));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ errors: { label: [{ message: 'A role with this name already exists' }] } });
    });
  });

  describe('Role JSON', () => {
    it('carries Canvas’s fields: base_role_type, label, is_account_role, workflow_state, times, and full permission entries', async () => {
      // The request of Canvas's documentation, form-encoded as curl -F sends it.
      const res = await apiForm(server, ADMIN, 'POST', rolesPath(rootId), {
        label: 'New Role',
        'permissions[read_course_content][explicit]': '1',
        'permissions[read_course_content][enabled]': '1',
        'permissions[read_course_content][locked]': '1',
        'permissions[read_course_content][applies_to_self]': '1',
        'permissions[read_course_content][applies_to_descendants]': '0',
      });
      expect(res.status).toBe(200);
      const role = res.json as RoleJson & Record<string, unknown>;
      expect(role).toMatchObject({ role: 'New Role', label: 'New Role', base_role_type: 'AccountMembership', is_account_role: true, workflow_state: 'active' });
      expect(Date.parse(role.created_at as string)).toBeGreaterThan(0);
      expect(role.last_updated_at).toBe(role.created_at);
      expect(role.permissions.read_course_content).toEqual({
        enabled: true,
        locked: true,
        readonly: false,
        explicit: true,
        prior_default: false,
        applies_to_self: true,
        applies_to_descendants: false,
      });
      // Seen from a sub-account, the lock set above makes it read-only and inherited.
      const below = (await api(server, ADMIN, 'GET', rolesPath(subId, role.id))).json as RoleJson;
      expect(below.permissions.read_course_content).toEqual({ enabled: true, locked: true, readonly: true, explicit: false, applies_to_self: true, applies_to_descendants: false });

      const course = (await api(server, ADMIN, 'POST', rolesPath(rootId), { label: 'Helper', base_role_type: 'TaEnrollment' })).json as Record<string, unknown>;
      expect(course).toMatchObject({ base_role_type: 'TaEnrollment', is_account_role: false });
      const admin = (await api(server, ADMIN, 'GET', rolesPath(rootId, 1))).json as Record<string, unknown>;
      expect(admin).toMatchObject({ label: 'Account Admin', base_role_type: 'AccountMembership', is_account_role: true, workflow_state: 'built_in' });
      expect((await api(server, ADMIN, 'GET', rolesPath(rootId, 4))).json).toMatchObject({ is_account_role: false });
      // Built-in roles are constants: no owning account, no record times.
      for (const key of ['account', 'created_at', 'last_updated_at']) expect(admin).not.toHaveProperty(key);
    });
  });
});
