import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'channels-test-admin-token';

describe('GET /api/v1/users/:user_id/communication_channels', () => {
  let server: TestServer;
  let owner: FixtureUser;
  let other: FixtureUser;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    owner = await createFixtureUser(server, 'Chan Owner');
    other = await createFixtureUser(server, 'Someone Else');
    const { channels } = server.core.services.repos;
    for (let position = 2; position <= 4; position++) {
      await channels.create(
        { user_id: owner.id, address: `alt${position}@example.test`, type: 'email', position, workflow_state: position === 3 ? 'retired' : 'unconfirmed' },
        fixtureStamp(),
      );
    }
  });
  afterAll(() => server.stop());

  const path = (id: number | string) => `/api/v1/users/${id}/communication_channels`;

  it('needs a token, and is for the user themself or an admin', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', path(owner.id)));
    expectUnauthorized(await api(server, other.token, 'GET', path(owner.id)));
  });

  it('lists the channels by position without retired ones', async () => {
    const res = await api(server, owner.token, 'GET', path('self'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: expect.any(Number), address: `${owner.login}@example.test`, type: 'email', position: 1, user_id: owner.id, workflow_state: 'active' },
      { id: expect.any(Number), address: 'alt2@example.test', type: 'email', position: 2, user_id: owner.id, workflow_state: 'unconfirmed' },
      { id: expect.any(Number), address: 'alt4@example.test', type: 'email', position: 4, user_id: owner.id, workflow_state: 'unconfirmed' },
    ]);
    expect((await api(server, ADMIN, 'GET', path(owner.id))).json).toEqual(res.json);
  });

  it('paginates with the exact Link header', async () => {
    const res = await api(server, ADMIN, 'GET', `${path(owner.id)}?per_page=2&page=2`);
    expect((res.json as { address: string }[]).map((c) => c.address)).toEqual(['alt4@example.test']);
    const base = `${server.url}${path(owner.id)}?`;
    expect(res.headers.get('link')).toBe(
      `<${base}page=2&per_page=2>; rel="current",<${base}page=1&per_page=2>; rel="prev",` +
        `<${base}page=1&per_page=2>; rel="first",<${base}page=2&per_page=2>; rel="last"`,
    );
  });

  it('answers unknown users with 404', async () => {
    expect((await api(server, ADMIN, 'GET', path(999999))).status).toBe(404);
    expect((await api(server, owner.token, 'GET', path('sis_user_id:nobody'))).status).toBe(404);
  });
});
