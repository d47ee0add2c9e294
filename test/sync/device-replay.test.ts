import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment } from '../helpers/submission-fixtures.ts';
import { eventually, startDeviceOf } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/** A student's device works offline; the hub meets those writes through its API when the device reconnects. */
describe('a student device offline: writes replayed on the hub once, ids remapped, refusals kept', () => {
  let hub: TestServer;
  let device: TestServer;
  let course: RosterCourse;
  let essay: Json;
  let closing: Json;
  let token: string;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Offline 101');
    essay = await createGradedAssignment(hub, course, { name: 'Essay' });
    closing = await createGradedAssignment(hub, course, { name: 'Closes soon' });
    ({ device, token } = await startDeviceOf(hub, course.studentA));
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  const onDevice = (method: string, path: string, body?: unknown) => api(device, token, method, path, body);
  const status = async () => (await onDevice('GET', '/api/v1/sync/status')).json as SyncStatus;
  const submissionPath = (assignment: Json) => `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions`;
  const hubSubmission = (assignment: Json) => hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${course.studentA.id}`);

  it('submits, comments and edits the comment offline; all arrive once, on the hub’s own ids', async () => {
    await eventually(async () => device.core.services.repos.assignments.get(closing.id), 'the assignments on the device');
    const hubPort = hub.port;
    await hub.close();

    const submitted = await onDevice('POST', submissionPath(essay), { submission: { submission_type: 'online_text_entry', body: '<p>On the bus</p><script>x()</script>' } });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);
    const localSubmissionId = (submitted.json as Json).id;
    const commented = await onDevice('PUT', `${submissionPath(essay)}/${course.studentA.id}`, { comment: { text_comment: 'Draft note' } });
    expect(commented.status, JSON.stringify(commented.json)).toBe(200);
    const [localComment] = (await device.core.services.repos.submissionComments.find({ course_id: course.id })).filter((c) => c.data.assignment_id === essay.id);
    const edited = await onDevice('PUT', `${submissionPath(essay)}/${course.studentA.id}/comments/${localComment!.id}`, { comment: 'Final note' });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const late = await onDevice('POST', submissionPath(closing), { submission: { submission_type: 'online_text_entry', body: '<p>Just in time?</p>' } });
    expect(late.status, JSON.stringify(late.json)).toBe(201);
    expect((await status()).waiting).toBe(4);

    // Meanwhile the teacher closes the second assignment on the hub, where the device cannot reach it yet.
    hub = await restartTestServer(hub, { port: 0 });
    const lockAt = new Date(Date.now() - 60_000).toISOString();
    expect((await api(hub, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${closing.id}`, { assignment: { lock_at: lockAt } })).status).toBe(200);
    hub = await restartTestServer(hub, { port: hubPort });

    const settled = await eventually(async () => {
      const s = await status();
      return s.waiting === 0 && s.refused.length === 1 ? s : undefined;
    }, 'the outbox settled', 600);

    // Once, through the API's rules (sanitised), on the hub's ids; the comment edited offline landed on it.
    const onHub = (await hubSubmission(essay))!;
    expect(onHub.data).toMatchObject({ body: '<p>On the bus</p>', workflow_state: 'submitted' });
    expect(onHub.id).not.toBe(localSubmissionId);
    const hubComments = (await hub.core.services.repos.submissionComments.find({ course_id: course.id })).filter((c) => c.data.assignment_id === essay.id);
    expect(hubComments.map((c) => [c.data.comment, c.data.author_id])).toEqual([['Final note', course.studentA.id]]);
    expect(hubComments[0]!.id).not.toBe(localComment!.id);

    // The refused submission is shown with the hub's answer (as REST answers a closed assignment) and is kept.
    const rest = await api(hub, course.studentA.token, 'POST', submissionPath(closing), { submission: { submission_type: 'online_text_entry', body: '<p>x</p>' } });
    expect(settled.refused).toEqual([expect.objectContaining({ status: rest.status, description: `POST ${submissionPath(closing)}` })]);
    expect(Math.floor(rest.status / 100)).toBe(4);
    expect((await hubSubmission(closing))?.data.body ?? null).toBeNull();
    const [kept] = await device.core.services.sync.outbox.refused(course.studentA.id);
    expect(kept?.record.data.params).toMatchObject({ submission: { body: '<p>Just in time?</p>' } });

    // The device converges on the hub's records: the placeholders are gone, the hub's submission and comment arrived.
    await eventually(async () => {
      const local = await device.core.services.repos.submissions.byLookup(`submission:${essay.id}:${course.studentA.id}`);
      return local?.id === onHub.id && local.data.body === '<p>On the bus</p>' ? local : undefined;
    }, "the hub's submission on the device");
    expect(await device.core.services.repos.submissions.get(localSubmissionId)).toBeUndefined();
    await eventually(async () => device.core.services.repos.submissionComments.get(hubComments[0]!.id), "the hub's comment on the device");
    expect(await device.core.services.repos.submissionComments.get(localComment!.id)).toBeUndefined();
  });

  it('a write the device’s own API refuses is never recorded', async () => {
    const res = await onDevice('PUT', `${submissionPath(essay)}/${course.studentB.id}`, { comment: { text_comment: 'Signed, the teacher' } });
    expect(Math.floor(res.status / 100)).toBe(4);
    expect((await status()).waiting).toBe(0);
  });
});
