import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { MAX_FILE_BYTES } from '../../src/contracts/upload-limits.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment } from '../helpers/submission-fixtures.ts';
import { eventually, type ReplayAnswer, replayEntry, startDeviceOf } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };
interface Ticket {
  upload_url: string;
  upload_params: Record<string, string>;
  file_param: string;
}

const REPORT = Buffer.from('%PDF-1.4 field report, written on the bus\n'.repeat(40));
const RECORDING = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, ...Buffer.from('an answer spoken on the bus')]);
const PHOTO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** Steps 1 and 2 of Canvas's upload; answers the File JSON of step 2. */
async function uploadInSteps(server: TestServer, token: string, path: string, name: string, bytes: Buffer, contentType?: string): Promise<Json> {
  const asked = await api(server, token, 'POST', path, { name, size: bytes.length, ...(contentType ? { content_type: contentType } : {}) });
  expect(asked.status, JSON.stringify(asked.json)).toBe(200);
  const ticket = asked.json as Ticket;
  const form = new FormData();
  for (const [key, value] of Object.entries(ticket.upload_params)) form.append(key, value);
  form.append(ticket.file_param, new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(ticket.upload_url, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as Json;
}

async function bytesOn(server: TestServer, fileId: number): Promise<Buffer> {
  const [content] = await server.core.services.repos.fileContents.find({ parent_id: fileId });
  return Buffer.from(content?.data.base64 ?? '', 'base64');
}

/**
 * A student's device offline hands in text, a URL and files (Canvas's three-step upload and Outpost's one-request
 * upload); the hub performs the uploads as that student through its own upload routes, and the submissions naming
 * the device's file ids get the hub's.
 */
describe('a student device offline: submission files reach the hub through its upload rules', () => {
  let hub: TestServer;
  let device: TestServer;
  let course: RosterCourse;
  let essay: Json;
  let link: Json;
  let report: Json;
  let photo: Json;
  let oral: Json;
  let token: string;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Field Studies');
    essay = await createGradedAssignment(hub, course, { name: 'Essay' });
    link = await createGradedAssignment(hub, course, { name: 'Link' });
    report = await createGradedAssignment(hub, course, { name: 'Report', submission_types: ['online_upload'], allowed_extensions: ['pdf'] });
    photo = await createGradedAssignment(hub, course, { name: 'Photo', submission_types: ['online_upload'], allowed_extensions: ['png'] });
    oral = await createGradedAssignment(hub, course, { name: 'Oral report', submission_types: ['media_recording'] });
    ({ device, token } = await startDeviceOf(hub, course.studentA));
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  const onDevice = (method: string, path: string, body?: unknown) => api(device, token, method, path, body);
  const status = async () => (await onDevice('GET', '/api/v1/sync/status')).json as SyncStatus;
  const submissionsPath = (assignment: Json) => `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions`;
  const filesPath = (assignment: Json) => `${submissionsPath(assignment)}/self/files`;
  const hubSubmission = (assignment: Json) => hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${course.studentA.id}`);
  const studentFilesOn = async (server: TestServer) => (await server.core.services.repos.files.find({ course_id: course.id })).filter((f) => f.data.user_id === course.studentA.id);

  /** Waits until the student reads the assignment on the device: the course arrived there by pull. */
  const onDeviceToo = (assignment: Json) =>
    eventually(async () => ((await onDevice('GET', `/api/v1/courses/${course.id}/assignments/${assignment.id}`)).status === 200 ? true : undefined), 'the assignment on the device');

  const submitFiles = (assignment: Json, fileIds: number[]) =>
    onDevice('POST', submissionsPath(assignment), { submission: { submission_type: 'online_upload', file_ids: fileIds } });

  it('text, URL and file submitted offline arrive once; the file is the hub’s, with the same bytes', async () => {
    for (const assignment of [essay, link, report, photo]) await onDeviceToo(assignment);
    const hubPort = hub.port;
    await hub.close();

    expect((await onDevice('POST', submissionsPath(essay), { submission: { submission_type: 'online_text_entry', body: '<p>Offline</p>' } })).status).toBe(201);
    expect((await onDevice('POST', submissionsPath(link), { submission: { submission_type: 'online_url', url: 'https://example.org/river' } })).status).toBe(201);
    const localReport = await uploadInSteps(device, token, filesPath(report), 'report.pdf', REPORT);
    const submittedReport = await submitFiles(report, [localReport.id]);
    expect(submittedReport.status, JSON.stringify(submittedReport.json)).toBe(201);
    // Outpost's one-request upload: the bytes as base64 in the request itself.
    const direct = await onDevice('POST', filesPath(photo), { name: 'creek.png', content: PHOTO.toString('base64') });
    expect(direct.status, JSON.stringify(direct.json)).toBe(200);
    const localPhoto = direct.json as Json;
    expect((await submitFiles(photo, [localPhoto.id])).status).toBe(201);
    expect((await status()).waiting).toBe(6);

    // Meanwhile the teacher takes only JPEG photos on the hub, where the device cannot see it yet.
    hub = await restartTestServer(hub, { port: 0 });
    const changed = await api(hub, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${photo.id}`, { assignment: { allowed_extensions: ['jpg'] } });
    expect(changed.status).toBe(200);
    hub = await restartTestServer(hub, { port: hubPort });

    const settled = await eventually(async () => {
      const s = await status();
      return s.waiting === 0 && s.refused.length === 2 ? s : undefined;
    }, 'the outbox settled', 600);

    // Once each, on the hub's ids; the report's attachment is the hub's file, holding the device's bytes.
    expect((await hubSubmission(essay))!.data).toMatchObject({ body: '<p>Offline</p>', workflow_state: 'submitted', attempt: 1 });
    expect((await hubSubmission(link))!.data).toMatchObject({ url: 'https://example.org/river', workflow_state: 'submitted', attempt: 1 });
    const [hubFile, ...others] = await studentFilesOn(hub);
    expect(others).toEqual([]);
    expect(hubFile!.id).not.toBe(localReport.id);
    expect(hubFile!.data).toMatchObject({ filename: 'report.pdf', size: REPORT.length, purpose: 'submission' });
    expect((await bytesOn(hub, hubFile!.id)).equals(REPORT)).toBe(true);
    expect((await hubSubmission(report))!.data).toMatchObject({ submission_type: 'online_upload', attachment_ids: [hubFile!.id], attempt: 1 });

    // The photo the hub no longer takes: refused as REST refuses it, and the attempt naming it too; nothing of
    // either was written on the hub.
    const rest = await api(hub, course.studentA.token, 'POST', filesPath(photo), { name: 'creek.png', content: PHOTO.toString('base64') });
    expect(rest.status).toBe(400);
    expect(settled.refused.map((r) => [r.description, r.status])).toEqual([
      [`POST ${submissionsPath(photo)}`, 400],
      [`POST ${filesPath(photo)}`, rest.status],
    ]);
    expect(settled.refused[1]!.message).toBe((rest.json as { message: string }).message);
    expect((await hubSubmission(photo))?.data.workflow_state ?? 'unsubmitted').toBe('unsubmitted');

    // The device converges on the hub: its placeholder file is gone and the hub's arrives, bytes and all.
    await eventually(async () => device.core.services.repos.files.get(hubFile!.id), "the hub's file on the device");
    expect((await bytesOn(device, hubFile!.id)).equals(REPORT)).toBe(true);
    expect(await device.core.services.repos.files.get(localReport.id)).toBeUndefined();
  });

  it('two files of the largest size, handed in offline, reach the hub in separate replay requests', async () => {
    await onDeviceToo(report);
    const hubPort = hub.port;
    await hub.close();
    const big = [Buffer.alloc(MAX_FILE_BYTES, 'a'), Buffer.alloc(MAX_FILE_BYTES, 'b')];
    const local: number[] = [];
    for (const [i, bytes] of big.entries()) {
      const res = await onDevice('POST', filesPath(report), { name: `scan-${i}.pdf`, content: bytes.toString('base64') });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      local.push((res.json as Json).id);
    }
    expect((await submitFiles(report, local)).status).toBe(201);
    hub = await restartTestServer(hub, { port: hubPort });

    const attempt = await eventually(async () => {
      const onHub = await hubSubmission(report);
      return onHub?.data.attachment_ids.length === 2 ? onHub : undefined;
    }, 'the attempt with both files on the hub', 600);
    const scans = (await studentFilesOn(hub)).filter((f) => f.data.filename.startsWith('scan-'));
    expect(attempt.data.attachment_ids).toEqual(scans.map((f) => f.id));
    expect(attempt.data.attachment_ids).not.toEqual(local);
    for (const [i, scan] of scans.entries()) expect((await bytesOn(hub, scan.id)).equals(big[i]!)).toBe(true);
    expect((await status()).waiting).toBe(0);
  });

  it('a recording handed in offline names the hub’s file: its media id is mapped as file ids are', async () => {
    await onDeviceToo(oral);
    const hubPort = hub.port;
    await hub.close();
    const local = await uploadInSteps(device, token, filesPath(oral), 'answer.webm', RECORDING, 'audio/webm');
    const submitted = await onDevice('POST', submissionsPath(oral), { submission: { submission_type: 'media_recording', media_comment_id: String(local.id), media_comment_type: 'audio' } });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);
    hub = await restartTestServer(hub, { port: hubPort });

    const attempt = await eventually(async () => {
      const onHub = await hubSubmission(oral);
      return onHub?.data.attempt === 1 ? onHub : undefined;
    }, 'the recording on the hub', 600);
    const [hubRecording, ...others] = (await studentFilesOn(hub)).filter((f) => f.data.filename === 'answer.webm');
    expect(others).toEqual([]);
    expect(hubRecording!.id).not.toBe(local.id);
    expect(attempt.data).toMatchObject({ submission_type: 'media_recording', media_comment_id: String(hubRecording!.id), media_comment_type: 'audio' });
    expect((await bytesOn(hub, hubRecording!.id)).equals(RECORDING)).toBe(true);
    expect((await status()).waiting).toBe(0);
  });

  it('an upload entry replayed twice stores its file once', async () => {
    const entry = replayEntry(course.studentB.id, 'POST', '/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id/files', {
      course_id: String(course.id),
      assignment_id: String(report.id),
      user_id: 'self',
      name: 'twice.pdf',
      content: REPORT.toString('base64'),
    });
    const send = () => api(hub, course.studentB.token, 'POST', '/api/v1/sync/replay', { device: 77, entries: [entry] });
    const first = await send();
    const again = await send();
    expect((first.json as ReplayAnswer).results).toEqual([expect.objectContaining({ outcome: 'applied' })]);
    expect((again.json as ReplayAnswer).results).toEqual((first.json as ReplayAnswer).results);
    const stored = (await hub.core.services.repos.files.find({ course_id: course.id })).filter((f) => f.data.filename === 'twice.pdf');
    expect(stored.map((f) => f.data.user_id)).toEqual([course.studentB.id]);
  });
});

