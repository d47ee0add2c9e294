import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { enrollFixtureUser, expectInvalidToken, expectNotFound, expectNotFoundSaying, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { addFixtureMember, createFixtureCategory } from '../helpers/group-fixtures.ts';
import { rowsReadDuring } from '../helpers/rows-read.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failWritesOf } from '../helpers/write-faults.ts';

const ADMIN = 'group-categories-admin-token';
type Json = Record<string, unknown>;

describe('group categories API', () => {
  let server: TestServer;
  let c: RosterCourse;
  let rootId: number;
  let extra: FixtureUser[];

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    rootId = server.core.services.installation.root_account_id;
    c = await createRosterCourse(server, 'Groups 101');
    // Five more students: seven in all, for the distribution tests.
    extra = await Promise.all(['Cara', 'Dev', 'Eli', 'Fay', 'Gus'].map((n) => createFixtureUser(server, `${n} Pupil`)));
    for (const s of extra) await enrollFixtureUser(server, c.id, s.id, 'StudentEnrollment');
  });
  afterAll(() => server.stop());

  const create = (body: Json, token = c.teacher.token) => api(server, token, 'POST', `/api/v1/courses/${c.id}/group_categories`, body);

  describe('errors come first', () => {
    it('refuses every route without a token (401 with the Bearer challenge)', async () => {
      const id = await createFixtureCategory(server, { courseId: c.id });
      const routes: [string, string][] = [
        ['GET', `/api/v1/courses/${c.id}/group_categories`],
        ['POST', `/api/v1/courses/${c.id}/group_categories`],
        ['GET', `/api/v1/accounts/${rootId}/group_categories`],
        ['POST', `/api/v1/accounts/${rootId}/group_categories`],
        ['GET', `/api/v1/group_categories/${id}`],
        ['PUT', `/api/v1/group_categories/${id}`],
        ['DELETE', `/api/v1/group_categories/${id}`],
        ['GET', `/api/v1/group_categories/${id}/groups`],
        ['POST', `/api/v1/group_categories/${id}/groups`],
        ['GET', `/api/v1/group_categories/${id}/users`],
        ['POST', `/api/v1/group_categories/${id}/assign_unassigned_members`],
      ];
      for (const [method, path] of routes) expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
    });

    it('refuses students and outsiders without the rights (401 unauthorized, no challenge)', async () => {
      const id = await createFixtureCategory(server, { courseId: c.id });
      const asStudent: [string, string][] = [
        ['GET', `/api/v1/courses/${c.id}/group_categories`],
        ['POST', `/api/v1/courses/${c.id}/group_categories`],
        ['PUT', `/api/v1/group_categories/${id}`],
        ['DELETE', `/api/v1/group_categories/${id}`],
        ['GET', `/api/v1/group_categories/${id}/groups`],
        ['POST', `/api/v1/group_categories/${id}/groups`],
        ['POST', `/api/v1/group_categories/${id}/assign_unassigned_members`],
        ['GET', `/api/v1/accounts/${rootId}/group_categories`],
        ['POST', `/api/v1/accounts/${rootId}/group_categories`],
      ];
      for (const [method, path] of asStudent) {
        expectUnauthorized(await api(server, c.studentA.token, method, path, method === 'GET' ? undefined : { name: 'X' }), `${method} ${path}`);
      }
      // The spec: showing a category the caller may not see is a 401.
      expectUnauthorized(await api(server, c.outsider.token, 'GET', `/api/v1/group_categories/${id}`));
      expectUnauthorized(await api(server, c.outsider.token, 'GET', `/api/v1/group_categories/${id}/users`));
      // Teachers manage course groups, not the account's.
      expectUnauthorized(await api(server, c.teacher.token, 'GET', `/api/v1/accounts/${rootId}/group_categories`));
    });

    it('answers 404 for unknown categories, courses and accounts', async () => {
      for (const path of ['/api/v1/group_categories/999999', '/api/v1/group_categories/999999/users']) {
        expectNotFoundSaying(await api(server, ADMIN, 'GET', path), { status: 'not found' }, path);
      }
      // A malformed id fails the route's parameters before any category is looked up.
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/group_categories/abc'));
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/courses/999999/group_categories'));
      expectNotFound(await api(server, ADMIN, 'POST', '/api/v1/accounts/999999/group_categories', { name: 'X' }));
      expectNotFoundSaying(await api(server, ADMIN, 'PUT', '/api/v1/group_categories/999999', { name: 'X' }), { status: 'not found' });
      expectNotFoundSaying(await api(server, ADMIN, 'DELETE', '/api/v1/group_categories/999999'), { status: 'not found' });
      const gone = await createFixtureCategory(server, { courseId: c.id }, { workflow_state: 'deleted' });
      expectNotFoundSaying(await api(server, ADMIN, 'GET', `/api/v1/group_categories/${gone}`), { status: 'not found' });
    });

    it('rejects invalid values with keyed 400s and writes nothing', async () => {
      const cases: [Json, string, string][] = [
        [{}, 'name', 'blank'],
        [{ name: '  ' }, 'name', 'blank'],
        [{ name: 'Student Groups' }, 'name', 'reserved'],
        [{ name: 'L', self_signup: 'enabled', group_limit: 1 }, 'group_limit', 'greater_than'],
        [{ name: 'L', group_limit: 4 }, 'group_limit', 'invalid'],
        [{ name: 'L', self_signup: 'sometimes' }, 'self_signup', 'inclusion'],
        [{ name: 'L', auto_leader: 'oldest' }, 'auto_leader', 'inclusion'],
        [{ name: 'L', split_group_count: 2, self_signup: 'enabled' }, 'split_group_count', 'invalid'],
        [{ name: 'L', create_group_count: 201 }, 'create_group_count', 'too_long'],
        [{ name: 'L', group_limit: 'many' }, 'group_limit', 'invalid'],
      ];
      for (const [body, field, type] of cases) {
        const res = await create(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const errors = (res.json as { errors: Record<string, { attribute: string; type: string }[]> }).errors;
        expect(errors[field]?.[0], JSON.stringify(body)).toMatchObject({ attribute: field });
        if (type !== 'too_long') expect(errors[field]?.[0]?.type, JSON.stringify(body)).toBe(type);
      }
      const list = await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/group_categories?per_page=100`);
      expect((list.json as Json[]).some((cat) => cat.name === 'L')).toBe(false);
      // Course-only settings are refused on accounts.
      const account = await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/group_categories`, { name: 'A', self_signup: 'enabled', create_group_count: 2 });
      expect(account.status).toBe(400);
      expect(Object.keys((account.json as { errors: Json }).errors).sort()).toEqual(['create_group_count', 'self_signup']);
    });

    it('refuses a duplicate name in the same context', async () => {
      expect((await create({ name: 'Dup' })).status).toBe(200);
      const res = await create({ name: 'Dup' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ errors: { name: [{ attribute: 'name', type: 'taken', message: 'Dup is already in use.' }] } });
    });
  });

  describe('create, show, update, delete', () => {
    it('creates a course category with its counts', async () => {
      const res = await create({ name: 'Labs', self_signup: 'Enabled', auto_leader: 'first', group_limit: '3' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: 'Labs',
        role: null,
        self_signup: 'enabled',
        auto_leader: 'first',
        group_limit: 3,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        context_type: 'Course',
        course_id: c.id,
        protected: false,
        allows_multiple_memberships: false,
        is_member: false,
        groups_count: 0,
        unassigned_users_count: 7,
      });
      const shown = await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${(res.json as Json).id}`);
      expect(shown.status).toBe(200);
      expect(shown.json).not.toHaveProperty('groups_count');
      expect(shown.json).toMatchObject({ name: 'Labs', is_member: false });
    });

    it('create_group_count only creates groups; split_group_count also distributes', async () => {
      const created = (await create({ name: 'Project Groups', create_group_count: 3 })).json as Json;
      expect(created).toMatchObject({ groups_count: 3, unassigned_users_count: 7 });
      const groups = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${created.id}/groups`)).json as Json[];
      expect(groups.map((g) => [g.name, g.members_count])).toEqual([['Project Group 1', 0], ['Project Group 2', 0], ['Project Group 3', 0]]);

      const split = (await create({ name: 'Teams', split_group_count: '3', auto_leader: 'first' })).json as Json;
      expect(split).toMatchObject({ groups_count: 3, unassigned_users_count: 0 });
      const teams = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${split.id}/groups`)).json as Json[];
      expect(teams.map((g) => g.members_count).sort()).toEqual([2, 2, 3]);
      for (const t of teams) expect(t.leader).toMatchObject({ id: expect.any(Number), display_name: expect.any(String) });
    });

    it('PUT keeps fields it does not mention and clears explicit empties', async () => {
      const id = ((await create({ name: 'Keepers', self_signup: 'restricted', auto_leader: 'random', group_limit: 4, create_group_count: 2 })).json as Json).id;
      const renamed = await api(server, c.teacher.token, 'PUT', `/api/v1/group_categories/${id}`, { name: 'Keepers 2' });
      expect(renamed.json).toMatchObject({ name: 'Keepers 2', self_signup: 'restricted', auto_leader: 'random', group_limit: 4 });
      const limited = await api(server, c.teacher.token, 'PUT', `/api/v1/group_categories/${id}`, { group_limit: 5 });
      expect(limited.json).toMatchObject({ name: 'Keepers 2', group_limit: 5 });
      const groups = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/groups`)).json as Json[];
      expect(groups.map((g) => g.max_membership)).toEqual([5, 5]);
      // Clearing self-signup while a limit remains is refused; clearing both works.
      expect((await api(server, c.teacher.token, 'PUT', `/api/v1/group_categories/${id}`, { self_signup: '' })).status).toBe(400);
      const cleared = await api(server, c.teacher.token, 'PUT', `/api/v1/group_categories/${id}`, { self_signup: '', group_limit: '', auto_leader: null });
      expect(cleared.json).toMatchObject({ name: 'Keepers 2', self_signup: null, auto_leader: null, group_limit: null });
      // More groups on update are numbered after the existing ones, named after the current (singular) name.
      await api(server, c.teacher.token, 'PUT', `/api/v1/group_categories/${id}`, { name: 'Keepers', create_group_count: 1 });
      const after = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/groups`)).json as Json[];
      expect(after.map((g) => g.name)).toEqual(['Keeper 1', 'Keeper 2', 'Keeper 3']);
    });

    it('deletes a category and its groups; protected ones are refused', async () => {
      const id = ((await create({ name: 'Doomed', create_group_count: 1 })).json as Json).id as number;
      const [group] = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/groups`)).json as Json[];
      await addFixtureMember(server, group!.id as number, c.studentA.id);
      const res = await api(server, c.teacher.token, 'DELETE', `/api/v1/group_categories/${id}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id, name: 'Doomed' });
      expectNotFoundSaying(await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}`), { status: 'not found' });
      expectNotFound(await api(server, ADMIN, 'GET', `/api/v1/groups/${group!.id}`));
      for (const role of ['communities', 'student_organized'] as const) {
        const protectedId = await createFixtureCategory(server, { courseId: c.id }, { role });
        expectUnauthorized(await api(server, ADMIN, 'DELETE', `/api/v1/group_categories/${protectedId}`), role);
        expect((await api(server, ADMIN, 'GET', `/api/v1/group_categories/${protectedId}`)).json).toMatchObject({ protected: true, allows_multiple_memberships: true });
      }
      const imported = await createFixtureCategory(server, { courseId: c.id }, { role: 'imported' });
      expect((await api(server, ADMIN, 'DELETE', `/api/v1/group_categories/${imported}`)).status).toBe(200);
    });

    it('manages account categories as an account admin', async () => {
      const res = await api(server, ADMIN, 'POST', `/api/v1/accounts/self/group_categories`, { name: 'Clubs', auto_leader: 'random' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ name: 'Clubs', context_type: 'Account', account_id: rootId, auto_leader: 'random' });
      expect(res.json).not.toHaveProperty('course_id');
      const list = await api(server, ADMIN, 'GET', `/api/v1/accounts/${rootId}/group_categories`);
      expect((list.json as Json[]).map((x) => x.name)).toContain('Clubs');
      expect((await api(server, ADMIN, 'GET', `/api/v1/group_categories/${(res.json as Json).id}`)).status).toBe(200);
      expectUnauthorized(await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${(res.json as Json).id}`));
    });
  });

  describe('lists', () => {
    it('paginates the course list with Link headers and honours include[]', async () => {
      const res = await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/group_categories?per_page=2&page=2&includes[]=groups_count`);
      expect(res.status).toBe(200);
      const page = res.json as Json[];
      expect(page).toHaveLength(2);
      for (const cat of page) expect(cat).toHaveProperty('groups_count');
      expect(res.headers.get('link')).toMatch(/rel="current",.*rel="next",.*rel="prev",.*rel="first",.*rel="last"/);
      const all = (await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/group_categories?per_page=100`)).json as Json[];
      expect(all.map((x) => x.id)).toEqual([...all.map((x) => x.id as number)].sort((a, b) => a - b));
      expect((await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/group_categories?page=999`)).json).toEqual([]);
    });

    it('lists a category’s groups by name and creates groups in it', async () => {
      const id = ((await create({ name: 'Named', self_signup: 'enabled', group_limit: 4 })).json as Json).id;
      for (const name of ['Zeta', 'alpha', 'Mid']) {
        const res = await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${id}/groups`, { name, description: 'd' });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ name, group_category_id: id, max_membership: 4, join_level: 'parent_context_auto_join', members_count: 0, course_id: c.id, leader: null });
      }
      expect((await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${id}/groups`, {})).status).toBe(400);
      const res = await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/groups?per_page=2`);
      expect((res.json as Json[]).map((g) => g.name)).toEqual(['alpha', 'Mid']);
      expect(res.headers.get('link')).toContain('rel="next"');
    });

    it('lists users: search_term needs 3 characters, unassigned leaves out group members', async () => {
      const id = ((await create({ name: 'Seekers', create_group_count: 1 })).json as Json).id as number;
      const [group] = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/groups`)).json as Json[];
      await addFixtureMember(server, group!.id as number, c.studentA.id);
      const short = await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/users?search_term=am`);
      expect(short.status).toBe(400);
      expect(short.json).toEqual({ errors: [{ field: 'search_term', code: 'invalid', message: '3 or more characters is required' }] });
      const all = (await api(server, c.studentB.token, 'GET', `/api/v1/group_categories/${id}/users?per_page=100`)).json as Json[];
      expect(all).toHaveLength(7);
      expect(all[0]).toEqual({ id: expect.any(Number), name: expect.any(String), created_at: expect.any(String), sortable_name: expect.any(String), short_name: expect.any(String) });
      const found = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/users?search_term=amy`)).json as Json[];
      expect(found.map((u) => u.id)).toEqual([c.studentA.id]);
      const byId = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/users?search_term=${c.studentB.id}`)).json as Json[];
      expect(byId.map((u) => u.id)).toEqual([c.studentB.id]);
      const unassigned = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/users?unassigned=true&per_page=100`)).json as Json[];
      expect(unassigned.map((u) => u.id)).not.toContain(c.studentA.id);
      expect(unassigned).toHaveLength(6);
      const paged = await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/users?per_page=3`);
      expect(paged.json as Json[]).toHaveLength(3);
      expect(paged.headers.get('link')).toContain('rel="next"');
    });

    it("lists an account category's users: the root account's people, found through their logins, not among every user", async () => {
      const { repos } = server.core.services;
      const category = ((await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/group_categories`, { name: 'Account people' })).json as Json).id as number;
      // A user whose first login was replaced by another stays a member, once.
      const renamed = await createFixtureUser(server, 'Rena Renamed');
      expect((await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/logins`, { user: { id: renamed.id }, login: { unique_id: `${renamed.login}.two` } })).status).toBe(200);
      const first = (await repos.logins.find({ user_id: renamed.id })).find((l) => l.data.unique_id === renamed.login);
      expect((await api(server, ADMIN, 'DELETE', `/api/v1/users/${renamed.id}/logins/${first!.id}`)).status).toBe(200);
      // People of another root account (as a device holds its hub's): never members, never read.
      for (let i = 0; i < 200; i++) {
        const far = { name: `Far ${i}`, sortable_name: `Far ${i}`, short_name: 'Far', login_id: `far.${i}`, sis_user_id: null, integration_id: null, email: null, time_zone: null, locale: null };
        await repos.users.create({ ...far, root_account_id: rootId + 1_000_000, workflow_state: 'registered', uuid: `far-${i}` }, fixtureStamp());
      }
      // The members as they were found before: every user record of the root account.
      const expected = (await repos.users.find({ 'data.root_account_id': rootId })).filter((u) => u.data.workflow_state !== 'deleted').map((u) => u.id);
      let listed: Json[] = [];
      const rows = await rowsReadDuring(async () => (listed = (await api(server, ADMIN, 'GET', `/api/v1/group_categories/${category}/users?per_page=100`)).json as Json[]));
      expect(listed.map((u) => u.id).sort()).toEqual(expected.sort());
      expect(listed.map((u) => u.id)).toContain(renamed.id);
      expect(rows.get('user') ?? 0).toBe(0);
      expect([...rows.values()].reduce((sum, n) => sum + n, 0)).toBeLessThan(2 * expected.length + 20);
    });
  });

  describe('assign_unassigned_members', () => {
    const groupsOf = async (id: unknown) => (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/groups?per_page=100`)).json as Json[];

    it('refuses restricted and student-organized categories with 400 {}', async () => {
      const restricted = ((await create({ name: 'Restricted', self_signup: 'restricted' })).json as Json).id;
      const res = await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${restricted}/assign_unassigned_members`);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({});
      const organized = await createFixtureCategory(server, { courseId: c.id }, { role: 'student_organized' });
      expect((await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${organized}/assign_unassigned_members?sync=true`)).json).toEqual({});
    });

    it('sync places everyone evenly within limits and returns the placements', async () => {
      const id = ((await create({ name: 'Syncs', self_signup: 'enabled', group_limit: 3, auto_leader: 'first', create_group_count: 2 })).json as Json).id as number;
      const [first] = await groupsOf(id);
      await addFixtureMember(server, first!.id as number, c.studentA.id);
      const res = await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${id}/assign_unassigned_members`, { sync: true });
      expect(res.status).toBe(200);
      const placements = res.json as { id: number; new_members: Json[] }[];
      // 6 unassigned students, room for 2 + 3: one stays unplaced.
      expect(placements.flatMap((p) => p.new_members)).toHaveLength(5);
      expect(placements.flatMap((p) => p.new_members)[0]).toEqual({
        user_id: expect.any(Number),
        name: expect.any(String),
        display_name: expect.any(String),
        sections: [{ section_id: expect.any(Number), section_code: expect.any(String) }],
      });
      const groups = await groupsOf(id);
      expect(groups.map((g) => g.members_count)).toEqual([3, 3]);
      // auto_leader first: the group that already had a member is led by that member.
      expect(groups.find((g) => g.id === first!.id)!.leader).toMatchObject({ id: c.studentA.id });
      expect((await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${id}/assign_unassigned_members?sync=1`)).json).toEqual([]);
    });

    it('async answers a running Progress that completes, observable at /api/v1/progress/:id', async () => {
      const id = ((await create({ name: 'Asyncs', create_group_count: 3 })).json as Json).id as number;
      const res = await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${id}/assign_unassigned_members`);
      expect(res.status).toBe(200);
      const progress = res.json as Json;
      expect(progress).toMatchObject({
        context_type: 'GroupCategory',
        context_id: id,
        tag: 'assign_unassigned_members',
        workflow_state: 'running',
        completion: 0,
        url: `${server.url}/api/v1/progress/${progress.id}`,
      });
      let polled: Json = progress;
      for (let i = 0; i < 100 && polled.workflow_state !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        polled = (await api(server, c.teacher.token, 'GET', `/api/v1/progress/${progress.id}`)).json as Json;
        expect(['running', 'completed']).toContain(polled.workflow_state);
      }
      expect(polled).toMatchObject({ workflow_state: 'completed', completion: 100 });
      expect((polled.results as Json[]).flatMap((p) => p.new_members as Json[])).toHaveLength(7);
      expect((await groupsOf(id)).map((g) => g.members_count).sort()).toEqual([2, 2, 3]);
      // Finished: the category no longer shows the progress.
      expect((await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}`)).json).not.toHaveProperty('progress');
    });
  });
});


