import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

const ADMIN_TOKEN = 'submissions-media-admin-token';
type Json = Record<string, unknown>;

/** Some bytes standing in for a recording: the server stores what it is sent and plays nothing itself. */
const RECORDING = Buffer.from('\x1aE\xdf\xa3 not really opus, but bytes all the same');

describe('submissions API: media recordings are the student’s own uploaded audio or video', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  let assignmentId: number;
  let path: string;

  const upload = async (token: string, name: string, contentType: string, bytes = RECORDING) => {
    const res = await api(server, token, 'POST', `${path}/self/files`, { name, content_type: contentType, content: bytes.toString('base64') });
    expect(res.status).toBe(200);
    return res.json as Json & { id: number };
  };
  const submitMedia = (token: string, mediaId: unknown, mediaType: unknown) =>
    api(server, token, 'POST', path, { submission: { submission_type: 'media_recording', media_comment_id: mediaId, media_comment_type: mediaType } });
  const download = (url: string, token: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createSubmissionCourse(server, 'Media 101');
    const assignment = await createGradedAssignment(server, course, { submission_types: ['online_text_entry', 'media_recording'] });
    assignmentId = assignment.id as number;
    path = `/api/v1/courses/${course.id}/assignments/${assignmentId}/submissions`;
  });
  afterAll(() => server.stop());

  it('400, and nothing written, for a wrong type, a missing field, another student’s recording or a file that is no recording', async () => {
    const own = await upload(course.studentA.token, 'answer.webm', 'audio/webm');
    const notes = await upload(course.studentA.token, 'notes.txt', 'text/plain');
    const theirs = await upload(course.studentB.token, 'theirs.webm', 'audio/webm');
    const refusals: [unknown, unknown, string][] = [
      [String(own.id), 'image', 'Invalid submission[media_comment_type] given: use audio or video'],
      [String(own.id), undefined, 'Invalid parameters for submission_type media_recording. Required: submission[media_comment_id], submission[media_comment_type]'],
      [String(theirs.id), 'audio', 'No valid media_comment_id given'],
      [String(notes.id), 'audio', 'No valid media_comment_id given'],
      ['999999999', 'video', 'No valid media_comment_id given'],
      ['0_abc123', 'video', 'No valid media_comment_id given'],
    ];
    for (const [id, type, message] of refusals) {
      const res = await submitMedia(course.studentA.token, id, type);
      expect(res.status, `${String(id)} ${String(type)}`).toBe(400);
      expect(res.json).toEqual({ message });
    }
    const shown = await api(server, course.studentA.token, 'GET', `${path}/self`);
    expect(shown.json).toMatchObject({ workflow_state: 'unsubmitted', attempt: null });
    expect(shown.json).not.toHaveProperty('media_comment');
  });

  it('an assignment that takes no recordings refuses one', async () => {
    const textOnly = await createGradedAssignment(server, course, { submission_types: ['online_text_entry'] });
    const own = await upload(course.studentA.token, 'answer.webm', 'audio/webm');
    const res = await api(server, course.studentA.token, 'POST', `/api/v1/courses/${course.id}/assignments/${textOnly.id}/submissions`, {
      submission: { submission_type: 'media_recording', media_comment_id: String(own.id), media_comment_type: 'audio' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid submission[submission_type] given' });
  });

  it('a recording is exempt from the upload extensions of an assignment that takes recordings, and only as a recording', async () => {
    const both = await createGradedAssignment(server, course, { submission_types: ['online_upload', 'media_recording'], allowed_extensions: ['pdf'] });
    const bothPath = `/api/v1/courses/${course.id}/assignments/${both.id}/submissions`;
    const uploadFor = (name: string, contentType: string) =>
      api(server, course.studentA.token, 'POST', `${bothPath}/self/files`, { name, content_type: contentType, content: RECORDING.toString('base64') });
    expect((await uploadFor('answer.webm', 'text/plain')).status).toBe(400);
    const recording = await uploadFor('answer.webm', 'audio/webm');
    expect(recording.status).toBe(200);
    const id = (recording.json as { id: number }).id;
    const asUpload = await api(server, course.studentA.token, 'POST', bothPath, { submission: { submission_type: 'online_upload', file_ids: [id] } });
    expect(asUpload.status).toBe(400);
    expect(asUpload.json).toEqual({ message: 'Invalid file type: answer.webm is not one of the allowed types (pdf)' });
    const asRecording = await api(server, course.studentA.token, 'POST', bothPath, { submission: { submission_type: 'media_recording', media_comment_id: String(id), media_comment_type: 'audio' } });
    expect(asRecording.status).toBe(201);
    expect(asRecording.json).toMatchObject({ attempt: 1, submission_type: 'media_recording' });
    // Where recordings are not taken, the extension list holds for them too.
    const uploadsOnly = await createGradedAssignment(server, course, { submission_types: ['online_upload'], allowed_extensions: ['pdf'] });
    const refused = await api(server, course.studentA.token, 'POST', `/api/v1/courses/${course.id}/assignments/${uploadsOnly.id}/submissions/self/files`, {
      name: 'answer.webm', content_type: 'audio/webm', content: RECORDING.toString('base64'),
    });
    expect(refused.status).toBe(400);
  });

  it('201 with media_comment naming the file, which the student and the teacher play and others cannot', async () => {
    const file = await upload(course.studentB.token, 'recording.webm', 'video/webm');
    const res = await submitMedia(course.studentB.token, String(file.id), 'video');
    expect(res.status).toBe(201);
    const media = (res.json as { media_comment: Json }).media_comment;
    expect(res.json).toMatchObject({ submission_type: 'media_recording', attempt: 1, workflow_state: 'submitted' });
    expect(res.json).not.toHaveProperty('attachments');
    expect(media).toEqual({
      'content-type': 'video/webm',
      display_name: 'recording.webm',
      media_id: String(file.id),
      media_type: 'video',
      url: `${server.url}/api/v1/files/${file.id}/download?download_frd=1`,
    });
    for (const reader of [course.studentB, course.teacher]) {
      const played = await download(media.url as string, reader.token);
      expect(played.status).toBe(200);
      expect(Buffer.from(await played.arrayBuffer())).toEqual(RECORDING);
    }
    expect((await download(media.url as string, course.studentA.token)).status).toBe(404);
  });

  it('the next attempt drops media_comment; the history keeps the recording of its attempt', async () => {
    const file = await upload(course.studentA.token, 'first.ogg', 'audio/ogg');
    expect((await submitMedia(course.studentA.token, String(file.id), 'audio')).status).toBe(201);
    const text = await submitText(server, course.studentA.token, course.id, assignmentId, '<p>Now in writing</p>');
    expect(text).not.toHaveProperty('media_comment');
    const shown = await api(server, course.teacher.token, 'GET', `${path}/${course.studentA.id}?include[]=submission_history`);
    const history = (shown.json as { submission_history: Json[] }).submission_history;
    expect(history.map((h) => h.submission_type)).toEqual(['media_recording', 'online_text_entry']);
    expect(history[0]!.media_comment).toMatchObject({ media_id: String(file.id), media_type: 'audio', 'content-type': 'audio/ogg', url: expect.stringContaining(`/files/${file.id}/download`) });
    expect(history[1]).not.toHaveProperty('media_comment');
  });
});