describe('a teacher device offline: a course file uploaded in three steps reaches the hub', () => {
  let hub: TestServer;
  let device: TestServer;
  let course: RosterCourse;
  let token: string;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Field Methods');
    ({ device, token } = await startDeviceOf(hub, course.teacher));
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  it('arrives once as a course file on the hub’s id, with the device’s bytes', async () => {
    await eventually(async () => ((await api(device, token, 'GET', `/api/v1/courses/${course.id}/files`)).status === 200 ? true : undefined), 'the course on the device');
    const hubPort = hub.port;
    await hub.close();
    const local = await uploadInSteps(device, token, `/api/v1/courses/${course.id}/files`, 'syllabus.pdf', REPORT);
    hub = await restartTestServer(hub, { port: hubPort });

    const [onHub, ...others] = await eventually(async () => {
      const files = await hub.core.services.repos.files.find({ course_id: course.id });
      return files.length > 0 ? files : undefined;
    }, 'the file on the hub', 600);
    expect(others).toEqual([]);
    expect(onHub!.id).not.toBe(local.id);
    expect(onHub!.data).toMatchObject({ filename: 'syllabus.pdf', purpose: 'course', hidden: false, user_id: course.teacher.id });
    expect((await bytesOn(hub, onHub!.id)).equals(REPORT)).toBe(true);
    await eventually(async () => ((await api(device, token, 'GET', '/api/v1/sync/status')).json as SyncStatus).waiting === 0 || undefined, 'the outbox settled');
  });
});
