import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment, createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { createFixtureCourse } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  authorizeTool,
  registerFixtureTool,
  subscriptionBody,
  toolAccessToken,
  toolAssertion,
  type FixtureTool,
} from '../helpers/webhook-fixtures.ts';

const BASE = '/api/lti/subscriptions';

describe('webhook subscriptions API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let tool: FixtureTool;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    course = await createContentCourse(server);
    tool = await registerFixtureTool(server);
    token = await toolAccessToken(server, tool);
  });
  afterAll(() => server.stop());

  describe('JWT access tokens', () => {
    it('refuses a missing token, a user token and a forged JWT with the 401 challenge', async () => {
      for (const bearer of [undefined, course.teacher.token, `${token.slice(0, -4)}AAAA`]) {
        for (const [method, path] of [['GET', BASE], ['POST', BASE], ['GET', `${BASE}/x`], ['PUT', `${BASE}/x`], ['DELETE', `${BASE}/x`]] as const) {
          const res = await api(server, bearer, method, path, method === 'POST' || method === 'PUT' ? {} : undefined);
          expect(res.status, `${method} ${path}`).toBe(401);
          expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
        }
      }
    });

    it('refuses assertions with a wrong audience, a far exp, a stale or future iat, a bad signature, a replayed jti', async () => {
      const now = Math.floor(Date.now() / 1000);
      const bad = [
        await toolAssertion(server, tool, { aud: 'https://elsewhere/api/lti/accounts/self/authorize' }),
        await toolAssertion(server, tool, { exp: now + 600 }),
        await toolAssertion(server, tool, { iat: now - 400 }),
        await toolAssertion(server, tool, { iat: now + 120 }),
        await toolAssertion(server, { ...tool, secret: 'f'.repeat(256) }),
        'not-a-jwt',
      ];
      for (const assertion of bad) expect((await authorizeTool(server, assertion)).json.error).toBe('invalid_grant');
      const once = await toolAssertion(server, tool, { jti: 'same-jti' });
      expect((await authorizeTool(server, once)).status).toBe(200);
      expect(await authorizeTool(server, once)).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    });

    it('issues a Canvas access token reply (expires_in is a string) and refuses other grant types', async () => {
      const res = await authorizeTool(server, await toolAssertion(server, tool));
      expect(res).toMatchObject({ status: 200, json: { token_type: 'bearer', expires_in: '3600' } });
      const wrongGrant = await fetch(`${server.url}/api/lti/accounts/self/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      });
      expect(wrongGrant.status).toBe(400);
      expect((await api(server, undefined, 'POST', '/api/lti/accounts/99/authorize', {})).status).toBe(404);
    });

    it('stops accepting the tokens of a deactivated developer key', async () => {
      const other = await registerFixtureTool(server);
      const otherToken = await toolAccessToken(server, other);
      const { webhooks } = server.core.services;
      const record = (await webhooks.findToolProxy(other.guid))!;
      await webhooks.repos.toolProxies.update(record.id, { actorId: 0, requestId: 't', now: Date.now() }, (d) => ({ ...d, developer_key_active: false }));
      expect((await api(server, otherToken, 'GET', BASE)).status).toBe(401);
    });
  });

  describe('capabilities and contexts', () => {
    it('needs the webhooks service with the method in the security contract', async () => {
      const readOnly = await registerFixtureTool(server, { services: [{ id: 'http://x/#vnd.Canvas.webhooksSubscription', actions: ['GET'] }] });
      const t = await toolAccessToken(server, readOnly);
      expect((await api(server, t, 'GET', BASE)).status).toBe(200);
      expect(await api(server, t, 'POST', BASE, subscriptionBody(course.id))).toMatchObject({ status: 401, json: { error: 'Unauthorized subscription' } });
    });

    it('needs a capability for every event type; grade_change only at root-account level; all grants everything', async () => {
      const narrow = await toolAccessToken(
        server,
        await registerFixtureTool(server, { capabilities: ['vnd.vendor.webhooks.assignment.submission_created', 'vnd.instructure.webhooks.root_account.grade_change'] }),
      );
      expect((await api(server, narrow, 'POST', BASE, subscriptionBody(course.id, { EventTypes: ['SUBMISSION_CREATED', 'GRADE_CHANGED'] }))).status).toBe(200);
      const missing = await api(server, narrow, 'POST', BASE, subscriptionBody(course.id, { EventTypes: ['submission_created', 'quiz_submitted'] }));
      expect(missing).toMatchObject({ status: 401, json: { error: 'Unauthorized subscription' } });
      const assignmentLevelGrades = await toolAccessToken(server, await registerFixtureTool(server, { capabilities: ['vnd.vendor.webhooks.assignment.grade_change'] }));
      expect((await api(server, assignmentLevelGrades, 'POST', BASE, subscriptionBody(course.id, { EventTypes: ['grade_change'] }))).status).toBe(401);
    });

    it('refuses a context the tool is not installed in', async () => {
      const courseTool = await toolAccessToken(server, await registerFixtureTool(server, { context_type: 'Course', context_id: course.id }));
      const elsewhere = await createFixtureCourse(server, { name: 'Elsewhere' });
      expect((await api(server, courseTool, 'POST', BASE, subscriptionBody(course.id))).status).toBe(200);
      expect(await api(server, courseTool, 'POST', BASE, subscriptionBody(elsewhere.id))).toMatchObject({ status: 401, json: { error: 'Unauthorized subscription' } });
    });

    it('answers 400 Invalid subscription for bad or missing fields', async () => {
      const cases: Record<string, unknown>[] = [
        { ContextType: 'group' },
        { ContextId: '' },
        { ContextId: '999999999' },
        { EventTypes: ['nope'] },
        { EventTypes: [] },
        { Format: 'xml' },
        { TransportType: 'smtp' },
        { TransportMetadata: { Url: 'http://example.com/hook' } },
        { TransportMetadata: { Url: 'not a url' } },
        { TransportMetadata: 'https://example.com' },
      ];
      for (const overrides of cases) {
        const res = await api(server, token, 'POST', BASE, subscriptionBody(course.id, overrides));
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.json, JSON.stringify(overrides)).toMatchObject({ error: 'Invalid subscription' });
      }
      expect((await api(server, token, 'POST', BASE, {})).status).toBe(400);
      expect((await api(server, token, 'POST', BASE, { subscription: 'x' })).status).toBe(400);
    });

    it('404s unknown ids and another developer key’s subscriptions', async () => {
      const created = await api(server, token, 'POST', BASE, subscriptionBody(course.id));
      const other = await toolAccessToken(server, await registerFixtureTool(server));
      const id = (created.json as { Id: string }).Id;
      for (const [method, t] of [['GET', other], ['PUT', other], ['DELETE', other], ['GET', token]] as const) {
        const path = t === token ? `${BASE}/00000000-0000-4000-8000-000000000000` : `${BASE}/${id}`;
        const res = await api(server, t, method, path, method === 'PUT' ? subscriptionBody(course.id) : undefined);
        expect(res, `${method} ${path}`).toMatchObject({ status: 404, json: {} });
      }
    });
  });

  describe('happy paths', () => {
    it('creates with the spec spelling (submission[ContextId]) and form encoding, shows, updates and deletes', async () => {
      const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true });
      const form = new URLSearchParams({
        'submission[ContextId]': String(assignment.id),
        'subscription[ContextType]': 'Assignment',
        'subscription[EventTypes][]': 'SUBMISSION_UPDATED',
        'subscription[Format]': 'caliper',
        'subscription[TransportType]': 'sqs',
        'subscription[TransportMetadata][Url]': 'http://127.0.0.1:9324/000000000000/events',
      });
      const res = await fetch(server.url + BASE, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      expect(res.status).toBe(200);
      const created = (await res.json()) as Record<string, unknown>;
      expect(created).toMatchObject({
        ContextType: 'assignment',
        ContextId: String(assignment.id),
        EventTypes: ['submission_updated'],
        Format: 'caliper',
        TransportType: 'sqs',
        TransportMetadata: { Url: 'http://127.0.0.1:9324/000000000000/events' },
        DeveloperKey: tool.developerKey,
        AssociatedIntegrationId: tool.guid,
        RootAccountId: String(server.core.services.installation.root_account_id),
      });
      expect(created.Id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.SigningSecret).toMatch(/^whsec_/);

      const shown = await api(server, token, 'GET', `${BASE}/${String(created.Id)}`);
      expect(shown.json).toMatchObject({ Id: created.Id, Format: 'caliper' });
      expect(shown.json).not.toHaveProperty('SigningSecret');

      const updated = await api(server, token, 'PUT', `${BASE}/${String(created.Id)}`, { subscription: { Format: 'live-event', EventTypes: ['grade_change'] } });
      expect(updated.json).toMatchObject({ Format: 'live-event', EventTypes: ['grade_change'], TransportType: 'sqs', ContextType: 'assignment' });

      expect(await api(server, token, 'DELETE', `${BASE}/${String(created.Id)}`)).toMatchObject({ status: 200, json: {} });
      expect((await api(server, token, 'GET', `${BASE}/${String(created.Id)}`)).status).toBe(404);
    });

    it('accepts root_account by uuid, account and course contexts', async () => {
      const root = (await server.core.services.repos.accounts.get(server.core.services.installation.root_account_id))!;
      for (const [ContextType, ContextId] of [['root_account', root.data.uuid], ['account', root.id], ['course', course.id]] as const) {
        const res = await api(server, token, 'POST', BASE, subscriptionBody(ContextId, { ContextType }));
        expect(res.status, ContextType).toBe(200);
      }
    });

    it('lists 100 per result set and pages with EndKey → StartKey', async () => {
      const pager = await registerFixtureTool(server);
      const t = await toolAccessToken(server, pager);
      const ids = new Set<string>();
      for (let i = 0; i < 205; i++) {
        const res = await api(server, t, 'POST', BASE, subscriptionBody(course.id));
        ids.add((res.json as { Id: string }).Id);
      }
      const seen: string[] = [];
      let startKey: string | null = null;
      for (let page = 0; page < 5; page++) {
        const res = await fetch(server.url + BASE, { headers: { authorization: `Bearer ${t}`, ...(startKey ? { StartKey: startKey } : {}) } });
        const items = (await res.json()) as Array<{ Id: string; DeveloperKey: string }>;
        expect(items.length).toBeLessThanOrEqual(100);
        seen.push(...items.map((s) => s.Id));
        startKey = res.headers.get('endkey');
        if (!startKey) break;
        expect(JSON.parse(startKey)).toEqual({ Id: items.at(-1)!.Id, DeveloperKey: pager.developerKey });
      }
      expect(seen).toHaveLength(205);
      expect(new Set(seen)).toEqual(ids);
      expect([...seen].sort()).toEqual(seen);
      const bad = await fetch(server.url + BASE, { headers: { authorization: `Bearer ${t}`, StartKey: '{nope' } });
      expect(bad.status).toBe(400);
    });
  });
});
