import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { eventually } from '../helpers/sync-fixtures.ts';
import { openEventStream } from '../helpers/sync-stream.ts';

/** The hub's event stream over raw HTTP: what a device hears, and that a closed connection lets go. */
describe('hub event stream', () => {
  let hub: TestServer;
  let course: RosterCourse;
  const active = () => hub.core.services.sync.changes.activeStreams;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Streamed 101');
  });
  afterAll(() => hub?.stop());

  it('needs a token, and exists only for replicated collections', async () => {
    const anonymous = await api(hub, undefined, 'GET', '/api/v1/sync/course/stream');
    expect(anonymous.status).toBe(401);
    expect((await api(hub, course.studentA.token, 'GET', '/api/v1/sync/local/stream')).status).toBe(404);
    const head = await fetch(`${hub.url}/api/v1/sync/course/stream`, { method: 'HEAD', headers: { authorization: `Bearer ${course.studentA.token}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it('says resync on connect and changed when a visible record is committed', async () => {
    const stream = await openEventStream(hub, course.studentA.token, 'course');
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toContain('no-store');
      expect(JSON.parse((await stream.next('resync')).data)).toEqual({ reason: 'connected' });
      await createAssignment(hub, course.teacher.token, course.id, { name: 'Heard', published: true });
      const changed = JSON.parse((await stream.next('changed')).data) as { seq: number };
      expect(changed.seq).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });

  it('says resync when the user can see more (a new enrollment)', async () => {
    const stream = await openEventStream(hub, course.studentA.token, 'course');
    try {
      await stream.next('resync');
      const other = await createFixtureCourse(hub, { name: 'Elective' });
      await enrollFixtureUser(hub, other.id, course.studentA.id, 'StudentEnrollment');
      expect(JSON.parse((await stream.next('resync')).data)).toEqual({ reason: 'scope' });
    } finally {
      stream.close();
    }
  });

  it('stops once its token is revoked: the next change ends the stream instead of being announced', async () => {
    const issued = await hub.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp());
    const stream = await openEventStream(hub, issued.visibleToken, 'course');
    try {
      await stream.next('resync');
      const revoked = await api(hub, course.studentA.token, 'DELETE', `/api/v1/users/self/tokens/${issued.record.id}`);
      expect(revoked.status).toBe(200);
      await createAssignment(hub, course.teacher.token, course.id, { name: 'Unheard', published: true });
      // Read up to the end: had the change been announced, `changed` would arrive before it.
      await expect(stream.next('changed')).rejects.toThrow(/stream ended before event "changed"/);
      await eventually(async () => (active() === 0 ? true : undefined), 'the stream let go on the hub');
    } finally {
      stream.close();
    }
  });

  it('ends every stream of a token that expired meanwhile at the next change, announcing nothing to any of them', async () => {
    // No write revokes an expiring token: the check each change makes is what ends its streams (one check for all
    // of a credential's streams).
    const issued = await hub.core.services.tokens.issue({ userId: course.studentB.id, purpose: 'device', expiresAt: Date.now() + 1_500 }, fixtureStamp());
    const streams = await Promise.all(['course', 'course_user'].map((collection) => openEventStream(hub, issued.visibleToken, collection)));
    try {
      await Promise.all(streams.map((stream) => stream.next('resync')));
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      await createAssignment(hub, course.teacher.token, course.id, { name: 'After expiry', published: true });
      for (const stream of streams) await expect(stream.next('changed')).rejects.toThrow(/stream ended before event "changed"/);
      await eventually(async () => (active() === 0 ? true : undefined), 'the streams let go on the hub');
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('releases its subscriptions when the client disconnects', async () => {
    const stream = await openEventStream(hub, course.studentA.token, 'directory');
    await stream.next('resync');
    expect(active()).toBeGreaterThan(0);
    stream.close();
    await eventually(async () => (active() === 0 ? true : undefined), 'no open streams on the hub');
  });

  it('ends cleanly when the hub shuts down', async () => {
    const stream = await openEventStream(hub, course.studentA.token, 'course');
    await stream.next('resync');
    await hub.stop();
    await stream.ended();
    expect(active()).toBe(0);
  });
});
