import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_IDS } from '../../src/server/domain/permissions/index.ts';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'accounts-admin-token';

describe('accounts API', () => {
  let server: TestServer;
  let rootId: number;
  let stranger: FixtureUser;
  let subAdmin: FixtureUser;
  let subId: number;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    rootId = server.core.services.installation.root_account_id;
    stranger = await createFixtureUser(server, 'Stranger');
    subAdmin = await createFixtureUser(server, 'Sub Admin');
    const sub = await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, {
      account: { name: 'Science', sis_account_id: 'SCI' },
    });
    subId = (sub.json as { id: number }).id;
    await server.core.services.repos.accountUsers.create(
      { account_id: subId, user_id: subAdmin.id, role_id: BUILT_IN_ROLE_IDS.AccountAdmin, workflow_state: 'active' },
      fixtureStamp(),
    );
  });
  afterAll(() => server.stop());

  describe('GET /api/v1/accounts', () => {
    it('needs a token', async () => expectInvalidToken(await api(server, undefined, 'GET', '/api/v1/accounts')));

    it('lists the accounts the caller administers', async () => {
      const res = await api(server, ADMIN, 'GET', '/api/v1/accounts');
      expect(res.status).toBe(200);
      expect(res.json).toEqual([
        {
          id: rootId,
          name: 'Outpost',
          uuid: expect.any(String),
          parent_account_id: null,
          root_account_id: null,
          workflow_state: 'active',
          sis_account_id: null,
          integration_id: null,
          sis_import_id: null,
          default_time_zone: 'Etc/UTC',
        },
      ]);
      const sub = await api(server, subAdmin.token, 'GET', '/api/v1/accounts');
      expect((sub.json as { id: number }[]).map((a) => a.id)).toEqual([subId]);
    });

    it('is empty for a user who administers nothing, with a Link header', async () => {
      const res = await api(server, stranger.token, 'GET', '/api/v1/accounts?per_page=5');
      expect(res.json).toEqual([]);
      const base = `${server.url}/api/v1/accounts?`;
      expect(res.headers.get('link')).toBe(
        `<${base}page=1&per_page=5>; rel="current",<${base}page=1&per_page=5>; rel="first",<${base}page=1&per_page=5>; rel="last"`,
      );
    });
  });

  describe('GET /api/v1/accounts/:id', () => {
    it('needs a token', async () => expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/accounts/${rootId}`)));

    it('refuses a user who is not an admin there', async () => {
      expectUnauthorized(await api(server, stranger.token, 'GET', `/api/v1/accounts/${rootId}`));
      // A sub-account admin may not read the root above them.
      expectUnauthorized(await api(server, subAdmin.token, 'GET', `/api/v1/accounts/${rootId}`));
    });

    it('resolves self, default, sis_account_id: and plain ids', async () => {
      for (const ref of ['self', 'default', String(rootId)]) {
        const res = await api(server, ADMIN, 'GET', `/api/v1/accounts/${ref}`);
        expect(res.status, ref).toBe(200);
        expect((res.json as { id: number }).id).toBe(rootId);
      }
      const sub = await api(server, subAdmin.token, 'GET', '/api/v1/accounts/sis_account_id:SCI');
      expect(sub.json).toMatchObject({ id: subId, name: 'Science', parent_account_id: rootId, root_account_id: rootId, sis_account_id: 'SCI' });
    });

    it('is 404 for unknown ids and id forms', async () => {
      for (const ref of ['999999999', 'sis_account_id:nope', 'abc', 'sis_course_id:SCI']) {
        expectNotFound(await api(server, ADMIN, 'GET', `/api/v1/accounts/${ref}`), ref);
      }
    });
  });

  describe('sub-accounts', () => {
    let nestedId: number;

    beforeAll(async () => {
      const res = await api(server, subAdmin.token, 'POST', `/api/v1/accounts/${subId}/sub_accounts`, { account: { name: 'Physics' } });
      nestedId = (res.json as { id: number }).id;
    });

    it('needs a token', async () => {
      expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/accounts/${rootId}/sub_accounts`));
      expectInvalidToken(await api(server, undefined, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, { account: { name: 'x' } }));
    });

    it('refuses non-admins', async () => {
      expectUnauthorized(await api(server, stranger.token, 'GET', `/api/v1/accounts/${rootId}/sub_accounts`));
      expectUnauthorized(await api(server, stranger.token, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, { account: { name: 'x' } }));
      expectUnauthorized(await api(server, subAdmin.token, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, { account: { name: 'x' } }));
    });

    it('creates a sub-account under the parent, inheriting its time zone', async () => {
      const res = await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, {
        account: { name: 'Arts', sis_account_id: 'ARTS', default_time_zone: 'America/Denver' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ name: 'Arts', parent_account_id: rootId, root_account_id: rootId, default_time_zone: 'America/Denver' });
      const nested = await api(server, ADMIN, 'GET', `/api/v1/accounts/${nestedId}`);
      expect(nested.json).toMatchObject({ name: 'Physics', parent_account_id: subId, root_account_id: rootId, default_time_zone: 'Etc/UTC' });
    });

    it('accepts form-encoded bodies', async () => {
      const res = await fetch(`${server.url}/api/v1/accounts/${subId}/sub_accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'account[name]=Chemistry&account[sis_account_id]=CHEM',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'Chemistry', sis_account_id: 'CHEM', parent_account_id: subId });
    });

    it('validates before writing', async () => {
      const missing = await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, {});
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({ errors: [{ message: 'account is missing' }] });

      const blank = await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, { account: { name: '  ', sis_account_id: 'SCI' } });
      expect(blank.status).toBe(400);
      expect(blank.json).toEqual({
        errors: {
          name: [{ attribute: 'name', type: 'blank', message: "can't be blank" }],
          sis_source_id: [{ attribute: 'sis_source_id', type: 'taken', message: 'SIS ID "SCI" is already in use' }],
        },
      });
      const zone = await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, { account: { name: 'Z', default_time_zone: 'Mars/Olympus' } });
      expect(zone.status).toBe(400);
      expect(Object.keys((zone.json as { errors: object }).errors)).toEqual(['default_time_zone']);
      const long = await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, { account: { name: 'x'.repeat(256) } });
      expect(long.status).toBe(400);
      const names = ((await api(server, ADMIN, 'GET', `/api/v1/accounts/${rootId}/sub_accounts?recursive=1&per_page=100`)).json as { name: string }[]).map((a) => a.name);
      expect(names).not.toContain('Z');
      expect(names).not.toContain('  ');
    });

    it('lists direct children, or the whole subtree with recursive=true, paginated', async () => {
      const direct = await api(server, ADMIN, 'GET', `/api/v1/accounts/${rootId}/sub_accounts`);
      expect((direct.json as { name: string }[]).map((a) => a.name)).toEqual(['Science', 'Arts']);

      const url = `/api/v1/accounts/${rootId}/sub_accounts?recursive=true&per_page=2&per_page=3`;
      const first = await api(server, ADMIN, 'GET', url);
      expect((first.json as { name: string }[]).map((a) => a.name)).toEqual(['Science', 'Physics', 'Arts']);
      const base = `${server.url}/api/v1/accounts/${rootId}/sub_accounts?recursive=true&`;
      expect(first.headers.get('link')).toBe(
        [
          `<${base}page=1&per_page=3>; rel="current"`,
          `<${base}page=2&per_page=3>; rel="next"`,
          `<${base}page=1&per_page=3>; rel="first"`,
          `<${base}page=2&per_page=3>; rel="last"`,
        ].join(','),
      );
      const second = await api(server, ADMIN, 'GET', `${url}&page=2`);
      expect((second.json as { name: string }[]).map((a) => a.name)).toEqual(['Chemistry']);
    });

    it('lets a sub-account admin list below their account only', async () => {
      const res = await api(server, subAdmin.token, 'GET', `/api/v1/accounts/sis_account_id:SCI/sub_accounts`);
      expect((res.json as { name: string }[]).map((a) => a.name)).toEqual(['Physics', 'Chemistry']);
    });
  });
});
