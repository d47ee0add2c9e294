import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { asBrowser, signIn, postSignIn, type BrowserSession } from '../helpers/session-fixtures.ts';

const ADMIN = 'sessions-test-admin-token';
const PASSWORD = 'a long enough password';

describe('people’s sessions: an HttpOnly cookie plus a CSRF header', () => {
  let server: TestServer;
  let tokenUser: FixtureUser;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    tokenUser = await createFixtureUser(server, 'Tess Token');
    const created = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { name: 'Sam Session' }, pseudonym: { unique_id: 'sam@example.test', password: PASSWORD } });
    expect(created.status).toBe(200);
  });
  afterAll(() => server.stop());

  const self = (session: BrowserSession, options: Parameters<typeof asBrowser>[4] = {}) => asBrowser(server, session, 'GET', '/api/v1/users/self', options);

  it('signs in with a cookie scoped to this port and the API, HttpOnly and SameSite=Strict', async () => {
    const res = await postSignIn(server, 'sam@example.test', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user: { name: 'Sam Session', login_id: 'sam@example.test' }, csrf_token: expect.stringMatching(/^[\w-]{43}$/) });
    expect(Date.parse((res.json as { expires_at: string }).expires_at)).toBeGreaterThan(Date.now());
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^outpost_session_${server.port}=[\\w-]{43}; Max-Age=\\d+; Path=/api/; HttpOnly; SameSite=Strict$`));
    // Only the hash is kept: the cookie's value is nowhere in the database.
    const value = setCookie.split(';')[0]!.split('=')[1]!;
    expect(JSON.stringify(await server.core.services.repos.sessions.find())).not.toContain(value);
  });

  it('answers requests that carry the cookie and the CSRF header; the cookie alone or a wrong token is no credential', async () => {
    const session = await signIn(server, 'sam@example.test', PASSWORD);
    expect(await self(session)).toMatchObject({ status: 200, json: { id: session.userId } });
    const withoutHeader = await self(session, { csrf: false });
    expect(withoutHeader).toMatchObject({ status: 401, json: { errors: [{ message: 'Invalid access token.' }] } });
    expect((await self({ ...session, csrf: 'x'.repeat(43) })).status).toBe(401);
    expect((await asBrowser(server, session, 'POST', '/api/v1/users/self/tokens', { body: { token: { purpose: 'forged' } }, csrf: false })).status).toBe(401);
  });

  it('GET /login/session reads the session again without the header (after a reload), and nothing else does', async () => {
    const session = await signIn(server, 'sam@example.test', PASSWORD);
    const again = await asBrowser(server, session, 'GET', '/api/v1/login/session', { csrf: false });
    expect(again).toMatchObject({ status: 200, json: { user: { id: session.userId }, csrf_token: session.csrf } });
    expect((await api(server, ADMIN, 'GET', '/api/v1/login/session')).status).toBe(401);
    expect((await fetch(`${server.url}/api/v1/login/session`)).status).toBe(401);
  });

  it('refuses a cookie-authenticated write from a foreign origin', async () => {
    const session = await signIn(server, 'sam@example.test', PASSWORD);
    const res = await asBrowser(server, session, 'POST', '/api/v1/users/self/tokens', { body: { token: { purpose: 'x' } }, headers: { origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
    expect((await asBrowser(server, session, 'GET', '/api/v1/users/self/tokens')).json).toEqual([]);
  });

  it('ignores a session cookie named for another port (another Outpost on this machine)', async () => {
    const session = await signIn(server, 'sam@example.test', PASSWORD);
    const value = session.cookie.split('=')[1]!;
    const otherPort = { ...session, cookie: `outpost_session_${server.port + 1}=${value}` };
    expect((await self(otherPort)).status).toBe(401);
  });

  it('signing out revokes the session on the server: the old cookie and CSRF token stop working', async () => {
    const session = await signIn(server, 'sam@example.test', PASSWORD);
    const out = await asBrowser(server, session, 'DELETE', '/api/v1/login/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^outpost_session_${server.port}=; Max-Age=0; Path=/api/`));
    expect((await self(session)).status).toBe(401);
    expect((await asBrowser(server, session, 'GET', '/api/v1/login/session', { csrf: false })).status).toBe(401);
    expect((await asBrowser(server, session, 'DELETE', '/api/v1/login/session')).status).toBe(401);
  });

  it('leaves Bearer requests alone: a token request ignores any cookie, and a token cannot sign out a session', async () => {
    const session = await signIn(server, 'sam@example.test', PASSWORD);
    const both = await fetch(`${server.url}/api/v1/users/self`, { headers: { authorization: `Bearer ${tokenUser.token}`, cookie: session.cookie } });
    expect(((await both.json()) as { id: number }).id).toBe(tokenUser.id);
    const badTokenGoodCookie = await fetch(`${server.url}/api/v1/users/self`, { headers: { authorization: 'Bearer lms_wrong', cookie: session.cookie, 'x-csrf-token': session.csrf } });
    expect(badTokenGoodCookie.status).toBe(401);
    expect((await api(server, tokenUser.token, 'DELETE', '/api/v1/login/session')).status).toBe(401);
    expect((await self(session)).status).toBe(200);
  });

  it('ends a session once it has been idle too long', async () => {
    const session = await signIn(server, 'sam@example.test', PASSWORD);
    const [record] = (await server.core.services.repos.sessions.find({ user_id: session.userId })).slice(-1);
    await server.core.services.repos.sessions.update(record!.id, { actorId: 0, requestId: 'test', now: Date.now() }, (data) => ({ ...data, expires_at: Date.now() - 1 }));
    expect((await self(session)).status).toBe(401);
  });
});
