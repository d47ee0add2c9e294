import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createContentCourse, createFile, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('files API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'files-admin' });
    course = await createContentCourse(server);
    base = `/api/v1/courses/${course.id}/files`;
  });
  afterAll(() => server.stop());

  it('401 with WWW-Authenticate without a token', async () => {
    for (const [method, path] of [['GET', base], ['POST', base], ['GET', `${base}/1`], ['GET', '/api/v1/files/1']] as const) {
      const res = await api(server, undefined, method, path);
      expectInvalidToken(res, `${method} ${path}`);
    }
  });

  it('401 unauthorized for a student uploading and an outsider reading', async () => {
    const file = await createFile(server, course.teacher.token, course.id);
    for (const res of [
      await createRaw(course.student.token, { name: 'a.txt', content: 'aGk=' }),
      await api(server, course.outsider.token, 'GET', base),
      await api(server, course.outsider.token, 'GET', `/api/v1/files/${file.id}`),
    ]) {
      expectUnauthorized(res);
    }
    expect((await api(server, course.outsider.token, 'GET', '/api/v1/files/999999')).status).toBe(404);
  });

  it('uploads base64 content and shows it by course path and by id, stored beside its bytes', async () => {
    const file = await createFile(server, course.teacher.token, course.id, 'Syllabus.pdf', '%PDF-1.4 test', { size: 13 });
    expect(file).toMatchObject({
      display_name: 'Syllabus.pdf',
      filename: 'Syllabus.pdf',
      'content-type': 'application/pdf',
      size: 13,
      locked: false,
      hidden: false,
      mime_class: 'pdf',
      url: `${server.url}/api/v1/files/${file.id}/download?download_frd=1`,
    });
    expect((await api(server, course.student.token, 'GET', `${base}/${file.id}`)).json).toEqual(file);
    expect((await api(server, course.student.token, 'GET', `/api/v1/files/${file.id}`)).json).toEqual(file);
    const [stored] = await server.core.services.repos.fileContents.find({ parent_id: file.id });
    expect(Buffer.from(stored!.data.base64, 'base64').toString()).toBe('%PDF-1.4 test');
  });

  it('downloads the bytes at the JSON url, as an inert attachment, to those who may read the file', async () => {
    const html = '<script>alert(document.domain)</script>';
    const file = await createFile(server, course.teacher.token, course.id, 'trap.html', html);
    const url = file.url as string;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${course.outsider.token}` } })).status).toBe(401);

    const res = await fetch(url, { headers: { authorization: `Bearer ${course.student.token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(html);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''trap.html");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const missing = await fetch(`${server.url}/api/v1/files/999999999/download`, { headers: { authorization: `Bearer ${course.student.token}` } });
    expect(missing.status).toBe(404);
  });

  it('accepts a form body whose base64 + arrived as spaces', async () => {
    const bytes = Buffer.from([0xfb, 0xef, 0xff]); // base64 "++//"
    const res = await fetch(`${server.url}${base}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${course.teacher.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `name=bin.dat&content=${bytes.toString('base64')}`,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ size: 3, 'content-type': 'application/octet-stream' });
  });

  it('hidden and locked files stay out of the student list; locked ones 404 for students', async () => {
    const other = await createContentCourse(server, 'Hidden');
    const path = `/api/v1/courses/${other.id}/files`;
    await createFile(server, other.teacher.token, other.id, 'open.txt');
    await createFile(server, other.teacher.token, other.id, 'hidden.txt', 'x', { hidden: true });
    const locked = await createFile(server, other.teacher.token, other.id, 'locked.txt', 'x', { locked: true });
    const names = async (token: string) => ((await api(server, token, 'GET', path)).json as { display_name: string }[]).map((f) => f.display_name);
    expect(await names(other.student.token)).toEqual(['open.txt']);
    expect(await names(other.teacher.token)).toEqual(['hidden.txt', 'locked.txt', 'open.txt']);
    expect((await api(server, other.student.token, 'GET', `${path}/${locked.id}`)).status).toBe(404);
    expect((await api(server, course.teacher.token, 'GET', `${base}/${locked.id}`)).status).toBe(404);
  });

  it('400 on bad uploads, nothing written', async () => {
    const before = (await server.core.services.repos.files.count({ course_id: course.id }));
    for (const [body, field] of [
      [{ content: 'aGk=' }, 'name'],
      [{ name: 'a.txt', content: 'not base64!' }, 'content'],
      [{ name: 'a.txt', content: 'aGk' }, 'content'],
      [{ name: 'a.txt', content: 'aGk=', size: 5 }, 'size'],
      [{ name: 'a.txt', content: 'aGk=', content_type: 'nonsense' }, 'content_type'],
      [{ name: '..', content: 'aGk=' }, 'name'],
    ] as const) {
      const res = await createRaw(course.teacher.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json as { errors: object }).errors).toHaveProperty(field);
    }
    expect(await server.core.services.repos.files.count({ course_id: course.id })).toBe(before);
  });

  it('lists by name, sort and order params, with the exact Link header', async () => {
    const other = await createContentCourse(server, 'Listing');
    const path = `/api/v1/courses/${other.id}/files`;
    await createFile(server, other.teacher.token, other.id, 'b.txt', 'bb');
    await createFile(server, other.teacher.token, other.id, 'a.txt', 'aaa');
    await createFile(server, other.teacher.token, other.id, 'c.png', 'c');
    const res = await api(server, other.student.token, 'GET', `${path}?per_page=2`);
    expect((res.json as { display_name: string }[]).map((f) => f.display_name)).toEqual(['a.txt', 'b.txt']);
    const url = (page: number) => `<${server.url}${path}?page=${page}&per_page=2>`;
    expect(res.headers.get('link')).toBe(`${url(1)}; rel="current",${url(2)}; rel="next",${url(1)}; rel="first",${url(2)}; rel="last"`);
    const bySize = await api(server, other.student.token, 'GET', `${path}?sort=size&order=desc`);
    expect((bySize.json as { size: number }[]).map((f) => f.size)).toEqual([3, 2, 1]);
    const images = await api(server, other.student.token, 'GET', `${path}?content_types[]=image`);
    expect((images.json as { display_name: string }[]).map((f) => f.display_name)).toEqual(['c.png']);
    expect((await api(server, other.student.token, 'GET', `${path}?sort=colour`)).status).toBe(400);
  });

  function createRaw(token: string, body: unknown) {
    return api(server, token, 'POST', base, body);
  }
});
