import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createDeveloperKey, type FixtureDeveloperKey } from '../helpers/oauth-fixtures.ts';
import { createFixtureSubAccount } from '../helpers/role-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'developer-keys-test-admin-token';
const KEYS = '/api/v1/accounts/self/developer_keys';

describe('developer keys API', () => {
  let server: TestServer;
  let teacher: FixtureUser;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    teacher = await createFixtureUser(server, 'Not An Admin');
  });
  afterAll(() => server.stop());

  it('needs a token and manage_developer_keys on the root account', async () => {
    const key = await createDeveloperKey(server, ADMIN, { name: 'Guarded' });
    for (const [method, path] of [['GET', KEYS], ['POST', KEYS], ['PUT', `/api/v1/developer_keys/${key.id}`], ['DELETE', `/api/v1/developer_keys/${key.id}`]] as const) {
      const body = method === 'POST' || method === 'PUT' ? { developer_key: { name: 'x' } } : undefined;
      expectInvalidToken(await api(server, undefined, method, path, body), `${method} ${path}`);
      expectUnauthorized(await api(server, teacher.token, method, path, body), `${method} ${path}`);
    }
    const binding = `${KEYS}/${key.id}/developer_key_account_bindings`;
    expectUnauthorized(await api(server, teacher.token, 'POST', binding, { developer_key_account_binding: { workflow_state: 'on' } }));
  });

  it('creates a key from the form Canvas documents: secret shown to admins, one redirect URI per line, switched off', async () => {
    const form = new URLSearchParams([
      ['developer_key[name]', 'Gradebook Sync'],
      ['developer_key[email]', 'tools@example.test'],
      ['developer_key[redirect_uris]', 'https://tool.example/callback\nhttps://tool.example/other'],
      ['developer_key[scopes][]', 'url:GET|/api/v1/courses'],
      ['developer_key[scopes][]', 'url:GET|/api/v1/users/:user_id/profile'],
      ['developer_key[require_scopes]', 'true'],
      ['developer_key[visible]', 'false'],
    ]);
    const res = await fetch(server.url + KEYS, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(200);
    const key = (await res.json()) as FixtureDeveloperKey & Record<string, unknown>;
    expect(key).toMatchObject({
      name: 'Gradebook Sync',
      email: 'tools@example.test',
      redirect_uris: ['https://tool.example/callback', 'https://tool.example/other'],
      scopes: ['url:GET|/api/v1/courses', 'url:GET|/api/v1/users/:user_id/profile'],
      require_scopes: true,
      visible: false,
      workflow_state: 'active',
      is_lti_key: false,
      access_token_count: 0,
      user_id: server.core.services.installation.admin_user_id,
      developer_key_account_binding: { workflow_state: 'off', developer_key_id: key.id, account_owns_binding: true },
    });
    expect(key.api_key).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(key.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('lists the root account’s keys newest first, with their secrets; none inherited; not on sub-accounts', async () => {
    const older = await createDeveloperKey(server, ADMIN, { name: 'Older' });
    const newer = await createDeveloperKey(server, ADMIN, { name: 'Newer' });
    const listed = await api(server, ADMIN, 'GET', `${KEYS}?per_page=100`);
    const ids = (listed.json as FixtureDeveloperKey[]).map((k) => k.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect((listed.json as FixtureDeveloperKey[]).find((k) => k.id === older.id)?.api_key).toBe(older.api_key);
    expect(listed.headers.get('link')).toContain('rel="current"');
    expect((await api(server, ADMIN, 'GET', `${KEYS}?inherited=true`)).json).toEqual([]);
    const sub = await createFixtureSubAccount(server, server.core.services.installation.root_account_id, 'Department');
    // manage_developer_keys exists on root accounts only.
    expectUnauthorized(await api(server, ADMIN, 'GET', `/api/v1/accounts/${sub}/developer_keys`));
    expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/accounts/999999/developer_keys'));
  });

  it('updates what is sent, deactivates and reactivates with event, switches the binding, deletes', async () => {
    const key = await createDeveloperKey(server, ADMIN, { name: 'Editable', redirect_uris: ['https://a.example/cb'] }, { on: false });
    const path = `/api/v1/developer_keys/${key.id}`;
    const renamed = await api(server, ADMIN, 'PUT', path, { developer_key: { name: 'Renamed', event: 'deactivate' } });
    expect(renamed.json).toMatchObject({ name: 'Renamed', workflow_state: 'inactive', redirect_uris: ['https://a.example/cb'] });
    expect((await api(server, ADMIN, 'PUT', path, { developer_key: { event: 'activate' } })).json).toMatchObject({ workflow_state: 'active', name: 'Renamed' });

    const bindingPath = `${KEYS}/${key.id}/developer_key_account_bindings`;
    const bound = await api(server, ADMIN, 'POST', bindingPath, { developer_key_account_binding: { workflow_state: 'on' } });
    expect(bound.json).toEqual({
      id: key.id,
      account_id: server.core.services.installation.root_account_id,
      developer_key_id: key.id,
      workflow_state: 'on',
      account_owns_binding: true,
    });
    expect((await api(server, ADMIN, 'POST', bindingPath, { developer_key_account_binding: { workflow_state: 'sideways' } })).status).toBe(400);
    expect((await api(server, ADMIN, 'POST', bindingPath, {})).json).toEqual({ errors: [{ message: 'developer_key_account_binding is missing' }] });

    expect((await api(server, ADMIN, 'DELETE', path)).json).toMatchObject({ id: key.id, workflow_state: 'deleted' });
    expectNotFound(await api(server, ADMIN, 'PUT', path, { developer_key: { name: 'gone' } }));
    expectNotFound(await api(server, ADMIN, 'DELETE', path));
    expect((await api(server, ADMIN, 'GET', `${KEYS}?per_page=100`)).json).not.toContainEqual(expect.objectContaining({ id: key.id }));
    expectNotFound(await api(server, ADMIN, 'PUT', '/api/v1/developer_keys/999999', { developer_key: { name: 'x' } }));
  });

  it('refuses redirect URIs that could run script or carry a fragment, unknown scopes and private or malformed JWKs', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ redirect_uris: ['javascript:alert(1)'] }, 'redirect_uris'],
      [{ redirect_uris: ['data:text/html,hi'] }, 'redirect_uris'],
      [{ redirect_uris: ['https://tool.example/cb#frag'] }, 'redirect_uris'],
      [{ redirect_uri: 'not a url' }, 'redirect_uri'],
      [{ scopes: ['url:GET|/courses'] }, 'scopes'],
      [{ scopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'] }, 'scopes'],
      [{ public_jwk: { kty: 'RSA', n: 'abc', e: 'AQAB', d: 'secret' } }, 'public_jwk'],
      [{ public_jwk: { kty: 'oct', k: 'secret' } }, 'public_jwk'],
      [{ public_jwk: '{not json' }, 'public_jwk'],
    ];
    for (const [fields, field] of cases) {
      const res = await api(server, ADMIN, 'POST', KEYS, { developer_key: fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys((res.json as { errors: Record<string, unknown> }).errors), JSON.stringify(fields)).toEqual([field]);
    }
    const native = await api(server, ADMIN, 'POST', KEYS, { developer_key: { redirect_uris: ['com.example.app:/callback'], public_jwk: JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }] }) } });
    expect(native.json).toMatchObject({ redirect_uris: ['com.example.app:/callback'], is_lti_key: true });
  });
});
