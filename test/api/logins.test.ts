import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { postSignIn, signIn } from '../helpers/session-fixtures.ts';

const ADMIN = 'logins-test-admin-token';
const SECRET = 'correct horse battery staple';
const LOGIN_KEYS = [
  'account_id',
  'authentication_provider_id',
  'authentication_provider_type',
  'created_at',
  'declared_user_type',
  'id',
  'integration_id',
  'sis_user_id',
  'unique_id',
  'user_id',
  'workflow_state',
];
type Login = { id: number; user_id: number; account_id: number; unique_id: string; created_at: string };

describe('Canvas logins with passwords', () => {
  let server: TestServer;
  let alice: FixtureUser;
  let rootId: number;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    alice = await createFixtureUser(server, 'Alice Logins');
    rootId = server.core.services.installation.root_account_id;
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
  });
  afterEach(() => {
    // Nothing the server printed may hold a password, whatever the test did.
    expect(logged.filter((line) => line.includes(SECRET) || line.includes('outpost-'))).toEqual([]);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.stop();
  });

  async function createUserWithPassword(uniqueId: string, password = SECRET) {
    const res = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', {
      user: { name: 'Pat Password' },
      pseudonym: { unique_id: uniqueId, password, sis_user_id: `sis-${uniqueId}`, send_confirmation: true },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { id: number; login_id: string };
  }

  it('creates a user with pseudonym[password]; the password signs in and is never echoed or stored in the clear', async () => {
    const user = await createUserWithPassword('pat@example.test');
    expect(JSON.stringify(user)).not.toContain(SECRET);
    expect((await postSignIn(server, 'PAT@example.test', SECRET)).status).toBe(200);
    const stored = await server.core.services.repos.logins.find({ user_id: user.id });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.password_hash).toMatch(/^scrypt\$1\$15\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    // The login lives where sync never takes it.
    expect(await server.core.db.collections.local.count({ selector: { type: 'login', user_id: user.id } }).exec()).toBe(1);
  });

  it('lists logins in Canvas JSON for an admin and for the user themself, never with a password or hash', async () => {
    const user = await createUserWithPassword('lists@example.test');
    const byAccount = await api(server, ADMIN, 'GET', `/api/v1/accounts/${rootId}/logins`);
    expect(byAccount.status).toBe(200);
    const mine = (byAccount.json as Login[]).find((l) => l.user_id === user.id)!;
    expect(Object.keys(mine).sort()).toEqual(LOGIN_KEYS);
    expect(mine).toMatchObject({ unique_id: 'lists@example.test', account_id: rootId, sis_user_id: 'sis-lists@example.test', authentication_provider_id: null, workflow_state: 'active' });
    expect(mine.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const session = await signIn(server, 'lists@example.test', SECRET);
    const own = await fetch(`${server.url}/api/v1/users/self/logins`, { headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    expect(own.status).toBe(200);
    const ownText = await own.text();
    expect(JSON.parse(ownText)).toEqual([mine]);
    for (const text of [ownText, JSON.stringify(byAccount.json)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('scrypt');
    }
  });

  it('refuses people without manage_user_logins, and anyone without a credential', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/accounts/${rootId}/logins`));
    expectUnauthorized(await api(server, alice.token, 'GET', `/api/v1/accounts/${rootId}/logins`));
    const other = await createUserWithPassword('other@example.test');
    expectUnauthorized(await api(server, alice.token, 'GET', `/api/v1/users/${other.id}/logins`));
    expectUnauthorized(await api(server, alice.token, 'POST', `/api/v1/accounts/${rootId}/logins`, { user: { id: alice.id }, login: { unique_id: 'alice2', password: SECRET } }));
    const [login] = (await api(server, ADMIN, 'GET', `/api/v1/users/${other.id}/logins`)).json as Login[];
    expectUnauthorized(await api(server, alice.token, 'PUT', `/api/v1/accounts/${rootId}/logins/${login!.id}`, { login: { password: 'taken over now' } }));
    expectUnauthorized(await api(server, alice.token, 'DELETE', `/api/v1/accounts/${rootId}/logins/${login!.id}`));
    expectNotFound(await api(server, ADMIN, 'PUT', `/api/v1/accounts/${rootId}/logins/999999999`, { login: { password: SECRET } }));
  });

  it('adds a second login with its own password, and a taken unique id is refused case-insensitively', async () => {
    const added = await api(server, ADMIN, 'POST', `/api/v1/accounts/self/logins`, { user: { id: alice.id }, login: { unique_id: 'alice.second', password: SECRET } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json).toMatchObject({ user_id: alice.id, unique_id: 'alice.second' });
    expect((await postSignIn(server, 'alice.second', SECRET)).json).toMatchObject({ user: { id: alice.id } });

    const taken = await api(server, ADMIN, 'POST', `/api/v1/accounts/self/logins`, { user: { id: alice.id }, login: { unique_id: 'PAT@example.test' } });
    expect(taken.status).toBe(400);
    expect(taken.json).toMatchObject({ errors: { unique_id: [{ type: 'taken' }] } });
    const missingUser = await api(server, ADMIN, 'POST', `/api/v1/accounts/self/logins`, { login: { unique_id: 'nobody' } });
    expect(missingUser.status).toBe(400);
  });

  it('refuses short passwords without echoing them', async () => {
    const res = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { name: 'Shorty' }, pseudonym: { unique_id: 'shorty', password: 'short7' } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ errors: { password: [{ type: 'too_short' }] } });
    expect(JSON.stringify(res.json)).not.toContain('short7');
    expect((await api(server, ADMIN, 'GET', '/api/v1/users/sis_login_id:shorty')).status).toBe(404);
  });

  it('lets people change their own password only with the old one, which ends their other sessions', async () => {
    const user = await createUserWithPassword('changer@example.test');
    const [login] = (await api(server, ADMIN, 'GET', `/api/v1/users/${user.id}/logins`)).json as Login[];
    const elsewhere = await signIn(server, 'changer@example.test', SECRET);
    const here = await signIn(server, 'changer@example.test', SECRET);
    const put = (body: unknown) =>
      fetch(`${server.url}/api/v1/accounts/self/logins/${login!.id}`, {
        method: 'PUT',
        headers: { cookie: here.cookie, 'x-csrf-token': here.csrf, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const wrongOld = await put({ login: { password: 'a brand new secret', old_password: 'not the old one' } });
    expect(wrongOld.status).toBe(400);
    expect(await wrongOld.text()).not.toContain('a brand new secret');
    expect((await put({ login: { unique_id: 'renamed@example.test' } })).status).toBe(401);
    const changed = await put({ login: { password: 'a brand new secret', old_password: SECRET } });
    expect(changed.status).toBe(200);

    expect((await postSignIn(server, 'changer@example.test', SECRET)).status).toBe(401);
    expect((await postSignIn(server, 'changer@example.test', 'a brand new secret')).status).toBe(200);
    const stillHere = await fetch(`${server.url}/api/v1/login/session`, { headers: { cookie: here.cookie } });
    expect(stillHere.status).toBe(200);
    const gone = await fetch(`${server.url}/api/v1/login/session`, { headers: { cookie: elsewhere.cookie } });
    expect(gone.status).toBe(401);
  });

  it('an admin renames a login (the user’s login_id follows) and deletes all but the last one', async () => {
    const user = await createUserWithPassword('rename@example.test');
    const [login] = (await api(server, ADMIN, 'GET', `/api/v1/users/${user.id}/logins`)).json as Login[];
    const renamed = await api(server, ADMIN, 'PUT', `/api/v1/accounts/${rootId}/logins/${login!.id}`, { login: { unique_id: 'renamed.person@example.test' } });
    expect(renamed.json).toMatchObject({ unique_id: 'renamed.person@example.test' });
    expect((await api(server, ADMIN, 'GET', `/api/v1/users/${user.id}`)).json).toMatchObject({ login_id: 'renamed.person@example.test' });
    expect((await postSignIn(server, 'renamed.person@example.test', SECRET)).status).toBe(200);

    const last = await api(server, ADMIN, 'DELETE', `/api/v1/accounts/${rootId}/logins/${login!.id}`);
    expect(last.status).toBe(400);
    const second = (await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/logins`, { user: { id: user.id }, login: { unique_id: 'spare.login' } })).json as Login;
    const deleted = await api(server, ADMIN, 'DELETE', `/api/v1/users/${user.id}/logins/${login!.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ id: login!.id, workflow_state: 'deleted' });
    expect((await postSignIn(server, 'renamed.person@example.test', SECRET)).status).toBe(401);
    expect(((await api(server, ADMIN, 'GET', `/api/v1/users/${user.id}/logins`)).json as Login[]).map((l) => l.id)).toEqual([second.id]);
  });
});

describe('failed sign-ins are throttled', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
  });
  afterAll(() => server.stop());

  it('answers wrong and unknown logins alike, then 429 with Retry-After for that login, even with the right password', async () => {
    await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { name: 'Target' }, pseudonym: { unique_id: 'target@example.test', password: SECRET } });
    const wrong = await postSignIn(server, 'target@example.test', 'guess 1');
    const unknown = await postSignIn(server, 'nobody@example.test', 'guess 1');
    expect(wrong).toMatchObject({ status: 401, json: { errors: [{ message: 'Invalid email or password' }] } });
    expect(unknown).toMatchObject({ status: 401, json: wrong.json });
    expect(wrong.headers.get('set-cookie')).toBeNull();

    for (let i = 2; i <= 10; i++) expect((await postSignIn(server, 'target@example.test', `guess ${i}`)).status).toBe(401);
    const throttled = await postSignIn(server, 'target@example.test', SECRET);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((throttled.json as { errors: { message: string }[] }).errors[0]!.message).toMatch(/Wait \d+ seconds/);
    // Another login from the same address is not locked out by these ten.
    expect((await postSignIn(server, 'nobody@example.test', 'guess')).status).toBe(401);
  });
});
