import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { addFixtureMember, createFixtureCategory, createFixtureGroup } from '../helpers/group-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failWritesOf } from '../helpers/write-faults.ts';

const ADMIN = 'groups-admin-token';
type Json = Record<string, unknown>;

describe('groups and memberships API', () => {
  let server: TestServer;
  let c: RosterCourse;
  let categoryId: number;
  let groupId: number;
  let otherGroupId: number;
  let stranger: FixtureUser;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Group Work');
    stranger = await createFixtureUser(server, 'Sam Stranger');
    categoryId = await createFixtureCategory(server, { courseId: c.id }, { name: 'Pods', auto_leader: 'first' });
    groupId = await createFixtureGroup(server, categoryId, { name: 'Pod A', description: 'first pod' });
    otherGroupId = await createFixtureGroup(server, categoryId, { name: 'Pod B' });
    await addFixtureMember(server, groupId, c.studentA.id);
  });
  afterAll(() => server.stop());

  describe('errors come first', () => {
    it('refuses every route without a token', async () => {
      for (const [method, path] of [
        ['GET', `/api/v1/groups/${groupId}`],
        ['GET', `/api/v1/groups/${groupId}/memberships`],
        ['POST', `/api/v1/groups/${groupId}/memberships`],
      ] as const) {
        expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
      }
    });

    it('refuses non-members without group rights (401 unauthorized)', async () => {
      // studentB is in the course but not in the group; students cannot view group pages by default.
      for (const token of [c.studentB.token, c.outsider.token, c.observer.token]) {
        expectUnauthorized(await api(server, token, 'GET', `/api/v1/groups/${groupId}`));
        expectUnauthorized(await api(server, token, 'GET', `/api/v1/groups/${groupId}/memberships`));
      }
      // A student may not add someone else, nor join where the category has no self-signup.
      expectUnauthorized(await api(server, c.studentB.token, 'POST', `/api/v1/groups/${groupId}/memberships`, { user_id: c.studentA.id }));
      expectUnauthorized(await api(server, c.studentB.token, 'POST', `/api/v1/groups/${groupId}/memberships`, { user_id: 'self' }));
    });

    it('answers 404 for unknown or deleted groups and users', async () => {
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/groups/999999'));
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/groups/nope'));
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/groups/999999/memberships'));
      expectNotFound(await api(server, ADMIN, 'POST', '/api/v1/groups/999999/memberships', { user_id: c.studentA.id }));
      expectNotFound(await api(server, ADMIN, 'POST', `/api/v1/groups/${groupId}/memberships`, { user_id: 999999 }));
      const deleted = await createFixtureGroup(server, categoryId, { workflow_state: 'deleted' });
      expectNotFound(await api(server, ADMIN, 'GET', `/api/v1/groups/${deleted}`));
    });

    it('rejects users outside the course and full groups (400)', async () => {
      const res = await api(server, c.teacher.token, 'POST', `/api/v1/groups/${groupId}/memberships`, { user_id: stranger.id });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ errors: { user_id: [{ attribute: 'user_id', type: 'not_in_group_context' }] } });
      expect((await api(server, c.teacher.token, 'POST', `/api/v1/groups/${groupId}/memberships`, {})).status).toBe(400);
      const tiny = await createFixtureGroup(server, categoryId, { name: 'Tiny', max_membership: 1 });
      await addFixtureMember(server, tiny, c.designer.id);
      const full = await api(server, c.teacher.token, 'POST', `/api/v1/groups/${tiny}/memberships`, { user_id: c.studentB.id });
      expect(full.status).toBe(400);
      expect(full.json).toEqual({ errors: { group_id: [{ attribute: 'group_id', type: 'full', message: 'The group is full.' }] } });
    });
  });

  describe('GET /api/v1/groups/:id', () => {
    it('shows a group to its members and to staff', async () => {
      for (const token of [c.studentA.token, c.teacher.token, ADMIN]) {
        const res = await api(server, token, 'GET', `/api/v1/groups/${groupId}`);
        expect(res.status).toBe(200);
        expect(res.json).toEqual({
          id: groupId,
          name: 'Pod A',
          description: 'first pod',
          is_public: false,
          join_level: 'invitation_only',
          group_category_id: categoryId,
          max_membership: null,
          created_at: expect.any(String),
          members_count: 1,
          storage_quota_mb: 50,
          context_type: 'Course',
          course_id: c.id,
          avatar_url: null,
          role: null,
          leader: null,
          has_submission: false,
          concluded: false,
        });
      }
    });

    it('adds users and permissions on request', async () => {
      const res = await api(server, c.studentA.token, 'GET', `/api/v1/groups/${groupId}?include[]=users&include[]=permissions&include[]=bogus`);
      const body = res.json as Json;
      expect((body.users as Json[]).map((u) => u.id)).toEqual([c.studentA.id]);
      expect(body.permissions).toEqual({ create_discussion_topic: true, join: false, create_announcement: false });
    });
  });

  describe('memberships', () => {
    it('adds a user as a teacher, moving them out of the category’s other group, and applies auto_leader', async () => {
      await addFixtureMember(server, otherGroupId, c.studentB.id);
      const res = await api(server, c.teacher.token, 'POST', `/api/v1/groups/${groupId}/memberships`, { user_id: String(c.studentB.id) });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ id: expect.any(Number), group_id: groupId, user_id: c.studentB.id, workflow_state: 'accepted', moderator: false, just_created: true });
      expect(await server.core.services.repos.groupMemberships.count({ parent_id: otherGroupId, 'data.workflow_state': 'accepted' })).toBe(0);
      // auto_leader first: the earliest member leads.
      expect(((await api(server, ADMIN, 'GET', `/api/v1/groups/${groupId}`)).json as Json).leader).toMatchObject({ id: c.studentA.id });
      // Adding again returns the existing membership.
      const again = await api(server, c.teacher.token, 'POST', `/api/v1/groups/${groupId}/memberships`, { user_id: c.studentB.id });
      expect(again.json).toMatchObject({ user_id: c.studentB.id, just_created: false });
    });

    it('lets a student join by themself where the category has self-signup', async () => {
      const open = await createFixtureCategory(server, { courseId: c.id }, { self_signup: 'enabled' });
      const group = await createFixtureGroup(server, open, { join_level: 'parent_context_auto_join' });
      const res = await api(server, c.studentA.token, 'POST', `/api/v1/groups/${group}/memberships`, { user_id: 'self' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ user_id: c.studentA.id, group_id: group });
      expect(await server.core.services.repos.groupMemberships.count({ parent_id: group })).toBe(1);
    });

    it('lists memberships with filter_states and pagination', async () => {
      const res = await api(server, c.studentA.token, 'GET', `/api/v1/groups/${groupId}/memberships?per_page=1`);
      expect(res.status).toBe(200);
      expect(res.json as Json[]).toHaveLength(1);
      expect((res.json as Json[])[0]).toMatchObject({ group_id: groupId, user_id: c.studentA.id, workflow_state: 'accepted' });
      expect(res.headers.get('link')).toContain('rel="next"');
      const accepted = await api(server, c.teacher.token, 'GET', `/api/v1/groups/${groupId}/memberships?filter_states[]=accepted&per_page=10`);
      expect((accepted.json as Json[]).map((m) => m.user_id)).toEqual([c.studentA.id, c.studentB.id]);
      const invited = await api(server, c.teacher.token, 'GET', `/api/v1/groups/${groupId}/memberships?filter_states[]=invited`);
      expect(invited.json).toEqual([]);
      expect((await api(server, c.teacher.token, 'GET', `/api/v1/groups/${groupId}/memberships?filter_states[]=weird`)).status).toBe(400);
    });
  });
});

