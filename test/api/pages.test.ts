import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectNotFoundSaying, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createItem, createPublishedModule, createUrlItem, updateModule } from '../helpers/module-fixtures.ts';
import { coursePages, createPage, updatePage, type PageJson } from '../helpers/page-fixtures.ts';
import { dangerousFragments, XSS_CORPUS } from '../fixtures/xss-corpus.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failWritesOf } from '../helpers/write-faults.ts';

describe('course pages API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let base: string;
  let front: string;

  beforeAll(async () => {
    server = await startTestServer();
    course = await createContentCourse(server, 'Pages 101');
    base = coursePages(course.id);
    front = `/api/v1/courses/${course.id}/front_page`;
  });
  afterAll(() => server.stop());

  const teacher = () => course.teacher.token;
  const student = () => course.student.token;

  describe('errors first', () => {
    it('401 with WWW-Authenticate without a token, on every route', async () => {
      const page = await createPage(server, teacher(), base, { title: 'Auth Target' });
      const p = `${base}/${page.url}`;
      for (const [method, path] of [
        ['GET', front], ['PUT', front], ['GET', base], ['POST', base], ['GET', p], ['PUT', p], ['DELETE', p], ['POST', `${p}/duplicate`],
        ['GET', `${p}/revisions`], ['GET', `${p}/revisions/latest`], ['GET', `${p}/revisions/1`], ['POST', `${p}/revisions/1`],
      ] as const) {
        expectInvalidToken(await api(server, undefined, method, path, method === 'GET' || method === 'DELETE' ? undefined : {}), `${method} ${path}`);
      }
    });

    it('401 unauthorized for outsiders on every route', async () => {
      const page = await createPage(server, teacher(), base, { title: 'Outsider Target', published: true });
      const p = `${base}/${page.url}`;
      for (const [method, path] of [
        ['GET', front], ['PUT', front], ['GET', base], ['POST', base], ['GET', p], ['PUT', p], ['DELETE', p], ['POST', `${p}/duplicate`],
        ['GET', `${p}/revisions`], ['GET', `${p}/revisions/latest`], ['GET', `${p}/revisions/1`], ['POST', `${p}/revisions/1`],
      ] as const) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { wiki_page: { title: 'x' } };
        expectUnauthorized(await api(server, course.outsider.token, method, path, body), `${method} ${path}`);
      }
    });

    it('401 for students writing teacher-only pages, publishing, changing roles, deleting or duplicating', async () => {
      const page = await createPage(server, teacher(), base, { title: 'Teachers Only', published: true });
      const open = await createPage(server, teacher(), base, { title: 'Open Page', published: true, editing_roles: 'students' });
      const p = `${base}/${page.url}`;
      for (const [method, path, body] of [
        ['POST', base, { wiki_page: { title: 'Mine' } }],
        ['PUT', `${base}/brand-new-slug`, { wiki_page: { body: 'x' } }],
        ['PUT', p, { wiki_page: { body: 'x' } }],
        ['PUT', `${base}/${open.url}`, { wiki_page: { published: false } }],
        ['PUT', `${base}/${open.url}`, { wiki_page: { editing_roles: 'students,public' } }],
        ['PUT', `${base}/${open.url}`, { wiki_page: { front_page: true } }],
        ['DELETE', `${base}/${open.url}`, undefined],
        ['POST', `${base}/${open.url}/duplicate`, undefined],
        ['PUT', front, { wiki_page: { title: 'Front' } }],
      ] as const) {
        expectUnauthorized(await api(server, student(), method, path, body), `${method} ${path}`);
      }
    });

    it('404 for an unknown course, an unknown page and a missing front page; 401 for a draft a student asks for (found, then refused)', async () => {
      const draft = await createPage(server, teacher(), base, { title: 'Secret Draft' });
      expectNotFound(await api(server, teacher(), 'GET', `/api/v1/courses/999999/pages`));
      expectNotFoundSaying(await api(server, teacher(), 'GET', `${base}/no-such-page`), { message: 'page not found' });
      expectUnauthorized(await api(server, student(), 'GET', `${base}/${draft.url}`));
      expectUnauthorized(await api(server, student(), 'PUT', `${base}/${draft.url}`, { wiki_page: { body: 'x' } }));
      const other = await createContentCourse(server, 'No Front');
      expectNotFoundSaying(await api(server, other.teacher.token, 'GET', `/api/v1/courses/${other.id}/front_page`), { message: 'No front page has been set' });
    });

    it('400 for invalid titles, editing roles, a short search term and front-page rules, with nothing written', async () => {
      const post = (wiki_page: Record<string, unknown>) => api(server, teacher(), 'POST', base, { wiki_page });
      expect(await post({ title: '' })).toMatchObject({ status: 400, json: { errors: { title: [{ type: 'blank', message: "Title can't be blank" }] } } });
      expect((await api(server, teacher(), 'POST', base, {})).status).toBe(400);
      expect((await post({ title: '!!!' })).status).toBe(400);
      expect((await post({ title: 'x'.repeat(256) })).status).toBe(400);
      expect((await post({ title: 'Roles', editing_roles: 'teachers,admins' })).status).toBe(400);
      expect((await post({ title: 'Draft Front', front_page: true })).json).toMatchObject({ errors: { front_page: [{ message: 'The front page cannot be unpublished' }] } });
      expect(await api(server, teacher(), 'GET', `${base}?search_term=ab`)).toMatchObject({
        status: 400,
        json: { errors: [{ field: 'search_term', code: 'invalid', message: '3 or more characters is required' }] },
      });
      const list = (await api(server, teacher(), 'GET', `${base}?per_page=100`)).json as PageJson[];
      expect(list.map((p) => p.title)).not.toContain('Roles');
      expect(list.map((p) => p.title)).not.toContain('Draft Front');
    });
  });

  describe('create, show, update, delete', () => {
    it('a teacher creates a draft with a sanitized body; a student cannot see it until it is published', async () => {
      const page = await createPage(server, teacher(), base, { title: 'Week 1 Notes', body: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
      expect(page).toMatchObject({
        url: 'week-1-notes', title: 'Week 1 Notes', published: false, hide_from_students: true, front_page: false,
        editing_roles: 'teachers', locked_for_user: false, body: '<p>Hi</p>',
        last_edited_by: { id: course.teacher.id },
        html_url: `${server.url}/courses/${course.id}/pages/week-1-notes`,
      });
      expect(page.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expectUnauthorized(await api(server, student(), 'GET', `${base}/week-1-notes`));
      const published = await updatePage(server, teacher(), base, 'week-1-notes', { published: true });
      expect(published).toMatchObject({ published: true, hide_from_students: false, updated_at: page.updated_at });
      const shown = await api(server, student(), 'GET', `${base}/week-1-notes`);
      expect(shown).toMatchObject({ status: 200, json: { title: 'Week 1 Notes', body: '<p>Hi</p>' } });
      expect((await api(server, student(), 'GET', `${base}/page_id:${page.page_id}`)).json).toMatchObject({ url: 'week-1-notes' });
      expect((await api(server, student(), 'GET', `${base}/${page.page_id}`)).json).toMatchObject({ url: 'week-1-notes' });
      expect((await api(server, student(), 'GET', `${base}/Week 1 Notes`)).json).toMatchObject({ url: 'week-1-notes' });
    });

    it('slugs: & becomes and, unicode stays, collisions get -2 and -3 (never -1)', async () => {
      const a = await createPage(server, teacher(), base, { title: 'Rock & Roll' });
      const b = await createPage(server, teacher(), base, { title: 'Rock & Roll' });
      const c = await createPage(server, teacher(), base, { title: 'rock and roll' });
      expect([a.url, b.url, c.url]).toEqual(['rock-and-roll', 'rock-and-roll-2', 'rock-and-roll-3']);
      expect((await createPage(server, teacher(), base, { title: 'カタカナ ページ' })).url).toBe('カタカナ-ページ');
      expect((await createPage(server, teacher(), base, { title: "It's Café time" })).url).toBe('its-cafe-time');
    });

    it('a new title moves the url; the old url keeps resolving and is not handed out again', async () => {
      const page = await createPage(server, teacher(), base, { title: 'Old Name', published: true });
      const renamed = await updatePage(server, teacher(), base, 'old-name', { title: 'New Name' });
      expect(renamed).toMatchObject({ url: 'new-name', title: 'New Name', page_id: page.page_id });
      expect((await api(server, student(), 'GET', `${base}/old-name`)).json).toMatchObject({ url: 'new-name' });
      expect((await createPage(server, teacher(), base, { title: 'Old Name' })).url).toBe('old-name-2');
    });

    it('a PUT on an unknown slug creates the page under it', async () => {
      const res = await api(server, teacher(), 'PUT', `${base}/made-by-put`, { wiki_page: { body: '<p>x</p>' } });
      expect(res).toMatchObject({ status: 200, json: { url: 'made-by-put', title: 'Made By Put', body: '<p>x</p>', published: false } });
    });

    it('delete is soft: the page leaves lists and lookups; the front page cannot be deleted', async () => {
      const page = await createPage(server, teacher(), base, { title: 'Doomed', published: true });
      const res = await api(server, teacher(), 'DELETE', `${base}/doomed`);
      expect(res).toMatchObject({ status: 200, json: { page_id: page.page_id, url: 'doomed' } });
      expect(res.json).not.toHaveProperty('body');
      expectNotFoundSaying(await api(server, teacher(), 'GET', `${base}/doomed`), { message: 'page not found' });
      const list = (await api(server, teacher(), 'GET', `${base}?per_page=100`)).json as PageJson[];
      expect(list.map((p) => p.page_id)).not.toContain(page.page_id);
      expect((await createPage(server, teacher(), base, { title: 'Doomed' })).url).toBe('doomed');
    });
  });

  describe('front page', () => {
    it('is set on a published page, moves, cannot be unpublished or deleted, and survives a rename', async () => {
      const c = await createContentCourse(server, 'Front Course');
      const b = coursePages(c.id);
      const fp = `/api/v1/courses/${c.id}/front_page`;
      const home = await createPage(server, c.teacher.token, b, { title: 'Home', published: true, front_page: true });
      expect(home.front_page).toBe(true);
      expect((await api(server, c.student.token, 'GET', fp)).json).toMatchObject({ url: 'home', front_page: true, body: '' });
      expect((await api(server, c.teacher.token, 'PUT', `${b}/home`, { wiki_page: { published: false } })).json).toMatchObject({
        errors: { published: [{ message: 'The front page cannot be unpublished' }] },
      });
      expect(await api(server, c.teacher.token, 'DELETE', `${b}/home`)).toMatchObject({
        status: 400, json: { errors: { front_page: [{ message: 'The front page cannot be deleted' }] } },
      });
      const renamed = await updatePage(server, c.teacher.token, b, 'home', { title: 'Welcome' });
      expect(renamed).toMatchObject({ url: 'welcome', front_page: true });
      // A draft cannot become the front page, but publishing and setting in one call is fine.
      const other = await createPage(server, c.teacher.token, b, { title: 'Other' });
      expect((await api(server, c.teacher.token, 'PUT', `${b}/other`, { wiki_page: { front_page: true } })).status).toBe(400);
      expect(await updatePage(server, c.teacher.token, b, 'other', { front_page: true, published: true })).toMatchObject({ front_page: true });
      expect((await api(server, c.teacher.token, 'GET', `${b}/welcome`)).json).toMatchObject({ front_page: false });
      expect((await api(server, c.teacher.token, 'GET', fp)).json).toMatchObject({ page_id: other.page_id });
      const viaFront = await api(server, c.teacher.token, 'PUT', fp, { wiki_page: { title: 'Other Home' } });
      expect(viaFront.json).toMatchObject({ url: 'other-home', front_page: true });
      await updatePage(server, c.teacher.token, b, 'other-home', { front_page: false });
      expectNotFoundSaying(await api(server, c.teacher.token, 'GET', fp), { message: 'No front page has been set' });
    });

    it('PUT front_page with none set creates a published front page', async () => {
      const c = await createContentCourse(server, 'Empty Wiki');
      const res = await api(server, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/front_page`, { wiki_page: { body: '<h1>Hello</h1>' } });
      expect(res).toMatchObject({ status: 200, json: { url: 'front-page', title: 'Front Page', published: true, front_page: true, body: '<h1>Hello</h1>' } });
    });
  });

  describe('listing', () => {
    let c: ContentCourse;
    let b: string;
    beforeAll(async () => {
      c = await createContentCourse(server, 'List Course');
      b = coursePages(c.id);
      await createPage(server, c.teacher.token, b, { title: 'Banana', published: true, body: 'b' });
      await createPage(server, c.teacher.token, b, { title: 'apple', published: true });
      await createPage(server, c.teacher.token, b, { title: 'Cherry draft' });
      await updatePage(server, c.teacher.token, b, 'banana', { body: 'newer' });
    });
    const titles = async (token: string, query: string) => ((await api(server, token, 'GET', `${b}${query}`)).json as PageJson[]).map((p) => p.title);

    it('orders by id by default; sorts by title, created_at and updated_at, asc or desc', async () => {
      expect(await titles(c.teacher.token, '')).toEqual(['Banana', 'apple', 'Cherry draft']);
      expect(await titles(c.teacher.token, '?sort=title')).toEqual(['apple', 'Banana', 'Cherry draft']);
      expect(await titles(c.teacher.token, '?sort=title&order=desc')).toEqual(['Cherry draft', 'Banana', 'apple']);
      expect(await titles(c.teacher.token, '?sort=created_at&order=desc')).toEqual(['Cherry draft', 'apple', 'Banana']);
      expect((await titles(c.teacher.token, '?sort=updated_at&order=desc'))[0]).toBe('Banana');
      expect(await titles(c.teacher.token, '?sort=bogus')).toEqual(['Banana', 'apple', 'Cherry draft']);
    });

    it('filters by published and search_term; students see published pages only; bodies are left out', async () => {
      expect(await titles(c.teacher.token, '?published=true')).toEqual(['Banana', 'apple']);
      expect(await titles(c.teacher.token, '?published=false')).toEqual(['Cherry draft']);
      expect(await titles(c.teacher.token, '?search_term=ERR')).toEqual(['Cherry draft']);
      expect(await titles(c.student.token, '')).toEqual(['Banana', 'apple']);
      const list = (await api(server, c.student.token, 'GET', b)).json as PageJson[];
      expect(list[0]).not.toHaveProperty('body');
      expect(((await api(server, c.student.token, 'GET', `${b}?include[]=body`)).json as PageJson[])[0]).toMatchObject({ body: 'newer' });
    });

    it('paginates with Link headers', async () => {
      const first = await api(server, c.teacher.token, 'GET', `${b}?per_page=2`);
      expect((first.json as PageJson[]).map((p) => p.title)).toEqual(['Banana', 'apple']);
      expect(first.headers.get('link')).toContain('rel="next"');
      const second = await api(server, c.teacher.token, 'GET', `${b}?per_page=2&page=2`);
      expect((second.json as PageJson[]).map((p) => p.title)).toEqual(['Cherry draft']);
      expect((await api(server, c.teacher.token, 'GET', `${b}?page=9`)).json).toEqual([]);
    });
  });

  describe('editing roles', () => {
    it('students edit pages open to students (a contribution), not teacher-only ones; public opens to observers too', async () => {
      const open = await createPage(server, teacher(), base, { title: 'Class Notes', published: true, editing_roles: 'students' });
      const edited = await api(server, student(), 'PUT', `${base}/${open.url}`, { wiki_page: { body: '<p>by student</p>', title: 'Class Notes v2', published: true } });
      expect(edited).toMatchObject({ status: 200, json: { body: '<p>by student</p>', url: 'class-notes-v2', last_edited_by: { id: course.student.id } } });
      const members = await createPage(server, teacher(), base, { title: 'Members Page', published: true, editing_roles: 'members' });
      expect((await api(server, student(), 'PUT', `${base}/${members.url}`, { wiki_page: { body: 'x' } })).status).toBe(200);
      const draft = await createPage(server, teacher(), base, { title: 'Open Draft', editing_roles: 'students' });
      expectUnauthorized(await api(server, student(), 'PUT', `${base}/${draft.url}`, { wiki_page: { body: 'x' } }));
    });
  });

  describe('duplicate', () => {
    it('copies as an unpublished "<title> Copy", then "Copy 2"; a deleted page is a 400', async () => {
      const page = await createPage(server, teacher(), base, { title: 'Syllabus', published: true, body: '<p>s</p>', editing_roles: 'students' });
      const copy = await api(server, teacher(), 'POST', `${base}/${page.url}/duplicate`);
      expect(copy).toMatchObject({ status: 200, json: { title: 'Syllabus Copy', url: 'syllabus-copy', published: false, body: '<p>s</p>', editing_roles: 'students' } });
      const again = await api(server, teacher(), 'POST', `${base}/syllabus-copy/duplicate`);
      expect(again.json).toMatchObject({ title: 'Syllabus Copy 2', url: 'syllabus-copy-2' });
      await api(server, teacher(), 'DELETE', `${base}/syllabus-copy-2`);
      const deleted = await api(server, teacher(), 'POST', `${base}/page_id:${(again.json as PageJson).page_id}/duplicate`);
      expect(deleted).toMatchObject({ status: 400, json: { error: 'cannot duplicate deleted page' } });
    });
  });

  describe('untrusted HTML', () => {
    it('no XSS corpus payload survives in a stored body, on create or on update', async () => {
      const target = await createPage(server, teacher(), base, { title: 'XSS Target', published: true, editing_roles: 'students' });
      for (const payload of XSS_CORPUS) {
        const created = await api(server, teacher(), 'POST', base, { wiki_page: { title: 'Hostile', body: payload } });
        expect(dangerousFragments((created.json as { body: string }).body), payload).toEqual([]);
        const updated = await api(server, student(), 'PUT', `${base}/${target.url}`, { wiki_page: { body: payload } });
        expect(dangerousFragments((updated.json as { body: string }).body), payload).toEqual([]);
      }
    });

    it('accepts form-encoded wiki_page[...] fields', async () => {
      const res = await fetch(`${server.url}${base}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${teacher()}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'wiki_page[title]=Form+Page&wiki_page[body]=%3Cb%3Ehi%3C%2Fb%3E%3Cscript%3Ex%3C%2Fscript%3E&wiki_page[published]=1',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ url: 'form-page', body: '<b>hi</b>', published: true });
    });
  });

  describe('modules', () => {
    it('a page in a locked module is locked for students (lock_info, no body); viewing an unlocked one counts as viewed', async () => {
      const c = await createContentCourse(server, 'Module Course');
      const b = coursePages(c.id);
      const first = await createPublishedModule(server, c.teacher.token, c.id, { name: 'First' });
      await createUrlItem(server, c.teacher.token, c.id, first.id, { completion_requirement: { type: 'must_view' } });
      const intro = await createPage(server, c.teacher.token, b, { title: 'Intro', published: true, body: '<p>welcome</p>' });
      const gated = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Gated' });
      await updateModule(server, c.teacher.token, c.id, gated.id, { prerequisite_module_ids: [first.id] });
      const item = await createItem(server, c.teacher.token, c.id, gated.id, { type: 'Page', page_url: intro.url, completion_requirement: { type: 'must_view' } });
      await api(server, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/modules/${gated.id}/items/${item.id}`, { module_item: { published: true } });

      const locked = await api(server, c.student.token, 'GET', `${b}/intro`);
      expect(locked).toMatchObject({
        status: 200,
        json: { locked_for_user: true, lock_info: { asset_string: `wiki_page_${intro.page_id}`, context_module: { id: gated.id, name: 'Gated' } } },
      });
      expect((locked.json as PageJson).lock_explanation).toEqual(expect.stringContaining('Gated'));
      expect(locked.json).not.toHaveProperty('body');
      expect((await api(server, c.teacher.token, 'GET', `${b}/intro`)).json).toMatchObject({ locked_for_user: false, body: '<p>welcome</p>' });

      // Once the prerequisite is met, the body shows and showing it fulfils must_view.
      await updateModule(server, c.teacher.token, c.id, gated.id, { prerequisite_module_ids: [] });
      expect((await api(server, c.student.token, 'GET', `${b}/intro`)).json).toMatchObject({ locked_for_user: false, body: '<p>welcome</p>' });
      const modules = (await api(server, c.student.token, 'GET', `/api/v1/courses/${c.id}/modules`)).json as Array<{ id: number; state: string }>;
      expect(modules.find((m) => m.id === gated.id)?.state).toBe('completed');

      // A rename moves the module item along with the slug.
      await updatePage(server, c.teacher.token, b, 'intro', { title: 'Introduction' });
      const items = (await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/modules/${gated.id}/items`)).json as Array<Record<string, unknown>>;
      expect(items[0]).toMatchObject({ page_url: 'introduction', title: 'Introduction' });
    });
  });
});

