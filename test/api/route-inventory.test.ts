import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../src/server/http/app.ts';
import type { AnyRoute } from '../../src/server/http/route.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The LTI token endpoint takes a signed assertion instead of a token (webhook subscriptions, docs/decisions/0008);
// signing in takes a password (docs/decisions/0018); first-run setup and connecting to a hub are open until
// someone can sign in (docs/decisions/0019, 0020); OAuth2 starts without a token and trades codes, refresh
// tokens or signed assertions for one (docs/decisions/0034).
const PUBLIC_ROUTES = [
  'GET /api/v1/health',
  'GET /api/v1/openapi.json',
  'POST /api/lti/accounts/{account_id}/authorize',
  'POST /api/v1/login/session',
  'GET /api/v1/outpost/setup',
  'POST /api/v1/outpost/setup',
  'POST /api/v1/sync/hub',
  // The hubs found on the LAN are listed to whoever may connect (before first-run setup: anyone, docs/decisions/0129).
  'GET /api/v1/sync/hub/nearby',
  'GET /login/oauth2/auth',
  'POST /login/oauth2/token',
  // A calendar application holds only the feed URL: its code is the credential (docs/decisions/0107).
  'GET /feeds/calendars/{code}.ics',
];

type Operation = { 'x-permission'?: string; 'x-permission-grants'?: string; security?: unknown[] };

/**
 * Writes on the caller's own records in a context they may only read, as Canvas allows them: their rules grant
 * `own`, never `read`. A new entry needs the same justification.
 */
const OWN_WRITES: Readonly<Record<string, string>> = {
  'PUT /api/v1/courses/{course_id}/modules/{module_id}/items/{id}/done': 'a student marks an item done (their progression)',
  'DELETE /api/v1/courses/{course_id}/modules/{module_id}/items/{id}/done': 'a student unmarks it',
  'POST /api/v1/courses/{course_id}/modules/{module_id}/items/{id}/mark_read': 'a student fulfils must_view',
  'POST /api/v1/courses/{course_id}/modules/{module_id}/items/{id}/select_mastery_path': 'a student (or whoever sees them) chooses their path',
  'POST /api/v1/courses/{course_id}/assignments/{assignment_id}/submissions': 'a student submits',
  'POST /api/v1/sections/{section_id}/assignments/{assignment_id}/submissions': 'a student submits',
  'POST /api/v1/courses/{course_id}/assignments/{assignment_id}/submissions/{user_id}/files': 'a student uploads for their submission',
  'POST /api/v1/sections/{section_id}/assignments/{assignment_id}/submissions/{user_id}/files': 'a student uploads for their submission',
  'PUT /api/v1/courses/{course_id}/assignments/{assignment_id}/submissions/{user_id}/read': "the caller's read mark",
  'DELETE /api/v1/courses/{course_id}/assignments/{assignment_id}/submissions/{user_id}/read': "the caller's read mark",
  'PUT /api/v1/sections/{section_id}/assignments/{assignment_id}/submissions/{user_id}/read': "the caller's read mark",
  'DELETE /api/v1/sections/{section_id}/assignments/{assignment_id}/submissions/{user_id}/read': "the caller's read mark",
  'POST /api/v1/polls/{poll_id}/poll_sessions/{poll_session_id}/poll_submissions': 'a student answers a poll',
  'POST /api/v1/courses/{course_id}/quizzes/{quiz_id}/submissions': 'a student starts their own quiz attempt',
  'POST /api/v1/courses/{course_id}/quizzes/{quiz_id}/submissions/{id}/complete': 'a student turns in their own attempt',
  'POST /api/v1/quiz_submissions/{quiz_submission_id}/questions': 'a student answers in their own attempt',
  'PUT /api/v1/quiz_submissions/{quiz_submission_id}/questions/{id}/flag': 'a student flags a question of their own attempt',
  'PUT /api/v1/quiz_submissions/{quiz_submission_id}/questions/{id}/unflag': 'a student unflags it',
  'PUT /api/v1/courses/{course_id}/discussion_topics/{topic_id}/read': "the caller's read mark of the topic",
  'DELETE /api/v1/courses/{course_id}/discussion_topics/{topic_id}/read': "the caller's read mark of the topic",
  'PUT /api/v1/courses/{course_id}/discussion_topics/{topic_id}/read_all': "the caller's read marks of the topic and its entries",
  'DELETE /api/v1/courses/{course_id}/discussion_topics/{topic_id}/read_all': "the caller's read marks of the topic and its entries",
  'PUT /api/v1/courses/{course_id}/discussion_topics/{topic_id}/entries/{entry_id}/read': "the caller's read mark of the entry",
  'DELETE /api/v1/courses/{course_id}/discussion_topics/{topic_id}/entries/{entry_id}/read': "the caller's read mark of the entry",
  'POST /api/v1/courses/{course_id}/discussion_topics/{topic_id}/entries/{entry_id}/rating': "the caller's like of the entry (the topic decides who may like)",
  'POST /api/v1/planner/overrides': "the caller's planner",
  'PUT /api/v1/planner/overrides/{id}': "the caller's planner",
  'DELETE /api/v1/planner/overrides/{id}': "the caller's planner",
  'POST /api/v1/planner_notes': "the caller's planner",
  'PUT /api/v1/planner_notes/{id}': "the caller's planner",
  'DELETE /api/v1/planner_notes/{id}': "the caller's planner",
  'PUT /api/v1/users/self/communication_channels/{communication_channel_id}/notification_preferences/{notification}': "the caller's own channel",
  'PUT /api/v1/users/self/communication_channels/{type}/{address}/notification_preferences/{notification}': "the caller's own channel",
  'PUT /api/v1/users/self/communication_channels/{communication_channel_id}/notification_preference_categories/{category}': "the caller's own channel",
  'PUT /api/v1/users/self/communication_channels/{communication_channel_id}/notification_preferences': "the caller's own channel",
  'PUT /api/v1/users/self/communication_channels/{type}/{address}/notification_preferences': "the caller's own channel",
  'POST /api/v1/error_reports': 'anyone files their own problem report',
  'POST /api/v1/file_uploads/{upload_token}': 'step 2 of an upload whose write right step 1 checked',
  'POST /api/v1/files/{id}/create_success': 'step 3 confirms the caller’s own upload (writes nothing)',
  'POST /api/lti/accounts/{account_id}/authorize': 'a tool trades its own signed assertion for its token',
  'POST /api/v1/login/oauth2/accept': 'a person approves a tool acting for themself (a code for their own token)',
  'POST /login/oauth2/token': 'a client trades its own code, refresh token or assertion for its token',
  'DELETE /login/oauth2/token': 'a token revokes itself',
  'DELETE /api/v1/users/{user_id}/calendar_feed': 'a user replaces their own calendar feed URL',
  'PUT /api/v1/conversations': "the caller's view of their conversations (read, starred, archived, deleted)",
  'PUT /api/v1/conversations/{id}': "the caller's view of a conversation they take part in",
  'DELETE /api/v1/conversations/{id}': 'a participant deletes the messages for themself',
  'POST /api/v1/conversations/{id}/remove_messages': 'a participant removes messages for themself',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The route inventory of a real server (docs/architecture.md §10): every route declares a permission rule with a
 * description, only health and the OpenAPI document are public, and the server really enforces it.
 */
describe('route inventory', () => {
  let server: TestServer;
  let operations: Array<{ name: string; path: string; method: string; op: Operation }>;
  beforeAll(async () => {
    server = await startTestServer();
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, method: method.toUpperCase(), op })),
    );
  });
  afterAll(() => server.stop());

  it('every route has a described permission rule; only the listed ones are public', () => {
    for (const { name, op } of operations) {
      expect(op['x-permission']?.trim(), name).toBeTruthy();
      const isPublic = (op.security ?? []).length === 0;
      expect(isPublic, name).toBe(PUBLIC_ROUTES.includes(name));
    }
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(PUBLIC_ROUTES));
  });

  it('every write route declares a write rule; only the listed writes on the caller’s own records declare `own`', () => {
    const wrong = operations
      .filter(({ method }) => WRITE_METHODS.has(method))
      .filter(({ name, op }) => op['x-permission-grants'] !== 'write' && !(op['x-permission-grants'] === 'own' && name in OWN_WRITES))
      .map(({ name, op }) => `${name}: ${op['x-permission-grants']}`);
    expect(wrong).toEqual([]);
    // The list names real routes that declare `own`, so it cannot keep stale entries.
    const own = operations.filter(({ op }) => op['x-permission-grants'] === 'own').map(({ name }) => name);
    expect(own.sort()).toEqual(Object.keys(OWN_WRITES).sort());
  });

  it('every non-public route refuses a request without a token (401 with the Bearer challenge)', async () => {
    for (const { name, path, method } of operations) {
      if (PUBLIC_ROUTES.includes(name)) continue;
      const url = server.url + path.replace(/\{\w+\}/g, '1');
      const res = await fetch(url, { method, headers: method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      expect(res.status, name).toBe(401);
      expect(res.headers.get('www-authenticate'), name).toBe('Bearer realm="canvas-lms"');
    }
  });
});

