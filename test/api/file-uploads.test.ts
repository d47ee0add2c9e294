import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/server/areas/files/files.params.ts';
import { UPLOAD_TTL_MS } from '../../src/server/areas/file-uploads/pending-uploads.ts';
import { api } from '../helpers/api-fixtures.ts';
import { fuzzScale } from '../helpers/storage-random.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;
interface Ticket {
  upload_url: string;
  upload_params: Record<string, string>;
  file_param: string;
}

/**
 * Canvas's three-step upload as canvasapi does it: step 1 form-encoded with the access token; step 2 to the
 * upload_url, without the token, as multipart/form-data with the upload_params first and the `file` part last;
 * step 3 (only for clients that confirm) at the Location of step 2, with the token.
 */
describe('file uploads: Canvas’s three steps', () => {
  let server: TestServer;
  let course: ContentCourse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'file-uploads-admin' });
    course = await createContentCourse(server, 'Uploads 101');
    base = `/api/v1/courses/${course.id}/files`;
  });
  afterAll(() => server.stop());
  afterEach(() => vi.useRealTimers());

  /** Step 1 as canvasapi sends it: a form body with the token. */
  async function askToUpload(token: string, path: string, fields: Record<string, string>): Promise<{ status: number; json: unknown }> {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  }

  async function ticketFor(token: string, path: string, fields: Record<string, string>): Promise<Ticket> {
    const res = await askToUpload(token, path, fields);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Ticket;
  }

  /** Step 2 as canvasapi sends it: no Authorization, the upload_params, then the file part last. */
  async function upload(ticket: Ticket, bytes: Buffer | undefined, init: { headers?: Record<string, string>; fileName?: string } = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(ticket.upload_params)) form.append(key, value);
    if (bytes) form.append(ticket.file_param, new Blob([new Uint8Array(bytes)]), init.fileName ?? ticket.upload_params.filename);
    const res = await fetch(ticket.upload_url, { method: 'POST', body: form, ...(init.headers ? { headers: init.headers } : {}) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: (text === '' ? undefined : JSON.parse(text)) as Json };
  }

  async function downloaded(token: string, file: Json): Promise<Buffer> {
    const res = await fetch(file.url as string, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  const fileCount = () => server.core.services.repos.files.count({ course_id: course.id });

  describe('errors first', () => {
    it('step 1: 401 without a token, 401 for a student on course files, 400 over the size limit or for a bad on_duplicate', async () => {
      expectInvalidToken(await api(server, undefined, 'POST', base, { name: 'a.txt', size: 3 }));
      expectUnauthorized(await api(server, course.student.token, 'POST', base, { name: 'a.txt', size: 3 }));
      const big = await askToUpload(course.teacher.token, base, { name: 'big.bin', size: String(MAX_FILE_BYTES + 1) });
      expect(big.status).toBe(400);
      expect((big.json as { errors: object }).errors).toHaveProperty('size');
      const dup = await askToUpload(course.teacher.token, base, { name: 'a.txt', on_duplicate: 'keep' });
      expect(dup.status).toBe(400);
      expect((dup.json as { errors: object }).errors).toHaveProperty('on_duplicate');
    });

    it('step 2: 401 for an unknown, a used and an expired token; nothing stored', async () => {
      const before = await fileCount();
      const unknown = await upload({ upload_url: `${server.url}/api/v1/file_uploads/not-a-token`, upload_params: {}, file_param: 'file' }, Buffer.from('x'));
      expectInvalidToken(unknown);

      const used = await ticketFor(course.teacher.token, base, { name: 'once.txt' });
      expect((await upload(used, Buffer.from('first'))).status).toBe(201);
      expectInvalidToken(await upload(used, Buffer.from('second')));

      const stale = await ticketFor(course.teacher.token, base, { name: 'late.txt' });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + UPLOAD_TTL_MS + 1000);
      expectInvalidToken(await upload(stale, Buffer.from('too late')));
      vi.useRealTimers();
      expect(await fileCount()).toBe(before + 1);
    });

    it('step 2: 413 for a file over the limit, checked while it streams; nothing stored; the token still works', async () => {
      const before = await fileCount();
      const ticket = await ticketFor(course.teacher.token, base, { name: 'big.bin' });
      const res = await upload(ticket, Buffer.alloc(MAX_FILE_BYTES + 1, 7));
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ errors: [{ message: expect.stringContaining(String(MAX_FILE_BYTES)) as unknown }] });
      expect(await fileCount()).toBe(before);
      // The bytes never arrived, so the upload is still pending: a retry with a file that fits succeeds.
      expect((await upload(ticket, Buffer.alloc(MAX_FILE_BYTES, 7))).json).toMatchObject({ size: MAX_FILE_BYTES });
    });

    it('step 2: 413 up front for a declared body far over the limit', async () => {
      const ticket = await ticketFor(course.teacher.token, base, { name: 'huge.bin' });
      const res = await fetch(ticket.upload_url, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * MAX_FILE_BYTES) },
        body: Buffer.alloc(10 * MAX_FILE_BYTES),
      });
      expect(res.status).toBe(413);
    });

    it('step 2: 400 without the file part, for a second file part, for a malformed body', async () => {
      const before = await fileCount();
      const ticket = await ticketFor(course.teacher.token, base, { name: 'missing.txt' });
      const missing = await upload(ticket, undefined);
      expect(missing.status).toBe(400);
      expect(missing.json.errors).toHaveProperty('file');

      const twice = new FormData();
      twice.append('file', new Blob(['a']), 'a.txt');
      twice.append('file', new Blob(['b']), 'b.txt');
      expect((await fetch(ticket.upload_url, { method: 'POST', body: twice })).status).toBe(400);
      const other = new FormData();
      other.append('attachment', new Blob(['a']), 'a.txt');
      expect((await fetch(ticket.upload_url, { method: 'POST', body: other })).status).toBe(400);

      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=zz']) {
        const res = await fetch(ticket.upload_url, { method: 'POST', headers: { 'content-type': contentType }, body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nno end' });
        expect(res.status, contentType).toBe(400);
        expect(await res.json()).toHaveProperty('errors');
      }
      expect(await fileCount()).toBe(before);
    });

    it('step 2: 415 for JSON, form and text bodies; 403 for a foreign Origin', async () => {
      const ticket = await ticketFor(course.teacher.token, base, { name: 'typed.txt' });
      for (const [contentType, body] of [
        ['application/json', '{"file":"aGk="}'],
        ['application/x-www-form-urlencoded', 'file=aGk%3D'],
        ['text/plain', 'file=hi'],
      ] as const) {
        const res = await fetch(ticket.upload_url, { method: 'POST', headers: { 'content-type': contentType }, body });
        expect(res.status, contentType).toBe(415);
      }
      const foreign = await upload(ticket, Buffer.from('hi'), { headers: { origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
      // Neither spent the token.
      expect((await upload(ticket, Buffer.from('hi'))).status).toBe(201);
    });

    it('step 2: hostile multipart bodies with a live token get 4xx JSON, never 5xx', async () => {
      const ticket = await ticketFor(course.teacher.token, base, { name: 'fuzz.bin' });
      const line = fc.oneof(
        fc.constantFrom('--zz', '--zz--', '', 'Content-Disposition: form-data; name="file"; filename="a"', 'Content-Disposition: form-data; name="__proto__[x]"', 'Content-Type: text/plain'),
        fc.string({ maxLength: 40 }),
      );
      const body = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\r\n'));
      const contentType = fc.constantFrom('multipart/form-data; boundary=zz', 'multipart/form-data; boundary="zz"; charset=latin1', 'multipart/form-data; boundary=', 'multipart/form-data;');
      await fc.assert(
        fc.asyncProperty(body, contentType, async (text, type) => {
          const res = await fetch(ticket.upload_url, { method: 'POST', headers: { 'content-type': type }, body: text });
          expect(res.status).toBeLessThan(500);
          expect(res.status === 201 || 'errors' in ((await res.json()) as Json)).toBe(true);
          expect(({} as Json).x).toBeUndefined();
        }),
        { numRuns: Math.round(100 * fuzzScale()) },
      );
    });

    it('step 3: 401 without a token, 404 for a wrong uuid, 401 for an outsider', async () => {
      const ticket = await ticketFor(course.teacher.token, base, { name: 'confirm.txt' });
      const { json: file } = await upload(ticket, Buffer.from('x'));
      const confirm = `/api/v1/files/${String(file.id)}/create_success`;
      expectInvalidToken(await api(server, undefined, 'GET', `${confirm}?uuid=${String(file.uuid)}`));
      expect((await api(server, course.teacher.token, 'GET', `${confirm}?uuid=wrong`)).status).toBe(404);
      expectUnauthorized(await api(server, course.outsider.token, 'GET', `${confirm}?uuid=${String(file.uuid)}`));
    });
  });

  it('uploads a course file in three steps, bytes intact, and confirms it at the Location', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const ticket = await ticketFor(course.teacher.token, base, {
      name: 'all-bytes.bin',
      size: String(bytes.length),
      content_type: 'application/octet-stream',
      parent_folder_path: 'course files/week 1',
    });
    expect(ticket).toEqual({
      upload_url: expect.stringMatching(new RegExp(`^${server.url}/api/v1/file_uploads/[A-Za-z0-9_-]{43}$`)) as unknown,
      upload_params: { filename: 'all-bytes.bin', content_type: 'application/octet-stream' },
      file_param: 'file',
      progress: null,
    });
    const res = await upload(ticket, bytes);
    expect(res.status).toBe(201);
    // canvasapi's test of success: the answer has a `url`.
    expect(res.json).toMatchObject({ display_name: 'all-bytes.bin', size: 256, 'content-type': 'application/octet-stream', upload_status: 'success' });
    expect(res.json.url).toBe(`${server.url}/api/v1/files/${String(res.json.id)}/download?download_frd=1`);
    expect(await downloaded(course.student.token, res.json)).toEqual(bytes);

    const location = res.headers.get('location')!;
    expect(location).toBe(`${server.url}/api/v1/files/${String(res.json.id)}/create_success?uuid=${String(res.json.uuid)}`);
    for (const method of ['GET', 'POST']) {
      const confirmed = await fetch(location, { method, headers: { authorization: `Bearer ${course.teacher.token}` } });
      expect(confirmed.status, method).toBe(200);
      expect(await confirmed.json()).toEqual(res.json);
    }
    expect((await api(server, course.student.token, 'GET', `/api/v1/files/${String(res.json.id)}`)).json).toEqual(res.json);
  });

  it('on_duplicate: overwrite (the default) replaces the bytes in place; rename takes name-N', async () => {
    const first = (await upload(await ticketFor(course.teacher.token, base, { name: 'dup.txt' }), Buffer.from('one'))).json;
    const over = (await upload(await ticketFor(course.teacher.token, base, { name: 'dup.txt' }), Buffer.from('two!'))).json;
    expect(over).toMatchObject({ id: first.id, display_name: 'dup.txt', size: 4 });
    expect((await downloaded(course.teacher.token, over)).toString()).toBe('two!');
    const renamed = (await upload(await ticketFor(course.teacher.token, base, { name: 'dup.txt', on_duplicate: 'rename' }), Buffer.from('3'))).json;
    const again = (await upload(await ticketFor(course.teacher.token, base, { name: 'dup.txt', on_duplicate: 'rename' }), Buffer.from('4'))).json;
    expect([renamed.display_name, again.display_name]).toEqual(['dup-1.txt', 'dup-2.txt']);
    const names = ((await api(server, course.teacher.token, 'GET', `${base}?search_term=dup&per_page=50`)).json as Json[]).map((f) => f.display_name);
    expect(names).toEqual(['dup-1.txt', 'dup-2.txt', 'dup.txt']);
  });

  it('the one-step base64 upload still works beside it', async () => {
    const res = await api(server, course.teacher.token, 'POST', base, { name: 'direct.txt', content: Buffer.from('direct').toString('base64') });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ display_name: 'direct.txt', size: 6 });
  });

  describe('submission files', () => {
    let sub: SubmissionCourse;
    let path: string;
    beforeAll(async () => {
      sub = await createSubmissionCourse(server, 'Upload Submissions');
      const assignment = await createGradedAssignment(server, sub, { submission_types: ['online_upload'] });
      path = `/api/v1/courses/${sub.id}/assignments/${String(assignment.id)}/submissions`;
    });

    it('step 1 is the student’s own: another student and the teacher get 401', async () => {
      for (const token of [sub.studentB.token, sub.teacher.token]) {
        expectUnauthorized(await api(server, token, 'POST', `${path}/${sub.studentA.id}/files`, { name: 'w.txt', size: 1 }));
      }
    });

    it('uploads in three steps, then submits the file; it stays out of the course files', async () => {
      const ticket = await ticketFor(sub.studentA.token, `${path}/self/files`, { name: 'essay.pdf', size: '9' });
      expect(ticket.upload_params).toEqual({ filename: 'essay.pdf', content_type: 'application/pdf' });
      const { status, json: file } = await upload(ticket, Buffer.from('%PDF-1.4\n'));
      expect(status).toBe(201);
      expect(file).toMatchObject({ display_name: 'essay.pdf', size: 9, hidden: true, hidden_for_user: false });
      const submitted = await api(server, sub.studentA.token, 'POST', path, { submission: { submission_type: 'online_upload', file_ids: [file.id] } });
      expect(submitted.status).toBe(201);
      expect((submitted.json as { attachments: Json[] }).attachments).toEqual([expect.objectContaining({ id: file.id, display_name: 'essay.pdf' })]);
      expect((await downloaded(sub.teacher.token, file)).toString()).toBe('%PDF-1.4\n');
      expect((await api(server, sub.studentB.token, 'GET', `/api/v1/files/${String(file.id)}`)).status).toBe(404);
      const listed = (await api(server, sub.teacher.token, 'GET', `/api/v1/courses/${sub.id}/files`)).json as Json[];
      expect(listed.map((f) => f.id)).not.toContain(file.id);
    });

    it('two submission files of one name are both kept', async () => {
      const a = (await upload(await ticketFor(sub.studentB.token, `${path}/self/files`, { name: 'draft.txt' }), Buffer.from('a'))).json;
      const b = (await upload(await ticketFor(sub.studentB.token, `${path}/self/files`, { name: 'draft.txt' }), Buffer.from('b'))).json;
      expect(a.id).not.toBe(b.id);
      expect((await downloaded(sub.studentB.token, a)).toString()).toBe('a');
    });
  });
});