describe('editing and deleting a group', () => {
  let server: TestServer;
  let c: RosterCourse;
  let categoryId: number;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Group edits');
    categoryId = await createFixtureCategory(server, { courseId: c.id }, { name: 'Teams' });
  });
  afterAll(() => server.stop());

  const leaderOf = async (group: number) => ((await api(server, c.teacher.token, 'GET', `/api/v1/groups/${group}`)).json as Json).leader;

  it('refuses without a token, without manage_groups, and for unknown groups', async () => {
    const group = await createFixtureGroup(server, categoryId, { name: 'Guarded' });
    await addFixtureMember(server, group, c.studentA.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      expectInvalidToken(await api(server, undefined, method, `/api/v1/groups/${group}`, { name: 'X' }));
      // A member may read the group but not change it.
      for (const token of [c.studentA.token, c.studentB.token, c.observer.token, c.outsider.token]) {
        expectUnauthorized(await api(server, token, method, `/api/v1/groups/${group}`, { name: 'X' }));
      }
      expectNotFound(await api(server, c.teacher.token, method, '/api/v1/groups/999999', { name: 'X' }));
    }
    expect(((await api(server, c.teacher.token, 'GET', `/api/v1/groups/${group}`)).json as Json).name).toBe('Guarded');
  });

  it('renames a group and keeps what the PUT does not mention', async () => {
    const group = await createFixtureGroup(server, categoryId, { name: 'Old name', description: 'kept', max_membership: 4 });
    const res = await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { name: '  New name ' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: group, name: 'New name', description: 'kept', max_membership: 4, leader: null });
  });

  it('sets a member as leader and clears the leader with null or an empty value', async () => {
    const group = await createFixtureGroup(server, categoryId, { name: 'Led' });
    await addFixtureMember(server, group, c.studentA.id);
    const set = await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { leader_id: String(c.studentA.id) });
    expect(set.status).toBe(200);
    expect((set.json as Json).leader).toMatchObject({ id: c.studentA.id, display_name: expect.any(String) });
    expect(await leaderOf(group)).toMatchObject({ id: c.studentA.id });
    expect((await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { leader_id: null })).json).toMatchObject({ leader: null });
    await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { leader_id: c.studentA.id });
    expect((await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { leader_id: '' })).json).toMatchObject({ leader: null });
  });

  it('refuses a leader who is not a member, a blank name and a cap below one, changing nothing (400)', async () => {
    const group = await createFixtureGroup(server, categoryId, { name: 'Strict' });
    await addFixtureMember(server, group, c.studentA.id);
    const outsider = await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { name: 'Renamed', leader_id: c.studentB.id });
    expect(outsider.status).toBe(400);
    expect(outsider.json).toMatchObject({ errors: { leader_id: [{ attribute: 'leader_id', type: 'not_a_member' }] } });
    const blank = await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { name: '   ' });
    expect(blank.json).toMatchObject({ errors: { name: [{ type: 'blank' }] } });
    expect((await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { max_membership: 0 })).status).toBe(400);
    expect((await api(server, c.teacher.token, 'PUT', `/api/v1/groups/${group}`, { leader_id: 'someone' })).status).toBe(400);
    expect(await api(server, c.teacher.token, 'GET', `/api/v1/groups/${group}`)).toMatchObject({ json: { name: 'Strict', leader: null, max_membership: null } });
  });

  it('deletes a group with its memberships: gone from the set, its students unassigned again', async () => {
    const group = await createFixtureGroup(server, categoryId, { name: 'Doomed' });
    await addFixtureMember(server, group, c.studentB.id);
    const res = await api(server, c.teacher.token, 'DELETE', `/api/v1/groups/${group}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: group, name: 'Doomed' });
    expectNotFound(await api(server, c.teacher.token, 'GET', `/api/v1/groups/${group}`));
    expectNotFound(await api(server, c.teacher.token, 'DELETE', `/api/v1/groups/${group}`));
    const listed = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${categoryId}/groups?per_page=50`)).json as Json[];
    expect(listed.map((g) => g.id)).not.toContain(group);
    const unassigned = (await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${categoryId}/users?unassigned=true&per_page=50`)).json as Json[];
    expect(unassigned.map((u) => u.id)).toContain(c.studentB.id);
  });

  it('deletes all or nothing: a failed membership write leaves the group and its member', async () => {
    const group = await createFixtureGroup(server, categoryId, { name: 'Sturdy' });
    await addFixtureMember(server, group, c.studentA.id);
    const restore = failWritesOf(server, (doc) => doc.type === 'group_membership' && (doc.data as { group_id?: number }).group_id === group);
    try {
      expect((await api(server, c.teacher.token, 'DELETE', `/api/v1/groups/${group}`)).status).toBe(500);
    } finally {
      restore();
    }
    expect(server.errors.splice(0)).toHaveLength(1);
    expect(((await api(server, c.teacher.token, 'GET', `/api/v1/groups/${group}`)).json as Json).members_count).toBe(1);
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

  it('moving a student to another group of the category is one write: never out of both groups', async () => {
    const categoryId = await createFixtureCategory(server, { courseId: c.id });
    const from = await createFixtureGroup(server, categoryId, { name: 'From' });
    const to = await createFixtureGroup(server, categoryId, { name: 'To' });
    await addFixtureMember(server, from, c.studentA.id);
    const restore = failWritesOf(server, (doc) => doc.type === 'group_membership' && (doc.data as { group_id?: number }).group_id === to);
    try {
      expect((await api(server, c.teacher.token, 'POST', `/api/v1/groups/${to}/memberships`, { user_id: c.studentA.id })).status).toBe(500);
    } finally {
      restore();
    }
    // Before: the old membership was ended, then the new one failed, leaving the student in no group.
    const live = (await server.core.services.repos.groupMemberships.find({ user_id: c.studentA.id })).filter((m) => m.data.workflow_state !== 'deleted');
    expect(live.map((m) => m.data.group_id)).toEqual([from]);
  });
});