describe('a route without a permission rule', () => {
  const base = { method: 'GET', path: '/api/v1/x', summary: 'x', params: z.object({}), handler: () => ({ body: {} }) } as const;
  const build = (route: unknown) => () =>
    createApp({ rendererDir: '/none', routes: [route as AnyRoute], verifyToken: async () => undefined, verifySession: async () => undefined, allowedHosts: () => new Set() });

  it('fails at startup', () => {
    expect(build(base)).toThrow(/permission rule/);
    const rule = { description: 'x', requiresToken: true, grants: 'read', resolve: async () => undefined };
    expect(build({ ...base, permission: { ...rule, description: ' ' } })).toThrow(/permission rule/);
    expect(build({ ...base, permission: { ...rule, requiresToken: undefined } })).toThrow(/permission rule/);
    expect(build({ ...base, permission: { ...rule, grants: undefined } })).toThrow(/permission rule/);
    expect(build({ ...base, permission: { ...rule, grants: 'admin' } })).toThrow(/permission rule/);
    expect(build({ ...base, permission: { ...rule, resolve: undefined } })).toThrow(/permission rule/);
    expect(build({ ...base, permission: rule })).not.toThrow();
  });

  it('and so does a route registered twice', () => {
    const route = { ...base, permission: { description: 'x', requiresToken: true, grants: 'read', resolve: async () => undefined } };
    expect(() =>
      createApp({ rendererDir: '/none', routes: [route, route] as unknown as AnyRoute[], verifyToken: async () => undefined, verifySession: async () => undefined, allowedHosts: () => new Set() }),
    ).toThrow(/registered twice/);
  });
});
