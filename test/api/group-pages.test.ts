import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { enrollFixtureUser, expectInvalidToken, expectNotFound, expectNotFoundSaying, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createFixtureGroup, createPage, groupPages, updatePage, type PageJson } from '../helpers/page-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('group pages API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let classmate: FixtureUser;
  let groupId: number;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    course = await createContentCourse(server, 'Groups 101');
    classmate = await createFixtureUser(server, 'Classmate');
    await enrollFixtureUser(server, course.id, classmate.id, 'StudentEnrollment');
    groupId = await createFixtureGroup(server, course.id, [course.student.id]);
    base = groupPages(groupId);
  });
  afterAll(() => server.stop());

  const member = () => course.student.token;

  it('401 without a token and for callers outside the group (a classmate, an outsider) on every route', async () => {
    const page = await createPage(server, member(), base, { title: 'Auth Target' });
    const p = `${base}/${page.url}`;
    const front = `/api/v1/groups/${groupId}/front_page`;
    for (const [method, path] of [
      ['GET', front], ['PUT', front], ['GET', base], ['POST', base], ['GET', p], ['PUT', p], ['DELETE', p],
      ['GET', `${p}/revisions`], ['GET', `${p}/revisions/latest`], ['GET', `${p}/revisions/1`], ['POST', `${p}/revisions/1`],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { wiki_page: { title: 'x' } };
      expectInvalidToken(await api(server, undefined, method, path, body), `${method} ${path}`);
      expectUnauthorized(await api(server, classmate.token, method, path, body), `${method} ${path}`);
      expectUnauthorized(await api(server, course.outsider.token, method, path, body), `${method} ${path}`);
    }
  });

  it('404 for an unknown group, a non-numeric group id and an unknown page; groups have no duplicate route', async () => {
    expectNotFound(await api(server, member(), 'GET', `/api/v1/groups/999999/pages`));
    expectNotFound(await api(server, member(), 'GET', `/api/v1/groups/abc/pages`));
    expectNotFoundSaying(await api(server, member(), 'GET', `${base}/missing`), { message: 'page not found' });
    expect((await api(server, member(), 'POST', `${base}/auth-target/duplicate`)).status).toBe(404);
  });

  it('members create published pages (editing_roles members) and edit them; they cannot publish, delete or set roles', async () => {
    const page = await createPage(server, member(), base, { title: 'Plan', body: '<p>draft plan</p>' });
    expect(page).toMatchObject({ url: 'plan', published: true, editing_roles: 'members', html_url: `${server.url}/groups/${groupId}/pages/plan` });
    const edited = await updatePage(server, member(), base, 'plan', { body: '<p>v2</p>' });
    expect(edited).toMatchObject({ body: '<p>v2</p>' });
    expectUnauthorized(await api(server, member(), 'PUT', `${base}/plan`, { wiki_page: { published: false } }));
    expectUnauthorized(await api(server, member(), 'PUT', `${base}/plan`, { wiki_page: { editing_roles: 'public' } }));
    expectUnauthorized(await api(server, member(), 'DELETE', `${base}/plan`));
    expect(((await api(server, member(), 'GET', `${base}/plan/revisions`)).json as unknown[]).length).toBe(2);
  });

  it('the teacher manages the group wiki: drafts, roles, front page, delete; members see published pages only', async () => {
    const t = course.teacher.token;
    const draft = await createPage(server, t, base, { title: 'Teacher Draft' });
    expect(draft).toMatchObject({ published: false, editing_roles: 'members' });
    expectUnauthorized(await api(server, member(), 'GET', `${base}/teacher-draft`));
    const locked = await createPage(server, t, base, { title: 'Rubric', published: true, editing_roles: 'teachers' });
    expectUnauthorized(await api(server, member(), 'PUT', `${base}/${locked.url}`, { wiki_page: { body: 'x' } }));
    await updatePage(server, t, base, 'rubric', { front_page: true });
    expect((await api(server, member(), 'GET', `/api/v1/groups/${groupId}/front_page`)).json).toMatchObject({ url: 'rubric' });
    const titles = ((await api(server, member(), 'GET', `${base}?sort=title`)).json as PageJson[]).map((p) => p.title);
    expect(titles).not.toContain('Teacher Draft');
    expect((await api(server, t, 'DELETE', `${base}/teacher-draft`)).status).toBe(200);
  });

  it('group and course wikis are separate: the same title gets the same slug in each', async () => {
    const inGroup = await createPage(server, member(), base, { title: 'Shared Name' });
    const inCourse = await createPage(server, course.teacher.token, `/api/v1/courses/${course.id}/pages`, { title: 'Shared Name' });
    expect([inGroup.url, inCourse.url]).toEqual(['shared-name', 'shared-name']);
    expectNotFoundSaying(await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/pages/page_id:${inGroup.page_id}`), { message: 'page not found' });
  });
});
