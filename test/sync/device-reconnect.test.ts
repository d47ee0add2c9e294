import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../src/server/sync/hub-client.ts';
import { HubStream } from '../../src/server/sync/hub-stream.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment } from '../helpers/submission-fixtures.ts';
import { eventually } from '../helpers/sync-fixtures.ts';

/**
 * A device back in contact with its hub does not wait for an event stream to tell it what changed: the records the
 * hub made of its outbox are pulled as soon as the hub has answered, and streams waiting out a backoff try at once.
 */
describe('a device back in contact with its hub', () => {
  let hub: TestServer;
  let course: RosterCourse;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Reconnect 101');
  });
  afterAll(() => hub?.stop());

  it('pulls once the hub has answered its outbox, without waiting for an event', async () => {
    const device = await startTestServer({ hub: { url: hub.url, token: course.studentA.token } });
    try {
      const essay = await createGradedAssignment(hub, course, { name: 'Sent and pulled back' });
      await eventually(async () => device.core.services.repos.assignments.get(essay.id), 'the assignment on the device');
      await device.core.deviceSync!.awaitInSync();
      const reSync = vi.spyOn(device.core.deviceSync!, 'reSync');
      const token = (await device.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp())).visibleToken;
      const path = `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions`;
      expect((await api(device, token, 'POST', path, { submission: { submission_type: 'online_text_entry', body: '<p>Sent</p>' } })).status).toBe(201);
      await eventually(async () => ((await device.core.deviceSync!.status()).waiting === 0 && reSync.mock.calls.length > 0 ? true : undefined), 'a pull after the outbox was answered');
    } finally {
      await device.stop();
    }
  });

  it('a stream waiting out its backoff connects at once when told the hub answered', async () => {
    const client = new HubClient({ url: hub.url, token: course.studentA.token }, () => 0);
    const port = hub.port;
    hub = await restartTestServer(hub, { port: 0 });
    const connections: boolean[] = [];
    // A backoff far longer than the test may take: only reconnectNow() can bring the stream back in time.
    const stream = new HubStream({ client, collection: 'course', onEvent: () => undefined, onConnection: (up) => connections.push(up), minBackoffMs: 600_000 });
    try {
      await eventually(async () => (connections.includes(false) ? true : undefined), 'the first attempt to fail');
      hub = await restartTestServer(hub, { port });
      stream.reconnectNow();
      await eventually(async () => (connections.at(-1) === true ? true : undefined), 'the stream connected');
    } finally {
      await stream.stop();
    }
  });
});
