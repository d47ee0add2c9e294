import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken } from '../helpers/course-fixtures.ts';
import {
  authorizeUrl,
  createDeveloperKey,
  createPasswordUser,
  postForm,
  setBinding,
  type FixtureDeveloperKey,
} from '../helpers/oauth-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { asBrowser, signIn, type BrowserSession } from '../helpers/session-fixtures.ts';

const ADMIN = 'oauth2-test-admin-token';
const PASSWORD = 'a long enough password';
const CALLBACK = 'https://tool.example/oauth/callback';
const TOKEN = '/login/oauth2/token';

describe('OAuth2 with developer keys', () => {
  let server: TestServer;
  let key: FixtureDeveloperKey;
  let person: BrowserSession;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    key = await createDeveloperKey(server, ADMIN, { name: 'Grade Helper', redirect_uris: [CALLBACK] });
    await createPasswordUser(server, ADMIN, 'pat@example.test', PASSWORD);
    person = await signIn(server, 'pat@example.test', PASSWORD);
  });
  afterAll(() => server.stop());

  /** The consent page's own request: the query of `/login/oauth2/auth`, approved with the session and its CSRF header. */
  async function approve(k: Pick<FixtureDeveloperKey, 'id' | 'redirect_uris'>, extra: Record<string, string> = {}, session = person) {
    const query = Object.fromEntries(new URL(authorizeUrl(k, extra), server.url).searchParams);
    const res = await asBrowser(server, session, 'POST', '/api/v1/login/oauth2/accept', { body: query, headers: { origin: server.url } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return new URL((res.json as { redirect_uri: string }).redirect_uri);
  }
  const codeFor = async (k: Pick<FixtureDeveloperKey, 'id' | 'redirect_uris'> = key, extra: Record<string, string> = {}) =>
    (await approve(k, extra)).searchParams.get('code')!;
  const exchange = (code: string, k: Pick<FixtureDeveloperKey, 'id' | 'api_key'> = key, extra: Record<string, string> = {}) =>
    postForm(server, TOKEN, { grant_type: 'authorization_code', client_id: String(k.id), client_secret: k.api_key, code, redirect_uri: CALLBACK, ...extra });

  it('runs the authorization code flow and refreshes, as Canvas documents it', async () => {
    const page = await fetch(server.url + authorizeUrl(key));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    // The tool's name is its own text, isolated so it keeps its direction on a right-to-left page.
    expect(html).toContain('<bdi>Grade Helper</bdi> wants to use your Outpost account');
    expect(html).toContain('<input type="hidden" name="state" value="tool-state-42">');

    const back = await approve(key);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('tool-state-42');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{43}$/);

    const granted = await exchange(code);
    expect(granted.status).toBe(200);
    expect(granted.headers.get('cache-control')).toBe('no-store');
    expect(granted.json).toMatchObject({
      token_type: 'Bearer',
      user: { id: person.userId, name: 'Person pat@example.test', global_id: String(person.userId) },
      expires_in: 3600,
    });
    const { access_token: access, refresh_token: refresh } = granted.json as { access_token: string; refresh_token: string };
    expect(access).toMatch(/^lms_/);
    expect(refresh).toMatch(/^lms_\d+~/);
    expect((await api(server, access, 'GET', '/api/v1/users/self')).json).toMatchObject({ id: person.userId });

    // A code is good once.
    expect(await exchange(code)).toMatchObject({ status: 400, json: { error: 'invalid_grant', error_description: 'authorization_code not found' } });

    // The refresh grant, here with the client's credentials as HTTP Basic: a new access token, the old one is dead.
    const basic = `Basic ${Buffer.from(`${key.id}:${key.api_key}`).toString('base64')}`;
    const renewed = await postForm(server, TOKEN, { grant_type: 'refresh_token', refresh_token: refresh }, { authorization: basic });
    expect(renewed.status).toBe(200);
    expect(renewed.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, user: { id: person.userId } });
    expect(renewed.json).not.toHaveProperty('refresh_token');
    const fresh = String(renewed.json.access_token);
    expectInvalidToken(await api(server, access, 'GET', '/api/v1/users/self'));
    expect((await api(server, fresh, 'GET', '/api/v1/users/self')).status).toBe(200);

    // The token shows in the person's token list under the key's name.
    const listed = (await api(server, fresh, 'GET', '/api/v1/users/self/tokens')).json as Array<{ purpose: string }>;
    expect(listed.map((t) => t.purpose)).toContain('Grade Helper');

    // DELETE /login/oauth2/token revokes the token and its refresh token.
    expect(await api(server, fresh, 'DELETE', TOKEN)).toMatchObject({ status: 200, json: {} });
    expectInvalidToken(await api(server, fresh, 'GET', '/api/v1/users/self'));
    const afterRevoke = await postForm(server, TOKEN, { grant_type: 'refresh_token', client_id: String(key.id), client_secret: key.api_key, refresh_token: refresh });
    expect(afterRevoke).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('approves only for a signed-in person with the CSRF header, never for a Bearer token', async () => {
    const query = Object.fromEntries(new URL(authorizeUrl(key), server.url).searchParams);
    const noCsrf = await asBrowser(server, person, 'POST', '/api/v1/login/oauth2/accept', { body: query, csrf: false });
    expectInvalidToken(noCsrf as Parameters<typeof expectInvalidToken>[0]);
    const code = await codeFor();
    const token = String((await exchange(code)).json.access_token);
    const viaToken = await api(server, token, 'POST', '/api/v1/login/oauth2/accept', query);
    expect(viaToken).toMatchObject({ status: 401, json: { status: 'unauthorized' } });
    // A foreign page cannot post the approval either (the Origin guard), even were the cookie sent.
    const foreign = await asBrowser(server, person, 'POST', '/api/v1/login/oauth2/accept', { body: query, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('serves the consent page unframeable, uncached, with only its own script, and escapes what the tool sent', async () => {
    const res = await fetch(server.url + authorizeUrl(key, { state: '"><script>alert(1)</script>' }));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    // Cancel goes back to the tool with access_denied and the state.
    const cancel = new URL(/<a href="([^"]+)">Cancel<\/a>/.exec(html)![1]!.replaceAll('&amp;', '&'));
    expect(cancel.searchParams.get('error')).toBe('access_denied');
    expect(cancel.searchParams.get('state')).toBe('"><script>alert(1)</script>');
  });

  it('limits tokens of a key with require_scopes to the scopes asked for', async () => {
    const scoped = await createDeveloperKey(server, ADMIN, {
      name: 'Course Lister',
      redirect_uris: [CALLBACK],
      scopes: ['url:GET|/api/v1/courses', 'url:GET|/api/v1/users/:id'],
      require_scopes: true,
    });
    const code = await codeFor(scoped, { scope: 'url:GET|/api/v1/courses' });
    const token = String((await exchange(code, scoped)).json.access_token);
    expect((await api(server, token, 'GET', '/api/v1/courses')).status).toBe(200);
    const outside = await api(server, token, 'GET', '/api/v1/users/self');
    expect(outside).toMatchObject({ status: 401, json: { errors: [{ message: 'Insufficient scopes on access token.' }] } });
    expect(outside.headers.get('www-authenticate')).toBeNull();
    // A scoped token may still revoke itself.
    expect((await api(server, token, 'DELETE', TOKEN)).status).toBe(200);

    for (const scope of ['url:GET|/api/v1/accounts', '']) {
      const refused = await approve(scoped, { scope });
      expect(refused.searchParams.get('error'), scope).toBe('invalid_scope');
      expect(refused.searchParams.get('state')).toBe('tool-state-42');
      expect(refused.searchParams.get('code')).toBeNull();
    }
  });

  it('supports PKCE (S256): the verifier must come with the code', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    expect(await exchange(await codeFor(key, pkce))).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect(await exchange(await codeFor(key, pkce), key, { code_verifier: randomBytes(32).toString('base64url') })).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect((await exchange(await codeFor(key, pkce), key, { code_verifier: verifier })).status).toBe(200);
    // A verifier for a code issued without a challenge is a downgrade attempt.
    expect(await exchange(await codeFor(), key, { code_verifier: verifier })).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect((await approve(key, { code_challenge: challenge, code_challenge_method: 'plain' })).searchParams.get('error')).toBe('invalid_request');
  });

  it('answers bad authorization requests with OAuth error JSON, or by redirect once the redirect URI is trusted', async () => {
    const get = async (path: string) => {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location'), json: res.status === 302 ? undefined : ((await res.json()) as unknown) };
    };
    expect(await get(authorizeUrl({ ...key, id: 999_999 }))).toMatchObject({ status: 401, json: { error: 'invalid_client', error_description: 'unknown client' } });
    expect(await get('/login/oauth2/auth?client_id[x]=1')).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    for (const redirect of [`${CALLBACK}/more`, `${CALLBACK}?x=1`, 'https://evil.example/oauth/callback', '']) {
      const res = await get(authorizeUrl({ ...key, redirect_uris: [redirect] }));
      expect(res, redirect).toMatchObject({ status: 400, json: { error: 'invalid_request', error_description: 'redirect_uri does not match client settings' } });
    }
    const wrongType = await get(authorizeUrl(key, { response_type: 'token' }));
    expect(wrongType.status).toBe(302);
    const location = new URL(wrongType.location!);
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'unsupported_response_type', state: 'tool-state-42' });

    const off = await createDeveloperKey(server, ADMIN, { name: 'Switched Off', redirect_uris: [CALLBACK] }, { on: false });
    expect(await get(authorizeUrl(off))).toMatchObject({ status: 401, json: { error: 'unauthorized_client' } });
  });

  it('answers bad token requests with OAuth error JSON', async () => {
    const other = await createDeveloperKey(server, ADMIN, { name: 'Other Tool', redirect_uris: [CALLBACK] });
    const base = { client_id: String(key.id), client_secret: key.api_key };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...base }, 400, 'unsupported_grant_type'],
      [{ ...base, grant_type: 'password' }, 400, 'unsupported_grant_type'],
      [{ ...base, grant_type: 'authorization_code' }, 400, 'invalid_request'],
      [{ ...base, grant_type: 'authorization_code', code: 'made-up' }, 400, 'invalid_grant'],
      [{ ...base, grant_type: 'authorization_code', client_secret: 'wrong', code: 'x' }, 401, 'invalid_client'],
      [{ grant_type: 'authorization_code', code: 'x' }, 401, 'invalid_client'],
      [{ ...base, grant_type: 'refresh_token' }, 400, 'invalid_request'],
      [{ ...base, grant_type: 'refresh_token', refresh_token: `lms_1~${'A'.repeat(43)}` }, 400, 'invalid_grant'],
      [{ ...base, grant_type: 'client_credentials' }, 400, 'invalid_request'],
    ];
    for (const [fields, status, error] of cases) {
      const res = await postForm(server, TOKEN, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.json, JSON.stringify(fields)).toEqual({ error, error_description: expect.any(String) });
    }
    // A code is the client's own, for the redirect URI it was issued to; a failed try spends it.
    expect(await exchange(await codeFor(), other)).toMatchObject({ status: 400, json: { error: 'invalid_grant', error_description: 'incorrect client' } });
    const code = await codeFor();
    expect(await exchange(code, key, { redirect_uri: 'https://tool.example/elsewhere' })).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect((await exchange(code)).status).toBe(400);
    // Other methods and paths under /login/oauth2 answer JSON, never the UI's page.
    for (const [method, path] of [['PATCH', TOKEN], ['PUT', '/login/oauth2/auth'], ['GET', '/login/oauth2/nothing']] as const) {
      const res = await api(server, undefined, method, path);
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, json: { errors: [{ message: 'The specified resource does not exist.' }] } });
    }
    // JSON bodies work too, and a hash where text belongs is an OAuth error, not a parameter error.
    const json = await api(server, undefined, 'POST', TOKEN, { grant_type: 'authorization_code', client_id: { id: key.id }, code: 'x' });
    expect(json).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
  });

  it('stops honouring and issuing tokens once the key is switched off or deleted; revoking needs a token record', async () => {
    const tool = await createDeveloperKey(server, ADMIN, { name: 'Short Lived', redirect_uris: [CALLBACK] });
    const granted = await exchange(await codeFor(tool), tool);
    const token = String(granted.json.access_token);
    await setBinding(server, ADMIN, tool.id, 'off');
    expectInvalidToken(await api(server, token, 'GET', '/api/v1/users/self'));
    const refreshed = await postForm(server, TOKEN, { grant_type: 'refresh_token', client_id: String(tool.id), client_secret: tool.api_key, refresh_token: String(granted.json.refresh_token) });
    expect(refreshed).toMatchObject({ status: 401, json: { error: 'unauthorized_client' } });
    await setBinding(server, ADMIN, tool.id, 'on');
    expect((await api(server, token, 'GET', '/api/v1/users/self')).status).toBe(200);
    expect((await api(server, ADMIN, 'GET', '/api/v1/accounts/self/developer_keys?per_page=100')).json).toContainEqual(
      expect.objectContaining({ id: tool.id, access_token_count: 1 }),
    );
    await api(server, ADMIN, 'DELETE', `/api/v1/developer_keys/${tool.id}`);
    expectInvalidToken(await api(server, token, 'GET', '/api/v1/users/self'));

    const noRecord = { status: 400, json: { message: "can't delete OAuth access token when not using an OAuth access token" } };
    expect(await api(server, ADMIN, 'DELETE', TOKEN)).toMatchObject(noRecord);
    expect(await asBrowser(server, person, 'DELETE', TOKEN)).toMatchObject(noRecord);
  });
});
