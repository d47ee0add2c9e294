import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, expectInvalidToken, type FixtureCourse } from '../helpers/course-fixtures.ts';
import { createDeveloperKey, postForm, setBinding, type FixtureDeveloperKey } from '../helpers/oauth-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { subscriptionBody } from '../helpers/webhook-fixtures.ts';

const ADMIN = 'client-credentials-test-admin-token';
const TOKEN = '/login/oauth2/token';
const SUBSCRIPTIONS = '/api/lti/subscriptions';
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const SCOPE = (action: string) => `https://canvas.instructure.com/lti/data_services/scope/${action}`;

interface ToolKeys {
  privateKey: CryptoKey;
  publicJwk: Record<string, unknown>;
}

async function toolKeys(kid: string): Promise<ToolKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

describe('client_credentials for LTI services', () => {
  let server: TestServer;
  let course: FixtureCourse;
  let keys: ToolKeys;
  let key: FixtureDeveloperKey;

  /** A client assertion as an LTI 1.3 tool signs it (RFC 7523); claims can be overridden. */
  function assertion(k: Pick<FixtureDeveloperKey, 'id'>, signer: ToolKeys, claims: { aud?: string; iat?: number; exp?: number; jti?: string; sub?: string } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: String(signer.publicJwk.kid) })
      .setIssuer(String(k.id))
      .setSubject(claims.sub ?? String(k.id))
      .setAudience(claims.aud ?? `${server.url}${TOKEN}`)
      .setIssuedAt(claims.iat ?? now)
      .setExpirationTime(claims.exp ?? now + 300)
      .setJti(claims.jti ?? randomUUID())
      .sign(signer.privateKey);
  }
  const requestToken = async (clientAssertion: string, scope: string) =>
    postForm(server, TOKEN, { grant_type: 'client_credentials', client_assertion_type: JWT_BEARER, client_assertion: clientAssertion, scope });

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    course = await createFixtureCourse(server, { name: 'Subscribed Course' });
    keys = await toolKeys('tool-key-1');
    key = await createDeveloperKey(server, ADMIN, { name: 'Live Events Tool', public_jwk: keys.publicJwk, scopes: [SCOPE('create'), SCOPE('list')] });
  });
  afterAll(() => server.stop());

  it('trades a signed JWT for a scoped token that creates and lists webhook subscriptions', async () => {
    const scope = `${SCOPE('create')} ${SCOPE('list')}`;
    const res = await requestToken(await assertion(key, keys), scope);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope });
    const token = String(res.json.access_token);

    const created = await api(server, token, 'POST', SUBSCRIPTIONS, subscriptionBody(course.id, { EventTypes: ['submission_created', 'grade_change'] }));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json).toMatchObject({ DeveloperKey: String(key.id), AssociatedIntegrationId: String(key.id), ContextType: 'course', ContextId: String(course.id) });
    const listed = await api(server, token, 'GET', SUBSCRIPTIONS);
    expect(listed.json).toEqual([expect.objectContaining({ Id: (created.json as { Id: string }).Id })]);

    // Each action needs its own data services scope.
    const id = (created.json as { Id: string }).Id;
    for (const [method, path] of [['GET', `${SUBSCRIPTIONS}/${id}`], ['PUT', `${SUBSCRIPTIONS}/${id}`], ['DELETE', `${SUBSCRIPTIONS}/${id}`]] as const) {
      const refused = await api(server, token, method, path, method === 'PUT' ? subscriptionBody(course.id) : undefined);
      expect(refused, `${method} ${path}`).toMatchObject({ status: 401, json: { errors: [{ message: 'Insufficient scopes on access token.' }] } });
    }
    // It acts for the key, not for a person: the user API does not take it.
    expectInvalidToken(await api(server, token, 'GET', '/api/v1/users/self'));
  });

  it('grants only scopes on the key, and needs at least one', async () => {
    const narrow = await requestToken(await assertion(key, keys), SCOPE('list'));
    expect(narrow.status).toBe(200);
    const token = String(narrow.json.access_token);
    expect(await api(server, token, 'POST', SUBSCRIPTIONS, subscriptionBody(course.id))).toMatchObject({ status: 401, json: { errors: [{ message: 'Insufficient scopes on access token.' }] } });
    for (const scope of [SCOPE('destroy'), '', 'url:GET|/api/v1/courses']) {
      expect(await requestToken(await assertion(key, keys), scope), scope).toMatchObject({ status: 400, json: { error: 'invalid_scope' } });
    }
  });

  it('refuses replayed, misaddressed, stale, far-expiring and foreign-signed assertions with invalid_client', async () => {
    const now = Math.floor(Date.now() / 1000);
    const once = await assertion(key, keys);
    expect((await requestToken(once, SCOPE('list'))).status).toBe(200);
    const stranger = await toolKeys('tool-key-1');
    const bad = [
      once,
      await assertion(key, keys, { aud: 'https://canvas.instructure.com/login/oauth2/token' }),
      await assertion(key, keys, { iat: now - 600, exp: now + 60 }),
      await assertion(key, keys, { exp: now + 7200 }),
      await assertion(key, keys, { exp: now - 10 }),
      await assertion(key, stranger),
      await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(key.id)).setAudience(`${server.url}${TOKEN}`).setIssuedAt().setExpirationTime('1m').setJti(randomUUID()).sign(new TextEncoder().encode(key.api_key)),
      await assertion({ id: 999_999 }, keys),
      'not-a-jwt',
    ];
    for (const [i, clientAssertion] of bad.entries()) {
      const res = await requestToken(clientAssertion, SCOPE('list'));
      expect(res.status, `assertion ${i}`).toBe(401);
      expect(res.json, `assertion ${i}`).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
    const wrongType = await postForm(server, TOKEN, { grant_type: 'client_credentials', client_assertion_type: 'password', client_assertion: await assertion(key, keys), scope: SCOPE('list') });
    expect(wrongType).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    const otherClient = await postForm(server, TOKEN, {
      grant_type: 'client_credentials',
      client_id: '999999',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key, keys),
      scope: SCOPE('list'),
    });
    expect(otherClient).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const noJwk = await createDeveloperKey(server, ADMIN, { name: 'No JWK', scopes: [SCOPE('list')] });
    expect(await requestToken(await assertion(noJwk, keys), SCOPE('list'))).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
  });

  it('stops issuing and honouring tokens once the key is off, and honours a scope only while the key lists it', async () => {
    const signer = await toolKeys('second-tool');
    const tool = await createDeveloperKey(server, ADMIN, { name: 'Switchable', public_jwk: { keys: [signer.publicJwk] }, scopes: [SCOPE('list'), SCOPE('create')] });
    const token = String((await requestToken(await assertion(tool, signer), `${SCOPE('list')} ${SCOPE('create')}`)).json.access_token);
    expect((await api(server, token, 'GET', SUBSCRIPTIONS)).status).toBe(200);

    await api(server, ADMIN, 'PUT', `/api/v1/developer_keys/${tool.id}`, { developer_key: { scopes: [SCOPE('list')] } });
    expect((await api(server, token, 'POST', SUBSCRIPTIONS, subscriptionBody(course.id))).status).toBe(401);
    expect((await api(server, token, 'GET', SUBSCRIPTIONS)).status).toBe(200);

    await setBinding(server, ADMIN, tool.id, 'off');
    expectInvalidToken(await api(server, token, 'GET', SUBSCRIPTIONS));
    expect(await requestToken(await assertion(tool, signer), SCOPE('list'))).toMatchObject({ status: 401, json: { error: 'unauthorized_client' } });
  });
});
