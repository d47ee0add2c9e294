import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'tokens-test-admin-token';
type Token = { id: number; visible_token?: string; token_hint: string; user_id: number; purpose: string };

describe('access tokens', () => {
  let server: TestServer;
  let alice: FixtureUser;
  let bob: FixtureUser;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    alice = await createFixtureUser(server, 'Alice Tokens');
    bob = await createFixtureUser(server, 'Bob Tokens');
  });
  afterAll(() => server.stop());

  const tokens = (user: number | string) => `/api/v1/users/${user}/tokens`;

  it('needs a token; others than self need an admin', async () => {
    for (const [method, path] of [
      ['POST', tokens('self')],
      ['GET', tokens('self')],
      ['GET', `${tokens('self')}/1`],
      ['DELETE', `${tokens('self')}/1`],
    ] as const) {
      const res = await api(server, undefined, method, path, method === 'POST' ? { token: { purpose: 'x' } } : undefined);
      expectInvalidToken(res, `${method} ${path}`);
    }
    expectUnauthorized(await api(server, alice.token, 'POST', tokens(bob.id), { token: { purpose: 'sneaky' } }));
    expectUnauthorized(await api(server, alice.token, 'GET', tokens(bob.id)));
  });

  it('issues a working token shown once, listed and shown by hint only', async () => {
    const created = await api(server, alice.token, 'POST', tokens('self'), {
      token: { purpose: 'grading script', expires_at: '2099-01-01T00:00:00Z' },
    });
    expect(created.status).toBe(200);
    const token = created.json as Token;
    expect(token).toMatchObject({ user_id: alice.id, purpose: 'grading script', expires_at: '2099-01-01T00:00:00Z', workflow_state: 'active', scopes: [] });
    expect(token.visible_token).toMatch(/^lms_[A-Za-z0-9_-]{43}$/);
    expect(token.visible_token!.startsWith(token.token_hint)).toBe(true);
    expect((await api(server, token.visible_token, 'GET', '/api/v1/users/self')).json).toMatchObject({ id: alice.id });

    const listed = await api(server, alice.token, 'GET', tokens('self'));
    expect((listed.json as Token[]).map((t) => t.id)).toContain(token.id);
    const shown = await api(server, alice.token, 'GET', `${tokens(alice.id)}/${token.id}`);
    expect(shown.json).toMatchObject({ id: token.id, token_hint: token.token_hint });
    for (const body of [listed.json, shown.json]) expect(JSON.stringify(body)).not.toContain(token.visible_token);
  });

  it('lets an admin issue for anyone', async () => {
    const res = await api(server, ADMIN, 'POST', tokens(bob.id), { token: { purpose: 'for bob' } });
    expect(res.status).toBe(200);
    const { visible_token: visible } = res.json as Token;
    expect((await api(server, visible, 'GET', '/api/v1/users/self')).json).toMatchObject({ id: bob.id });
    expect((await api(server, ADMIN, 'GET', tokens(bob.id))).status).toBe(200);
  });

  it('revokes at once', async () => {
    const { json } = await api(server, alice.token, 'POST', tokens('self'), { token: { purpose: 'short-lived' } });
    const token = json as Token;
    expect((await api(server, token.visible_token, 'GET', '/api/v1/users/self')).status).toBe(200);
    expect((await api(server, bob.token, 'DELETE', `${tokens(alice.id)}/${token.id}`)).status).toBe(401);
    const revoked = await api(server, alice.token, 'DELETE', `${tokens('self')}/${token.id}`);
    expect(revoked.json).toMatchObject({ id: token.id, workflow_state: 'deleted' });
    expectInvalidToken(await api(server, token.visible_token, 'GET', '/api/v1/users/self'));
    expect((await api(server, alice.token, 'GET', `${tokens('self')}/${token.id}`)).status).toBe(404);
    expect((await api(server, alice.token, 'DELETE', `${tokens('self')}/${token.id}`)).status).toBe(404);
  });

  it("keeps a scoped token within its scopes, and hides other users' tokens", async () => {
    const scope = 'url:POST|/api/v1/users/:user_id/tokens';
    const { json } = await api(server, alice.token, 'POST', tokens('self'), { token: { purpose: 'tool', scopes: [scope] } });
    const scoped = (json as Token).visible_token;
    expect(json).toMatchObject({ scopes: [scope] });
    expectUnauthorized(await api(server, scoped, 'POST', tokens('self'), { token: { purpose: 'full' } }));
    const narrow = await api(server, scoped, 'POST', tokens('self'), { token: { purpose: 'same', scopes: [scope] } });
    expect(narrow.status).toBe(200);
    const outOfScope = await api(server, scoped, 'GET', '/api/v1/users/self');
    expect(outOfScope.json).toEqual({ errors: [{ message: 'Insufficient scopes on access token.' }] });
    const bobs = await api(server, ADMIN, 'POST', tokens(bob.id), { token: { purpose: 'b' } });
    expect((await api(server, alice.token, 'GET', `${tokens('self')}/${(bobs.json as Token).id}`)).status).toBe(404);
  });

  it('validates before issuing', async () => {
    const count = await server.core.services.repos.tokens.count();
    const missing = await api(server, alice.token, 'POST', tokens('self'), {});
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ errors: [{ message: 'token is missing' }] });
    const blank = await api(server, alice.token, 'POST', tokens('self'), { token: { purpose: ' ' } });
    expect(blank.json).toEqual({ errors: { purpose: [{ attribute: 'purpose', type: 'blank', message: "can't be blank" }] } });
    const badScope = await api(server, alice.token, 'POST', tokens('self'), { token: { purpose: 'x', scopes: ['everything'] } });
    expect(badScope.status).toBe(400);
    expect(Object.keys((badScope.json as { errors: object }).errors)).toEqual(['scopes']);
    const badDate = await api(server, alice.token, 'POST', tokens('self'), { token: { purpose: 'x', expires_at: 'someday' } });
    expect(badDate.status).toBe(400);
    expect((await api(server, ADMIN, 'POST', tokens(999999), { token: { purpose: 'x' } })).status).toBe(404);
    expect(await server.core.services.repos.tokens.count()).toBe(count);
  });

  it('paginates the list with the exact Link header', async () => {
    for (let i = 0; i < 3; i++) await api(server, bob.token, 'POST', tokens('self'), { token: { purpose: `p${i}` } });
    const res = await api(server, bob.token, 'GET', `${tokens('self')}?per_page=1`);
    expect(res.json).toHaveLength(1);
    const total = (await server.core.services.repos.tokens.find({ user_id: bob.id })).length;
    const base = `${server.url}${tokens('self')}?`;
    expect(res.headers.get('link')).toBe(
      `<${base}page=1&per_page=1>; rel="current",<${base}page=2&per_page=1>; rel="next",` +
        `<${base}page=1&per_page=1>; rel="first",<${base}page=${total}&per_page=1>; rel="last"`,
    );
  });
});
