import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse, SetupStatus } from '../../src/contracts/session-dtos.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { asBrowser, cookieOf } from '../helpers/session-fixtures.ts';

const post = (server: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/v1/outpost/setup`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('first-run setup: "Use Outpost on this computer"', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const status = async () => (await (await fetch(`${server.url}/api/v1/outpost/setup`)).json()) as SetupStatus;

  it('is needed on a fresh install (the built-in admin has no password)', async () => {
    expect(await status()).toEqual({ setup_needed: true, hub: { connected: false, url: null } });
  });

  it('refuses bad input without creating anyone, and a foreign page cannot submit it', async () => {
    expect((await post(server, { name: 'Ms Aldana', unique_id: 'aldana@school.example', password: 'short' })).status).toBe(400);
    expect((await post(server, { name: '', unique_id: 'aldana@school.example', password: 'long enough password' })).status).toBe(400);
    expect((await post(server, { name: 'Ms Aldana', unique_id: 'aldana@school.example', password: 'long enough password', locale: 'xx' })).status).toBe(400);
    expect((await post(server, { name: 'Evil', unique_id: 'evil@example', password: 'long enough password' }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await status()).setup_needed).toBe(true);
  });

  it('creates the first person as a teacher who may create courses, signed in at once; then it is closed', async () => {
    const res = await post(server, { name: 'Margaret Aldana', unique_id: 'aldana@school.example', password: 'long enough password', locale: 'sw' });
    const body = (await res.json()) as SessionResponse;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.user).toMatchObject({ name: 'Margaret Aldana', login_id: 'aldana@school.example', locale: 'sw', effective_locale: 'sw' });
    const session = { cookie: cookieOf({ status: res.status, headers: res.headers, json: body }), csrf: body.csrf_token };

    const course = await asBrowser(server, session, 'POST', '/api/v1/accounts/self/courses', { body: { course: { name: 'Botany' } } });
    expect(course.status, JSON.stringify(course.json)).toBe(200);
    expect(await status()).toMatchObject({ setup_needed: false });

    const again = await post(server, { name: 'Second', unique_id: 'second@school.example', password: 'long enough password' });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ errors: [{ message: 'Outpost is already set up' }] });
    const connect = await fetch(`${server.url}/api/v1/sync/hub`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hub_url: 'http://127.0.0.1:1', unique_id: 'x@y', password: 'long enough password' }) });
    expect(connect.status).toBe(401);
  });
});
