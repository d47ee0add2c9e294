import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS, CATEGORY_SLUGS, lookupForm } from '../../src/server/areas/notification-preferences/notification-catalog.ts';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'notification-prefs-admin-token';

type Pref = { href: string; notification: string; category: string; frequency: string };
type Prefs = { notification_preferences: Pref[] };

describe('notification preferences API', () => {
  let server: TestServer;
  let owner: FixtureUser;
  let other: FixtureUser;
  let primary: number;
  let second: number;
  let retired: number;
  let othersChannel: number;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    owner = await createFixtureUser(server, 'Pref Owner');
    other = await createFixtureUser(server, 'Pref Other');
    const { channels } = server.core.services.repos;
    const channelOf = async (userId: number) => (await channels.find({ user_id: userId }))[0]!.id;
    primary = await channelOf(owner.id);
    othersChannel = await channelOf(other.id);
    const add = async (address: string, position: number, state: 'active' | 'retired') =>
      (await channels.create({ user_id: owner.id, address, type: 'email', position, workflow_state: state }, fixtureStamp())).id;
    second = await add('Second@Example.test', 2, 'active');
    retired = await add('old@example.test', 3, 'retired');
  });
  afterAll(() => server.stop());

  const cc = (channel: number, user: number | string = 'self') => `/api/v1/users/${user}/communication_channels/${channel}`;
  const read = async (path: string, token = owner.token) => {
    const res = await api(server, token, 'GET', path);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Prefs;
  };
  const frequencyOf = (prefs: Prefs, name: string) => prefs.notification_preferences.find((p) => p.notification === name)?.frequency;

  describe('errors first', () => {
    it('refuses a request without a token on every route', async () => {
      const addr = '/api/v1/users/self/communication_channels/email/a@b.test';
      for (const [method, path] of [
        ['GET', `${cc(primary)}/notification_preferences`],
        ['GET', `${addr}/notification_preferences`],
        ['GET', `${cc(primary)}/notification_preference_categories`],
        ['GET', `${cc(primary)}/notification_preferences/new_announcement`],
        ['GET', `${addr}/notification_preferences/new_announcement`],
        ['PUT', `${cc(primary)}/notification_preferences/new_announcement`],
        ['PUT', `${addr}/notification_preferences/new_announcement`],
        ['PUT', `${cc(primary)}/notification_preference_categories/grading`],
        ['PUT', `${cc(primary)}/notification_preferences`],
        ['PUT', `${addr}/notification_preferences`],
      ] as const) {
        expectInvalidToken(await api(server, undefined, method, path, method === 'PUT' ? {} : undefined), `${method} ${path}`);
      }
    });

    it("refuses another user's preferences: reading without view_statistics, and every update", async () => {
      expectUnauthorized(await api(server, other.token, 'GET', `${cc(primary, owner.id)}/notification_preferences`));
      expectUnauthorized(await api(server, other.token, 'GET', `${cc(primary, owner.id)}/notification_preference_categories`));
      expectUnauthorized(await api(server, other.token, 'GET', `${cc(primary, owner.id)}/notification_preferences/new_announcement`));
      expectUnauthorized(
        await api(server, other.token, 'GET', `/api/v1/users/${owner.id}/communication_channels/email/${owner.login}@example.test/notification_preferences`),
      );
      const body = { notification_preferences: { frequency: 'never' } };
      expectUnauthorized(await api(server, other.token, 'PUT', `${cc(primary)}/notification_preferences/new_announcement`, body));
      expectUnauthorized(await api(server, other.token, 'PUT', `${cc(primary)}/notification_preference_categories/grading`, body));
      expectUnauthorized(await api(server, other.token, 'PUT', `${cc(primary)}/notification_preferences`, { notification_preferences: { new_announcement: { frequency: 'never' } } }));
      // Even the admin changes only their own (Canvas has no admin path for updates).
      expectUnauthorized(await api(server, ADMIN, 'PUT', `${cc(primary)}/notification_preferences/new_announcement`, body));
      expect(frequencyOf(await read(`${cc(primary)}/notification_preferences`), 'new_announcement')).toBe('immediately');
    });

    it('answers 404 for unknown users, channels, notifications and categories', async () => {
      expectNotFound(await api(server, ADMIN, 'GET', `${cc(primary, 999999999)}/notification_preferences`));
      expectNotFound(await api(server, owner.token, 'GET', `${cc(999999999)}/notification_preferences`));
      expectNotFound(await api(server, owner.token, 'GET', `${cc(retired)}/notification_preferences`));
      expectNotFound(await api(server, owner.token, 'GET', `${cc(othersChannel)}/notification_preferences`));
      expectNotFound(await api(server, owner.token, 'GET', `${cc(primary)}/notification_preferences/no_such_thing`));
      expectNotFound(await api(server, owner.token, 'GET', '/api/v1/users/self/communication_channels/email/nobody@example.test/notification_preferences'));
      expectNotFound(await api(server, owner.token, 'GET', '/api/v1/users/self/communication_channels/sms/second@example.test/notification_preferences'));
      expectNotFound(await api(server, owner.token, 'GET', `${cc(primary)}/abc/notification_preferences/x`));
      const body = { notification_preferences: { frequency: 'daily' } };
      expectNotFound(await api(server, owner.token, 'PUT', `${cc(999999999)}/notification_preferences/new_announcement`, body));
      expectNotFound(await api(server, owner.token, 'PUT', `${cc(retired)}/notification_preferences/new_announcement`, body));
      expectNotFound(await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preferences/no_such_thing`, body));
      expectNotFound(await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preference_categories/no_such_category`, body));
      expectNotFound(await api(server, owner.token, 'PUT', `/api/v1/users/${owner.id}/communication_channels/${primary}/notification_preferences/new_announcement`, body));
      expectNotFound(
        await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preferences`, {
          notification_preferences: { new_announcement: { frequency: 'never' }, no_such_thing: { frequency: 'never' } },
        }),
      );
      expect(frequencyOf(await read(`${cc(primary)}/notification_preferences`), 'new_announcement')).toBe('immediately');
    });

    it('validates frequencies before writing anything', async () => {
      const one = `${cc(primary)}/notification_preferences/new_announcement`;
      expect(await api(server, owner.token, 'PUT', one, {})).toMatchObject({ status: 400, json: { errors: [{ message: 'notification_preferences is missing' }] } });
      expect(await api(server, owner.token, 'PUT', one, { notification_preferences: {} })).toMatchObject({
        status: 400,
        json: { errors: { frequency: [{ attribute: 'frequency', type: 'blank' }] } },
      });
      expect(await api(server, owner.token, 'PUT', one, { notification_preferences: { frequency: 'hourly' } })).toMatchObject({
        status: 400,
        json: { errors: { frequency: [{ attribute: 'frequency', type: 'inclusion', message: 'is not included in the list' }] } },
      });
      expect((await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preference_categories/grading`, { notification_preferences: { frequency: 7 } })).status).toBe(400);
      const many = `${cc(primary)}/notification_preferences`;
      expect((await api(server, owner.token, 'PUT', many, {})).status).toBe(400);
      expect((await api(server, owner.token, 'PUT', many, { notification_preferences: 'daily' })).status).toBe(400);
      expect(
        (await api(server, owner.token, 'PUT', many, { notification_preferences: { new_announcement: { frequency: 'never' }, assignment_graded: { frequency: 'sometimes' } } }))
          .status,
      ).toBe(400);
      expect(
        (await api(server, owner.token, 'PUT', many, { notification_preferences: { __proto__: { frequency: 'never' } } })).status,
      ).toBeGreaterThanOrEqual(400);
      const prefs = await read(many);
      expect(frequencyOf(prefs, 'new_announcement')).toBe('immediately');
      expect(frequencyOf(prefs, 'assignment_graded')).toBe('immediately');
    });
  });

  describe('reading', () => {
    it('lists every notification with the category defaults on the primary email channel, wrapped', async () => {
      const prefs = await read(`${cc(primary)}/notification_preferences`);
      expect(prefs.notification_preferences).toHaveLength(NOTIFICATIONS.length);
      expect(prefs.notification_preferences.find((p) => p.notification === 'new_announcement')).toEqual({
        href: `${server.url}/api/v1/users/${owner.id}/communication_channels/email/${encodeURIComponent(`${owner.login}@example.test`)}/notification_preferences/new_announcement`,
        notification: 'new_announcement',
        category: 'announcement',
        frequency: 'immediately',
      });
      expect(frequencyOf(prefs, 'new_discussion_entry')).toBe('daily');
      expect(prefs.notification_preferences.find((p) => p.notification === 'new_discussion_entry')?.category).toBe('discussion_entry');
      expect(frequencyOf(prefs, 'assignment_due_date_changed')).toBe('weekly');
      expect(frequencyOf(prefs, 'submission_grade_changed')).toBe('immediately');
      expect(frequencyOf(prefs, 'assignment_submitted')).toBe('never');
      expect(frequencyOf(prefs, 'conversation_message')).toBe('daily');
    });

    it('defaults every notification to never on other channels', async () => {
      const prefs = await read(`${cc(second)}/notification_preferences`);
      expect(new Set(prefs.notification_preferences.map((p) => p.frequency))).toEqual(new Set(['never']));
    });

    it('finds channels by :type/:address (case-insensitively) and users by id, self or admin', async () => {
      const byAddress = await read('/api/v1/users/self/communication_channels/email/second@example.test/notification_preferences');
      expect(byAddress).toEqual(await read(`${cc(second)}/notification_preferences`));
      expect(await read(`${cc(primary, owner.id)}/notification_preferences`, ADMIN)).toEqual(await read(`${cc(primary)}/notification_preferences`));
    });

    it('shows one preference, wrapped in a one-entry list, by any spelling of its name', async () => {
      const one = await read(`${cc(primary)}/notification_preferences/submission_grade_changed`);
      expect(one.notification_preferences).toEqual([expect.objectContaining({ notification: 'submission_grade_changed', category: 'grading', frequency: 'immediately' })]);
      expect(await read(`${cc(primary)}/notification_preferences/Submission%20Grade%20Changed`)).toEqual(one);
      const sms = await read(`/api/v1/users/self/communication_channels/email/second@example.test/notification_preferences/confirm_sms_communication_channel`);
      expect(sms.notification_preferences).toEqual([expect.objectContaining({ category: 'registration', frequency: 'never' })]);
    });

    it('lists the categories once each, with non-word characters stripped', async () => {
      const res = await api(server, owner.token, 'GET', `${cc(primary)}/notification_preference_categories`);
      expect(res).toMatchObject({ status: 200, json: { categories: CATEGORY_SLUGS } });
      const categories = (res.json as { categories: string[] }).categories;
      expect(categories).toEqual(expect.arrayContaining(['announcement', 'due_date', 'grading', 'discussionentry', 'all_submissions']));
      expect(new Set(categories).size).toBe(categories.length);
      // Every notification is found by its own name and no two share a spelling.
      expect(new Set(NOTIFICATIONS.map((n) => lookupForm(n.slug))).size).toBe(NOTIFICATIONS.length);
    });
  });

  describe('updating', () => {
    it('sets one notification and answers with it, wrapped', async () => {
      const res = await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preferences/new_announcement`, { notification_preferences: { frequency: 'Weekly' } });
      expect(res.status).toBe(200);
      expect((res.json as Prefs).notification_preferences).toEqual([expect.objectContaining({ notification: 'new_announcement', frequency: 'weekly' })]);
      expect(frequencyOf(await read(`${cc(primary)}/notification_preferences`), 'new_announcement')).toBe('weekly');
      // Other channels are independent.
      expect(frequencyOf(await read(`${cc(second)}/notification_preferences`), 'new_announcement')).toBe('never');
    });

    it('sets one by :type/:address, form-encoded', async () => {
      const res = await fetch(`${server.url}/api/v1/users/self/communication_channels/email/second@example.test/notification_preferences/new_file_added`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'notification_preferences[frequency]=daily',
      });
      expect(res.status).toBe(200);
      expect(frequencyOf(await read(`${cc(second)}/notification_preferences`), 'new_file_added')).toBe('daily');
    });

    it('sets a whole category, by any spelling of it', async () => {
      const res = await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preference_categories/due_date`, { notification_preferences: { frequency: 'never' } });
      expect(res.status).toBe(200);
      expect((res.json as Prefs).notification_preferences.map((p) => [p.notification, p.frequency])).toEqual([
        ['assignment_created', 'never'],
        ['assignment_due_date_changed', 'never'],
        ['assignment_due_date_override_changed', 'never'],
      ]);
      const entry = await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preference_categories/discussionentry`, { notification_preferences: { frequency: 'immediately' } });
      expect((entry.json as Prefs).notification_preferences).toEqual([expect.objectContaining({ notification: 'new_discussion_entry', category: 'discussion_entry', frequency: 'immediately' })]);
      const prefs = await read(`${cc(primary)}/notification_preferences`);
      expect(frequencyOf(prefs, 'assignment_due_date_changed')).toBe('never');
      expect(frequencyOf(prefs, 'new_discussion_entry')).toBe('immediately');
      expect(frequencyOf(prefs, 'new_announcement')).toBe('weekly');
    });

    it('sets several at once, by id or :type/:address', async () => {
      const res = await api(server, owner.token, 'PUT', `${cc(primary)}/notification_preferences`, {
        notification_preferences: { assignment_graded: { frequency: 'daily' }, conversation_message: { frequency: 'never' } },
      });
      expect(res.status).toBe(200);
      expect((res.json as Prefs).notification_preferences.map((p) => [p.notification, p.frequency])).toEqual([
        ['assignment_graded', 'daily'],
        ['conversation_message', 'never'],
      ]);
      const form = await fetch(`${server.url}/api/v1/users/self/communication_channels/email/second@example.test/notification_preferences`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'notification_preferences[new_announcement][frequency]=immediately&notification_preferences[alert][frequency]=weekly',
      });
      expect(form.status).toBe(200);
      const second2 = await read(`${cc(second)}/notification_preferences`);
      expect([frequencyOf(second2, 'new_announcement'), frequencyOf(second2, 'alert'), frequencyOf(second2, 'new_file_added')]).toEqual(['immediately', 'weekly', 'daily']);
      const first = await read(`${cc(primary)}/notification_preferences`);
      expect([frequencyOf(first, 'assignment_graded'), frequencyOf(first, 'conversation_message'), frequencyOf(first, 'new_announcement')]).toEqual(['daily', 'never', 'weekly']);
    });

    it('keeps one record per channel under concurrent first writes, losing no change', async () => {
      const fresh = await createFixtureUser(server, 'Pref Racer');
      const channel = (await server.core.services.repos.channels.find({ user_id: fresh.id }))[0]!.id;
      const names = ['new_announcement', 'assignment_graded', 'new_file_added', 'alert'];
      const results = await Promise.all(
        names.map((name) => api(server, fresh.token, 'PUT', `${cc(channel)}/notification_preferences/${name}`, { notification_preferences: { frequency: 'weekly' } })),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await server.core.services.repos.notificationPolicies.find({ user_id: fresh.id })).toHaveLength(1);
      const prefs = await read(`${cc(channel)}/notification_preferences`, fresh.token);
      expect(names.map((name) => frequencyOf(prefs, name))).toEqual(['weekly', 'weekly', 'weekly', 'weekly']);
    });
  });
});
