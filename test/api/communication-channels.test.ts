import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
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

describe('POST /api/v1/users/:user_id/communication_channels', () => {
  let server: TestServer;
  let owner: FixtureUser;
  let other: FixtureUser;
  const path = (id: number | string) => `/api/v1/users/${id}/communication_channels`;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    owner = await createFixtureUser(server, 'New Channel');
    other = await createFixtureUser(server, 'Bystander');
  });
  afterAll(() => server.stop());

  it('adds an unconfirmed channel at the end, from the form Canvas documents', async () => {
    const res = await formApi(server, owner.token, 'POST', path('self'), 'communication_channel[address]=work@example.test&communication_channel[type]=email');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: expect.any(Number), address: 'work@example.test', type: 'email', position: 2, user_id: owner.id, workflow_state: 'unconfirmed' });
    // skip_confirmation is an admin's: ignored for the user, honoured for the admin.
    const own = await api(server, owner.token, 'POST', path(owner.id), { communication_channel: { address: '+1 801 555 0100', type: 'sms' }, skip_confirmation: true });
    expect(own.json).toMatchObject({ type: 'sms', position: 3, workflow_state: 'unconfirmed' });
    const byAdmin = await api(server, ADMIN, 'POST', path(owner.id), { communication_channel: { address: 'home@example.test', type: 'email' }, skip_confirmation: '1' });
    expect(byAdmin.json).toMatchObject({ address: 'home@example.test', position: 4, workflow_state: 'active' });
    const listed = (await api(server, owner.token, 'GET', path('self'))).json as { address: string }[];
    expect(listed.map((c) => c.address)).toEqual([`${owner.login}@example.test`, 'work@example.test', '+1 801 555 0100', 'home@example.test']);
  });

  it('refuses other users (401), unknown users (404) and bad or duplicate addresses (400), writing nothing', async () => {
    expectInvalidToken(await api(server, undefined, 'POST', path(owner.id), {}));
    expectUnauthorized(await api(server, other.token, 'POST', path(owner.id), { communication_channel: { address: 'x@example.test', type: 'email' } }));
    expect((await api(server, ADMIN, 'POST', path(999999999), { communication_channel: { address: 'x@example.test', type: 'email' } })).status).toBe(404);
    const before = (await api(server, other.token, 'GET', path('self'))).json;
    for (const [body, field] of [
      [{}, 'communication_channel'],
      [{ communication_channel: { type: 'email' } }, 'address'],
      [{ communication_channel: { address: 'x@example.test', type: 'fax' } }, 'type'],
      [{ communication_channel: { address: 'not an address', type: 'email' } }, 'path'],
      [{ communication_channel: { address: `${other.login.toUpperCase()}@example.test`, type: 'email' } }, 'path'],
      [{ communication_channel: { address: 'device', type: 'push', token: 'abc' } }, 'type'],
    ] as const) {
      const res = await api(server, other.token, 'POST', path('self'), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json as { errors: object }).errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await api(server, other.token, 'GET', path('self'))).json).toEqual(before);
  });

  it('brings a retired channel with the same address back instead of adding a second one', async () => {
    const user = await createFixtureUser(server, 'Returning');
    const retired = await server.core.services.repos.channels.create(
      { user_id: user.id, address: 'old@example.test', type: 'email', position: 2, workflow_state: 'retired' },
      fixtureStamp(),
    );
    const res = await api(server, user.token, 'POST', path('self'), { communication_channel: { address: 'old@example.test', type: 'email' } });
    expect(res.json).toMatchObject({ id: retired.id, position: 2, workflow_state: 'unconfirmed' });
  });
});
