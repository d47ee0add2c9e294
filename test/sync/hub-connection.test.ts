import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { asBrowser, cookieOf, signIn, type BrowserSession } from '../helpers/session-fixtures.ts';
import { eventually } from '../helpers/sync-fixtures.ts';

const ADMIN = 'hub-connection-admin-token';
const EMAIL = 'river.student@hub.example';
const PASSWORD = 'hub password 123';

/** A hub with a student who has a password, and a fresh device that connects to it from its UI (two servers). */
describe('connecting a device to a hub at runtime, and its sync status', () => {
  let hub: TestServer;
  let device: TestServer;
  let studentId: number;
  let courseId: number;
  let assignmentId: number;
  let session: BrowserSession;

  beforeAll(async () => {
    hub = await startTestServer({ adminToken: ADMIN });
    const created = await api(hub, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { name: 'River Student' }, pseudonym: { unique_id: EMAIL, password: PASSWORD } });
    studentId = (created.json as { id: number }).id;
    courseId = (await createFixtureCourse(hub, { name: 'Field Biology' })).id;
    await enrollFixtureUser(hub, courseId, studentId, 'StudentEnrollment');
    assignmentId = (await createAssignment(hub, ADMIN, courseId, { name: 'Pond survey', published: true, submission_types: ['online_text_entry'] })).id;
    device = await startTestServer();
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  const status = async () => (await asBrowser(device, session, 'GET', '/api/v1/sync/status')).json as SyncStatus;
  const connect = (body: Record<string, string>) =>
    fetch(`${device.url}/api/v1/sync/hub`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a fresh device needs setup and is not connected', async () => {
    const setup = await fetch(`${device.url}/api/v1/outpost/setup`);
    expect(await setup.json()).toEqual({ setup_needed: true, hub: { connected: false, url: null } });
  });

  it('says what went wrong: a bad address, an unreachable hub, a wrong password', async () => {
    const bad = await connect({ hub_url: 'ftp://hub.example', unique_id: EMAIL, password: PASSWORD });
    expect(bad.status).toBe(400);
    const unreachable = await connect({ hub_url: 'http://127.0.0.1:1', unique_id: EMAIL, password: PASSWORD });
    expect(unreachable.status).toBe(400);
    expect(((await unreachable.json()) as { errors: { message: string }[] }).errors[0]!.message).toContain('http://127.0.0.1:1');
    const refused = await connect({ hub_url: hub.url, unique_id: EMAIL, password: 'not the password' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ errors: [{ message: 'The hub refused the email or password' }] });
    expect(device.core.deviceSync).toBeUndefined();
  });

  it('connects with the hub email and password, keeps the token in a 0600 file, and signs the person in here', async () => {
    const res = await connect({ hub_url: hub.url, unique_id: EMAIL, password: PASSWORD });
    const body = (await res.json()) as { user: { id: number; name: string }; csrf_token: string; hub: Record<string, unknown> };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.user).toMatchObject({ id: studentId, name: 'River Student' });
    expect(body.hub).toMatchObject({ connected: true, url: new URL(hub.url).origin, user_id: studentId });
    session = { cookie: cookieOf({ status: res.status, headers: res.headers, json: body }), csrf: body.csrf_token, userId: studentId };

    const secretFile = join(device.dataDir, 'hub-token.secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const token = readFileSync(secretFile, 'utf8');
    expect(token).toMatch(/^lms_/);
    expect(JSON.stringify(await device.core.services.repos.hubLink.find())).not.toContain(token);
    // The token is a real one on the hub, for this device.
    expect((await api(hub, token, 'GET', '/api/v1/users/self')).json).toMatchObject({ id: studentId });

    expect(await (await fetch(`${device.url}/api/v1/outpost/setup`)).json()).toMatchObject({ setup_needed: false, hub: { connected: true } });
    expect((await asBrowser(device, session, 'GET', '/api/v1/sync/hub')).json).toMatchObject({ connected: true, user_id: studentId });
  });

  it('reaches synced with nothing waiting, and the person sees their course', async () => {
    const synced = await eventually(async () => {
      const s = await status();
      return s.state === 'synced' && s.waiting === 0 ? s : undefined;
    }, 'synced');
    expect(Date.parse(synced.last_synced_at!)).toBeGreaterThan(0);
    expect(synced).toMatchObject({ refused: [], conflicts: 0 });
    await eventually(async () => device.core.services.repos.assignments.get(assignmentId), 'the assignment on the device');
    const courses = await asBrowser(device, session, 'GET', '/api/v1/courses');
    expect((courses.json as { id: number }[]).map((c) => c.id)).toContain(courseId);
  });

  it('lets the person sign in here later with the same email and password, and refuses others to connect now', async () => {
    expect((await signIn(device, EMAIL, PASSWORD)).userId).toBe(studentId);
    expect((await connect({ hub_url: hub.url, unique_id: EMAIL, password: PASSWORD })).status).toBe(401);
  });

  it('remembers the connection across a restart', async () => {
    device = await restartTestServer(device);
    expect(device.core.deviceSync).toBeDefined();
    expect((await asBrowser(device, session, 'GET', '/api/v1/sync/hub')).json).toMatchObject({ connected: true, user_id: studentId });
    await eventually(async () => ((await status()).state === 'synced' ? true : undefined), 'synced after the restart');
  });

  it('goes offline when the hub stops, counts a local change as waiting, and syncs it once the hub is back', async () => {
    await hub.close();
    await eventually(async () => ((await status()).state === 'offline' ? true : undefined), 'offline');

    const submitted = await asBrowser(device, session, 'POST', `/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions`, {
      body: { submission: { submission_type: 'online_text_entry', body: '<p>Three frogs</p>' } },
    });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);
    const waiting = await eventually(async () => {
      const s = await status();
      return s.waiting === 1 ? s : undefined;
    }, 'one change waiting');
    expect(waiting.state).toBe('offline');

    hub = await restartTestServer(hub, { adminToken: ADMIN });
    const synced = await eventually(async () => {
      const s = await status();
      return s.state === 'synced' && s.waiting === 0 ? s : undefined;
    }, 'synced again', 600);
    expect(Date.parse(synced.last_synced_at!)).toBeGreaterThan(Date.parse(waiting.last_synced_at ?? '1970-01-01'));
    const onHub = await hub.core.services.repos.submissions.byLookup(`submission:${assignmentId}:${studentId}`);
    expect(onHub?.data.body).toBe('<p>Three frogs</p>');
  });

  it('disconnects, forgets the token and keeps local data', async () => {
    expect((await asBrowser(device, session, 'DELETE', '/api/v1/sync/hub')).status).toBe(204);
    expect(device.core.deviceSync).toBeUndefined();
    expect((await status()).state).toBe('not_connected');
    expect(() => statSync(join(device.dataDir, 'hub-token.secret'))).toThrow();
    expect(await device.core.services.repos.assignments.get(assignmentId)).toBeDefined();
    expect(await device.core.services.repos.hubLink.find()).toEqual([expect.objectContaining({ data: expect.objectContaining({ connected: false }) })]);
  });

  it('reconnects, and on request removes what came from the hub; a later connection pulls it all again', async () => {
    const again = await connect({ hub_url: hub.url, unique_id: EMAIL, password: PASSWORD });
    expect(again.status).toBe(401); // setup is done and this request is nobody's
    const withSession = await asBrowser(device, session, 'POST', '/api/v1/sync/hub', { body: { hub_url: hub.url, unique_id: EMAIL, password: PASSWORD } });
    expect(withSession.status, JSON.stringify(withSession.json)).toBe(200);
    session = { ...session, cookie: cookieOf(withSession), csrf: (withSession.json as { csrf_token: string }).csrf_token };

    expect((await asBrowser(device, session, 'DELETE', '/api/v1/sync/hub?remove_data=true')).status).toBe(204);
    expect(await device.core.services.repos.assignments.get(assignmentId)).toBeUndefined();
    expect(await device.core.services.repos.users.get(studentId)).toBeUndefined();
    expect(await device.core.services.repos.courses.get(courseId)).toBeUndefined();
    expect((await asBrowser(device, session, 'GET', '/api/v1/login/session', { csrf: false })).status).toBe(401);
    expect(await (await fetch(`${device.url}/api/v1/outpost/setup`)).json()).toMatchObject({ setup_needed: true });

    expect((await connect({ hub_url: hub.url, unique_id: EMAIL, password: PASSWORD })).status).toBe(200);
    await eventually(async () => device.core.services.repos.assignments.get(assignmentId), 'the assignment pulled again');
    // Removing local copies never reached the hub.
    expect(await hub.core.services.repos.assignments.get(assignmentId)).toBeDefined();
    expect(await hub.core.services.repos.submissions.byLookup(`submission:${assignmentId}:${studentId}`)).toBeDefined();
  });
});