describe('regressions', () => {
  let server: TestServer;
  let c: RosterCourse;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Groups regressions');
  });
  afterAll(() => server.stop());

  const categoryWithGroups = async (name: string) => {
    const res = await api(server, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/group_categories`, { name, self_signup: 'enabled', create_group_count: 2, group_limit: 3 });
    expect(res.status).toBe(200);
    const id = (res.json as Json).id as number;
    const groups = (await server.core.services.repos.groups.find({ parent_id: id })).sort((a, b) => a.id - b.id);
    await addFixtureMember(server, groups[0]!.id, c.studentA.id);
    return { id, groups };
  };

  it('DELETE writes the category, its groups and memberships together or not at all', async () => {
    const { id, groups } = await categoryWithGroups('Deleted together');
    const restore = failWritesOf(server, groups[1]!.key);
    try {
      expect((await api(server, c.teacher.token, 'DELETE', `/api/v1/group_categories/${id}`)).status).toBe(500);
    } finally {
      restore();
    }
    // Before: the category and its memberships were deleted, the second group left live in a deleted category.
    const { groupCategories, groupMemberships } = server.core.services.repos;
    expect((await groupCategories.get(id))!.data.workflow_state).toBe('active');
    expect((await groupMemberships.find({ parent_id: groups[0]!.id })).map((m) => m.data.workflow_state)).toEqual(['accepted']);
    expect((await api(server, c.teacher.token, 'DELETE', `/api/v1/group_categories/${id}`)).status).toBe(200);
    const after = await server.core.services.repos.groups.getMany(groups.map((g) => g.id));
    expect([...after.values()].map((g) => g.data.workflow_state)).toEqual(['deleted', 'deleted']);
  });

  it('PUT group_limit caps the category and every group together or not at all', async () => {
    const { id, groups } = await categoryWithGroups('Capped together');
    const restore = failWritesOf(server, groups[1]!.key);
    try {
      await api(server, c.teacher.token, 'PUT', `/api/v1/group_categories/${id}`, { group_limit: 5 });
    } finally {
      restore();
    }
    const { groupCategories, groups: repo } = server.core.services.repos;
    const limit = (await groupCategories.get(id))!.data.group_limit;
    const caps = [...(await repo.getMany(groups.map((g) => g.id))).values()].map((g) => g.data.max_membership);
    expect(caps).toEqual([limit, limit]);
  });

  it('assign_unassigned_members writes the new members and their leaders together or not at all', async () => {
    const res = await api(server, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/group_categories`, {
      name: 'Led together',
      self_signup: 'enabled',
      auto_leader: 'first',
      create_group_count: 2,
    });
    const id = (res.json as Json).id as number;
    const groups = (await server.core.services.repos.groups.find({ parent_id: id })).sort((a, b) => a.id - b.id);
    const restore = failWritesOf(server, groups[1]!.key);
    try {
      expect((await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${id}/assign_unassigned_members`, { sync: true })).status).toBe(500);
    } finally {
      restore();
    }
    // Before: the memberships were inserted, then the second group's leader write failed, leaving it leaderless.
    const { groupMemberships } = server.core.services.repos;
    for (const group of groups) expect(await groupMemberships.count({ parent_id: group.id })).toBe(0);
    const placed = await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${id}/assign_unassigned_members`, { sync: true });
    expect((placed.json as Json[]).length).toBe(2);
    const led = await server.core.services.repos.groups.getMany(groups.map((g) => g.id));
    expect([...led.values()].every((g) => g.data.leader_id !== null)).toBe(true);
  });
});