describe('regressions', () => {
  let server: TestServer;
  let course: ContentCourse;
  beforeAll(async () => {
    server = await startTestServer();
    course = await createContentCourse(server, 'Pages regressions');
  });
  afterAll(() => server.stop());

  const frontPages = async () =>
    (await server.core.services.repos.wikiPages.find({ course_id: course.id })).filter((p) => p.data.front_page && p.data.workflow_state !== 'deleted').map((p) => p.data.title);

  it('a new front page and the old one’s demotion are one write: never two front pages', async () => {
    const base = coursePages(course.id);
    const old = await createPage(server, course.teacher.token, base, { title: 'Old Front', published: true, front_page: true });
    const restore = failWritesOf(server, (await server.core.services.repos.wikiPages.get(old.page_id))!.key);
    try {
      expect((await api(server, course.teacher.token, 'POST', base, { wiki_page: { title: 'New Front', published: true, front_page: true } })).status).toBe(500);
      const other = await createPage(server, course.teacher.token, base, { title: 'Other', published: true });
      expect((await api(server, course.teacher.token, 'PUT', `${base}/${other.url}`, { wiki_page: { front_page: true } })).status).toBe(500);
    } finally {
      restore();
    }
    // Before: each request wrote its page as the front page, then failed to demote the old one.
    expect(await frontPages()).toEqual(['Old Front']);
  });

  it('a rename moves the page and the module items naming its slug together or not at all', async () => {
    const base = coursePages(course.id);
    const page = await createPage(server, course.teacher.token, base, { title: 'Intro', published: true });
    const module = await createPublishedModule(server, course.teacher.token, course.id);
    const item = await createItem(server, course.teacher.token, course.id, module.id, { type: 'Page', page_url: page.url });
    const restore = failWritesOf(server, (await server.core.services.repos.moduleItems.get(item.id))!.key);
    try {
      await api(server, course.teacher.token, 'PUT', `${base}/${page.url}`, { wiki_page: { title: 'Introduction' } });
    } finally {
      restore();
    }
    const stored = (await server.core.services.repos.wikiPages.get(page.page_id))!;
    expect((await server.core.services.repos.moduleItems.get(item.id))!.data.page_url).toBe(stored.data.url);
  });
});
