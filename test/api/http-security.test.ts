import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerErrorEntry } from '../../src/server/http/error-envelopes.ts';
import { startFixtureApp, type FixtureApp } from '../helpers/http-fixture-app.ts';
import { fixtureRoutes } from '../helpers/http-fixture-routes.ts';
import { rawRequest } from '../helpers/http-raw.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const INVALID_TOKEN = { errors: [{ message: 'Invalid access token.' }] };
const NOT_PERMITTED = { status: 'unauthorized', errors: [{ message: 'user not authorized to perform that action' }] };

describe('Host allowlist on the real server (docs/architecture.md §5.5)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('refuses foreign, look-alike, empty and wrong-port hosts with 403 JSON before auth', async () => {
    const port = server.port;
    const hostile = ['evil.com', `evil.com:${port}`, `127.0.0.1.evil.com:${port}`, '', `:${port}`, `0.0.0.0:${port}`,
      `127.0.0.1:${port + 1}`, '127.0.0.1', `localhost.:${port}`, `127.0.0.2:${port}`];
    for (const host of hostile) {
      const res = await rawRequest(server.url, { path: '/api/v1/openapi.json', headers: { host, authorization: 'Bearer x' } });
      expect(res.status, host).toBe(403);
      expect(res.headers['content-type'], host).toMatch(/^application\/json/);
      expect(res.headers['www-authenticate'], host).toBeUndefined();
    }
    const noHost = await rawRequest(server.url, { path: '/api/v1/health', omitHost: true });
    // Node itself answers 400 to an HTTP/1.1 request without Host (requireHostHeader), before our guard.
    expect([400, 403]).toContain(noHost.status);
  });

  it('the UI is behind the same guard', async () => {
    const res = await rawRequest(server.url, { path: '/', headers: { host: `evil.com:${server.port}` } });
    expect(res.status).toBe(403);
  });

  it('accepts the three loopback names with the real port (started on port 0)', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`]) {
      const res = await rawRequest(server.url, { path: '/api/v1/health', headers: { host } });
      expect(res.status, host).toBe(200);
      expect(res.headers['x-request-id'], host).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('auth, origin and CORS (fixture routes over real HTTP)', () => {
  let app: FixtureApp;
  const logged: ServerErrorEntry[] = [];
  beforeAll(async () => {
    app = await startFixtureApp(fixtureRoutes(), { logError: (entry) => logged.push(entry) });
  });
  afterAll(() => app.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });

  it('missing and wrong tokens: 401 with the Bearer challenge', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      const res = await get('/api/v1/echo', headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="canvas-lms"');
      expect(await res.json()).toEqual(INVALID_TOKEN);
    }
  });

  it('ignores access_token in the query and cookies: Bearer only', async () => {
    expect((await get('/api/v1/echo?access_token=lms_teacher-token')).status).toBe(401);
    expect((await get('/api/v1/echo', { cookie: 'access_token=lms_teacher-token; _session=lms_teacher-token' })).status).toBe(401);
    expect((await get('/api/v1/echo', { authorization: 'bearer lms_teacher-token' })).status).toBe(200);
  });

  it('authenticated but not permitted: 401 unauthorized without the challenge', async () => {
    const res = await fetch(`${app.url}/api/v1/courses/1/things/2`, {
      method: 'PUT',
      headers: { authorization: 'Bearer lms_student-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(await res.json()).toEqual(NOT_PERMITTED);
  });

  it('a scoped token reaches only its scopes', async () => {
    const ok = await get('/api/v1/echo', { authorization: 'Bearer lms_scoped-token' });
    expect(ok.status).toBe(200);
    const denied = await get('/api/v1/items', { authorization: 'Bearer lms_scoped-token' });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toBeNull();
    expect(await denied.json()).toEqual({ errors: [{ message: 'Insufficient scopes on access token.' }] });
  });

  it('public routes need no token and see a null principal', async () => {
    const res = await get('/api/v1/ping');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ principal: null });
  });

  it('refuses writes from a foreign Origin, allows our own origin and origin-less clients', async () => {
    const post = (origin?: string) =>
      fetch(`${app.url}/api/v1/echo`, {
        method: 'POST',
        headers: { authorization: 'Bearer lms_teacher-token', 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: '{}',
      });
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${app.port + 1}`, `http://127.0.0.1.evil.com:${app.port}`]) {
      const res = await post(origin);
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('content-type'), origin).toMatch(/^application\/json/);
    }
    expect((await post(`http://127.0.0.1:${app.port}`)).status).toBe(201);
    expect((await post(`http://localhost:${app.port}`)).status).toBe(201);
    expect((await post()).status).toBe(201);
  });

  it('sends no CORS headers unless configured, never Private-Network', async () => {
    const preflight = await fetch(`${app.url}/api/v1/echo`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' },
    });
    const simple = await get('/api/v1/ping', { origin: 'https://evil.example' });
    for (const res of [preflight, simple]) {
      for (const name of res.headers.keys()) expect(name).not.toMatch(/^access-control-/);
    }
  });

  it('answers configured CORS origins only, without credentials', async () => {
    const withCors = await startFixtureApp(fixtureRoutes(), { cors: { origins: ['https://tool.example'] } });
    try {
      const ok = await fetch(`${withCors.url}/api/v1/ping`, { headers: { origin: 'https://tool.example' } });
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://tool.example');
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
      const other = await fetch(`${withCors.url}/api/v1/ping`, { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await withCors.close();
    }
  });

  it('every response carries a fresh request id', async () => {
    const a = await get('/api/v1/ping', { 'x-request-id': 'forged' });
    const b = await get('/api/v1/nope');
    expect(a.headers.get('x-request-id')).not.toBe('forged');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps domain errors to Canvas envelopes and never leaks a stack', async () => {
    const del = (id: string) => fetch(`${app.url}/api/v1/things/${id}`, { method: 'DELETE', headers: { authorization: 'Bearer lms_teacher-token' } });
    expect((await del('1')).status).toBe(204);
    const notFound = await del('404');
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ errors: [{ message: 'The specified resource does not exist.' }] });
    const invalid = await del('400');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ errors: { title: [{ attribute: 'title', type: 'blank', message: "Title can't be blank" }] } });
    const bug = await del('500');
    // Our own bug: logged on the server for us, never shown to the client.
    expect(logged.map((e) => (e.error as Error).message)).toEqual(['a bug with a secret stack']);
    expect(bug.status).toBe(500);
    expect(await bug.json()).toEqual({ errors: [{ message: 'An error occurred.', error_code: 'internal_server_error' }], request_id: bug.headers.get('x-request-id') });
    expect(logged.map((e) => e.requestId)).toEqual([bug.headers.get('x-request-id')]);
    // A path id that cannot name a record is Canvas's 404, not a validation error.
    for (const id of ['abc', '0', '12345678901234567890', '%E0']) expect((await del(id)).status, id).toBe(404);
  });
});
