import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { eventually } from '../helpers/sync-fixtures.ts';

/** A device that never calls reSync() itself: the hub's event stream and the network state drive its pulls. */
describe('device follows the hub without manual resyncs', () => {
  let hub: TestServer;
  let device: TestServer;
  let course: RosterCourse;
  // What Electron's net.isOnline() would answer; the device polls it.
  let online = true;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Live 101');
    device = await startTestServer({ hub: { url: hub.url, token: course.studentA.token }, isOnline: () => online });
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  const onDevice = () => device.core.services.repos;
  const hubStreams = () => hub.core.services.sync.changes.activeStreams;

  it('a record created on the hub appears on the device', async () => {
    // Wait for the first sync and the streams, so the record below can only arrive through an event.
    await eventually(async () => (hubStreams() === 4 ? true : undefined), 'the device streams on the hub');
    await device.core.deviceSync!.awaitInSync();
    const pushed = await createAssignment(hub, course.teacher.token, course.id, { name: 'Pushed by the hub', published: true });
    const onDeviceNow = await eventually(async () => onDevice().assignments.get(pushed.id), 'the assignment on the device');
    expect(onDeviceNow.data).toMatchObject({ name: 'Pushed by the hub' });
  });

  it('offline drops the streams; back online resyncs what changed meanwhile', async () => {
    online = false;
    await eventually(async () => (hubStreams() === 0 ? true : undefined), 'the device streams to close');
    const missed = await createAssignment(hub, course.teacher.token, course.id, { name: 'Made while offline', published: true });
    const reSync = vi.spyOn(device.core.deviceSync!, 'reSync');
    online = true;
    await eventually(async () => (reSync.mock.calls.length > 0 ? true : undefined), 'reSync() on the way back online');
    await eventually(async () => onDevice().assignments.get(missed.id), 'the assignment made while offline');
    await eventually(async () => (hubStreams() === 4 ? true : undefined), 'the device streams back');
  });
});
