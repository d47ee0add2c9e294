import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectNotFoundSaying, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { coursePages, createPage, updatePage } from '../helpers/page-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Revision = { revision_id: number; latest: boolean; updated_at: string; edited_by?: { id: number }; url?: string; title?: string; body?: string };

describe('page revisions API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let base: string;
  let page: string;

  beforeAll(async () => {
    server = await startTestServer();
    course = await createContentCourse(server, 'Revisions 101');
    base = coursePages(course.id);
    const teacher = course.teacher.token;
    await createPage(server, teacher, base, { title: 'Essay', body: '<p>one</p>' });
    await updatePage(server, teacher, base, 'essay', { published: true });
    await updatePage(server, teacher, base, 'essay', { body: '<p>two</p>' });
    await updatePage(server, teacher, base, 'essay', { title: 'Essay Final', body: '<p>three</p>' });
    page = `${base}/essay-final`;
  });
  afterAll(() => server.stop());

  it('401 without a token; 401 for outsiders; students need the right to edit for the list and numbered revisions', async () => {
    for (const [method, path] of [['GET', `${page}/revisions`], ['GET', `${page}/revisions/latest`], ['GET', `${page}/revisions/1`], ['POST', `${page}/revisions/1`]] as const) {
      expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
      expectUnauthorized(await api(server, course.outsider.token, method, path), `${method} ${path}`);
    }
    for (const [method, path] of [['GET', `${page}/revisions`], ['GET', `${page}/revisions/2`], ['POST', `${page}/revisions/1`]] as const) {
      expectUnauthorized(await api(server, course.student.token, method, path), `${method} ${path}`);
    }
  });

  it('404 for an unknown page or revision number', async () => {
    expectNotFoundSaying(await api(server, course.teacher.token, 'GET', `${base}/nope/revisions`), { message: 'page not found' });
    expectNotFound(await api(server, course.teacher.token, 'GET', `${page}/revisions/99`));
    expectNotFound(await api(server, course.teacher.token, 'POST', `${page}/revisions/99`));
    expectNotFound(await api(server, course.teacher.token, 'GET', `${page}/revisions/abc`));
  });

  it('lists revisions newest first without content; publishing made none', async () => {
    const res = await api(server, course.teacher.token, 'GET', `${page}/revisions`);
    const list = res.json as Revision[];
    expect(list.map((r) => [r.revision_id, r.latest])).toEqual([[3, true], [2, false], [1, false]]);
    expect(list[0]).toMatchObject({ edited_by: { id: course.teacher.id } });
    expect(list[0]).not.toHaveProperty('body');
    expect(res.headers.get('link')).toContain('rel="current"');
    const paged = await api(server, course.teacher.token, 'GET', `${page}/revisions?per_page=1&page=2`);
    expect((paged.json as Revision[]).map((r) => r.revision_id)).toEqual([2]);
  });

  it('shows the latest to readers and a numbered one to editors, with content unless summary', async () => {
    expect((await api(server, course.student.token, 'GET', `${page}/revisions/latest`)).json).toMatchObject({
      revision_id: 3, latest: true, url: 'essay-final', title: 'Essay Final', body: '<p>three</p>',
    });
    expect((await api(server, course.teacher.token, 'GET', `${page}/revisions/1`)).json).toMatchObject({
      revision_id: 1, latest: false, url: 'essay', title: 'Essay', body: '<p>one</p>',
    });
    const summary = (await api(server, course.teacher.token, 'GET', `${page}/revisions/1?summary=true`)).json;
    expect(summary).toMatchObject({ revision_id: 1 });
    expect(summary).not.toHaveProperty('body');
    expect(summary).not.toHaveProperty('title');
  });

  it('revert copies title, body and url into a new revision and keeps the published state', async () => {
    const res = await api(server, course.teacher.token, 'POST', `${page}/revisions/1`);
    expect(res).toMatchObject({ status: 200, json: { revision_id: 4, latest: true, url: 'essay', title: 'Essay', body: '<p>one</p>' } });
    const shown = await api(server, course.student.token, 'GET', `${base}/essay`);
    expect(shown.json).toMatchObject({ title: 'Essay', body: '<p>one</p>', published: true });
    // The newer slug still resolves after the revert.
    expect((await api(server, course.student.token, 'GET', `${base}/essay-final`)).json).toMatchObject({ url: 'essay' });
    const again = await api(server, course.teacher.token, 'POST', `${base}/essay/revisions/3`);
    expect(again.json).toMatchObject({ revision_id: 5, url: 'essay-final', body: '<p>three</p>' });
  });

  it('a student with an editing role lists revisions and reverts; the revert names them as editor', async () => {
    const open = await createPage(server, course.teacher.token, base, { title: 'Shared', published: true, editing_roles: 'students', body: 'a' });
    await updatePage(server, course.student.token, base, open.url, { body: 'b' });
    expect(((await api(server, course.student.token, 'GET', `${base}/shared/revisions`)).json as Revision[]).length).toBe(2);
    const reverted = await api(server, course.student.token, 'POST', `${base}/shared/revisions/1`);
    expect(reverted.json).toMatchObject({ revision_id: 3, body: 'a', edited_by: { id: course.student.id } });
  });
});
