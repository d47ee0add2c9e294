import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULL_COLLECTIONS } from '../../src/server/sync/sync-partitions.ts';
import { STREAM_LIMITS } from '../../src/server/sync/open-streams.ts';
import { api, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createDeveloperKey, setBinding } from '../helpers/oauth-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { eventually, replayEntry } from '../helpers/sync-fixtures.ts';
import { openEventStream, type OpenStream } from '../helpers/sync-stream.ts';

const ADMIN = 'stream-limits-test-admin-token';

/** Open event streams are budgeted per token and per user, and a revoked token's streams and pushes end at once (decision 0080). */
describe('hub stream and push budgets', () => {
  let hub: TestServer;
  let course: RosterCourse;
  const active = () => hub.core.services.sync.changes.activeStreams;
  const newToken = async (user: FixtureUser) => (await hub.core.services.tokens.issue({ userId: user.id, purpose: 'device' }, fixtureStamp())).visibleToken;
  const openAll = (token: string, count: number) => Promise.all(Array.from({ length: count }, (_, i) => openEventStream(hub, token, PULL_COLLECTIONS[i % PULL_COLLECTIONS.length]!)));
  const closeAll = async (streams: readonly OpenStream[]) => {
    for (const stream of streams) stream.close();
    // Bounded generously: each closing stream first finishes the event check a last change started.
    await eventually(async () => (active() === 0 ? true : undefined), 'the hub let go of every stream', 1200);
  };

  beforeAll(async () => {
    hub = await startTestServer({ adminToken: ADMIN });
    course = await createRosterCourse(hub, 'Budgeted 101');
  });
  afterAll(() => hub?.stop());

  it('a token holds at most its share of streams: the next one is 429 with Retry-After until one closes', async () => {
    const token = await newToken(course.studentA);
    const streams = await openAll(token, STREAM_LIMITS.perCredential);
    try {
      expect(streams.map((stream) => stream.status)).toEqual(Array(STREAM_LIMITS.perCredential).fill(200));
      const refused = await api(hub, token, 'GET', '/api/v1/sync/course/stream');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.json).toEqual({ errors: [{ message: expect.stringMatching(/too many open event streams/i) }] });
      // HEAD holds nothing: it is answered and let go even while the token is at its limit.
      const head = await fetch(`${hub.url}/api/v1/sync/course/stream`, { method: 'HEAD', headers: { authorization: `Bearer ${course.studentB.token}` } });
      expect(head.status).toBe(200);
      streams.pop()?.close();
      const again = await eventually(async () => {
        const stream = await openEventStream(hub, token, 'course');
        return stream.status === 200 ? stream : undefined;
      }, 'a place freed by a closed stream');
      streams.push(again);
    } finally {
      await closeAll(streams);
    }
  });

  it("a user's tokens together hold at most the user's share", async () => {
    const perToken = STREAM_LIMITS.perCredential;
    const tokens = await Promise.all(Array.from({ length: Math.ceil(STREAM_LIMITS.perUser / perToken) + 1 }, () => newToken(course.studentB)));
    const streams: OpenStream[] = [];
    try {
      for (let held = 0, i = 0; held < STREAM_LIMITS.perUser; held += perToken, i++) streams.push(...(await openAll(tokens[i]!, perToken)));
      expect(streams.every((stream) => stream.status === 200)).toBe(true);
      expect((await api(hub, tokens.at(-1), 'GET', '/api/v1/sync/directory/stream')).status).toBe(429);
      // Another user's streams are not counted against this one.
      const elsewhere = await openEventStream(hub, course.teacher.token, 'course');
      streams.push(elsewhere);
      expect(elsewhere.status).toBe(200);
    } finally {
      await closeAll(streams);
    }
  });

  it('revoking a token ends its open streams at once, with no change to announce', async () => {
    const issued = await hub.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp());
    const streams = await openAll(issued.visibleToken, 2);
    for (const stream of streams) await stream.next('resync');
    const revoked = await api(hub, course.studentA.token, 'DELETE', `/api/v1/users/self/tokens/${issued.record.id}`);
    expect(revoked.status).toBe(200);
    for (const stream of streams) await stream.ended();
    await eventually(async () => (active() === 0 ? true : undefined), 'the hub let go of the revoked streams');
  });

  it("turning a developer key off ends its tokens' open streams at once, and leaves other tokens' streams open", async () => {
    const key = await createDeveloperKey(hub, ADMIN, { name: 'Sync tool' });
    const issued = await hub.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'oauth', developerKeyId: key.id }, fixtureStamp());
    const [tool, own] = await Promise.all([openEventStream(hub, issued.visibleToken, 'course'), openEventStream(hub, course.studentB.token, 'course')]);
    try {
      await Promise.all([tool.next('resync'), own.next('resync')]);
      await setBinding(hub, ADMIN, key.id, 'off');
      await tool.ended();
      await createAssignment(hub, course.teacher.token, course.id, { name: 'Still heard', published: true });
      await own.next('changed');
    } finally {
      await closeAll([tool, own]);
    }
  });

  it("a push stops at once when its token is revoked, even by one of the batch's own entries", async () => {
    const issued = await hub.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp());
    const note = (title: string) => ({ title, todo_date: '2026-12-01T10:00:00Z' });
    const student = course.studentA.id;
    const entries = [
      replayEntry(student, 'POST', '/api/v1/planner_notes', note('Before')),
      replayEntry(student, 'DELETE', '/api/v1/users/:user_id/tokens/:id', { user_id: 'self', id: String(issued.record.id) }),
      replayEntry(student, 'POST', '/api/v1/planner_notes', note('After')),
    ];
    const res = await api(hub, issued.visibleToken, 'POST', '/api/v1/sync/replay', { device: 41, entries });
    expect(res.status).toBe(401);
    const titles = (await hub.core.services.repos.plannerNotes.find({ user_id: course.studentA.id })).map((n) => n.data.title);
    expect(titles).toContain('Before');
    expect(titles).not.toContain('After');
  });
});
