import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { openEventStream, type OpenStream } from '../helpers/sync-stream.ts';
import { PULL_COLLECTIONS, type PullCollection } from '../../src/server/sync/sync-partitions.ts';

/**
 * The hub's streams share the work a change sets off: a user's scope is computed once per burst of changes for all
 * their streams (a device holds one per collection), and every stream still hears what concerns it.
 */
describe('hub event streams under a burst of changes', () => {
  let hub: TestServer;
  let course: RosterCourse;
  const computations = () => hub.core.services.sync.changes.scopeComputations;

  /** One stream per replicated collection, as a device holds them, each past its `connected` resync. */
  async function openDevice(token: string): Promise<Record<PullCollection, OpenStream>> {
    const streams = await Promise.all(PULL_COLLECTIONS.map(async (collection) => [collection, await openEventStream(hub, token, collection)] as const));
    for (const [, stream] of streams) expect(JSON.parse((await stream.next('resync')).data)).toEqual({ reason: 'connected' });
    return Object.fromEntries(streams) as Record<PullCollection, OpenStream>;
  }
  const closeAll = (...devices: Record<PullCollection, OpenStream>[]) => devices.forEach((device) => Object.values(device).forEach((stream) => stream.close()));

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Burst 101');
  });
  afterAll(() => hub?.stop());

  it('computes each listening user’s scope once for a write it reads, however many streams they hold, and each course stream hears it', async () => {
    const amy = await openDevice(course.studentA.token);
    const ben = await openDevice(course.studentB.token);
    try {
      const before = computations();
      // One request is one burst: its writes all commit before the gathered changes are looked at. A classmate's
      // enrollment is in every member's scope (decision 0089: most writes are in none).
      const classmate = await createFixtureUser(hub, 'Cleo Classmate');
      await enrollFixtureUser(hub, course.id, classmate.id, 'StudentEnrollment');
      for (const device of [amy, ben]) expect(JSON.parse((await device.course.next('changed')).data)).toMatchObject({ seq: expect.any(Number) });
      // Two users with four streams each: two computations, where one per stream would be eight.
      expect(computations() - before).toBe(2);
    } finally {
      closeAll(amy, ben);
    }
  });

  it('still tells each stream whose scope moved', async () => {
    const amy = await openDevice(course.studentA.token);
    try {
      const elective = await createFixtureCourse(hub, { name: 'Elective' });
      await enrollFixtureUser(hub, elective.id, course.studentA.id, 'StudentEnrollment');
      // A new course is in what the course, course-user and history collections carry for Amy.
      for (const collection of ['course', 'course_user', 'history'] as const) {
        expect(JSON.parse((await amy[collection].next('resync')).data)).toEqual({ reason: 'scope' });
      }
    } finally {
      closeAll(amy);
    }
  });
});
