import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createModule, createPublishedModule, createUrlItem, updateModule, type Json } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'modules-admin-token';

describe('modules API', () => {
  let server: TestServer;
  let c: RosterCourse;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Modules 101');
    base = `/api/v1/courses/${c.id}/modules`;
  });
  afterAll(() => server.stop());

  describe('errors first', () => {
    it('refuses a request without a token on every route', async () => {
      for (const [method, path] of [
        ['GET', base],
        ['GET', `${base}/1`],
        ['POST', base],
        ['PUT', `${base}/1`],
        ['DELETE', `${base}/1`],
        ['PUT', `${base}/1/relock`],
      ] as const) {
        expectInvalidToken(await api(server, undefined, method, path, method === 'GET' || method === 'DELETE' ? undefined : {}));
      }
    });

    it('refuses callers without the right: outsiders read nothing, students and observers write nothing', async () => {
      const m = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Rights' });
      expectUnauthorized(await api(server, c.outsider.token, 'GET', base));
      expectUnauthorized(await api(server, c.outsider.token, 'GET', `${base}/${m.id}`));
      expectUnauthorized(await api(server, c.studentA.token, 'POST', base, { module: { name: 'x' } }));
      expectUnauthorized(await api(server, c.observer.token, 'PUT', `${base}/${m.id}`, { module: { name: 'x' } }));
      expectUnauthorized(await api(server, c.studentA.token, 'DELETE', `${base}/${m.id}`));
      expectUnauthorized(await api(server, c.studentA.token, 'PUT', `${base}/${m.id}/relock`));
    });

    it('answers 404 for an unknown course or module, and for an unpublished module to a student', async () => {
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/courses/999999999/modules'));
      expectNotFound(await api(server, ADMIN, 'GET', `${base}/999999999`));
      expectNotFound(await api(server, ADMIN, 'GET', `${base}/abc`));
      const draft = await createModule(server, c.teacher.token, c.id, { name: 'Draft' });
      expectNotFound(await api(server, c.studentA.token, 'GET', `${base}/${draft.id}`));
      expect((await api(server, c.teacher.token, 'GET', `${base}/${draft.id}`)).status).toBe(200);
    });

    it('validates before writing: missing module, blank name, bad values, short search term', async () => {
      const count = async () => ((await api(server, c.teacher.token, 'GET', `${base}?per_page=100`)).json as unknown[]).length;
      const before = await count();
      expect(await api(server, c.teacher.token, 'POST', base, {})).toMatchObject({ status: 400, json: { message: 'missing module parameter' } });
      expect(await api(server, c.teacher.token, 'POST', base, { module: { name: ' ' } })).toMatchObject({
        status: 400,
        json: { message: 'missing module name' },
      });
      const bad = await api(server, c.teacher.token, 'POST', base, { module: { name: 'x', position: 'first' } });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ errors: { position: [{ attribute: 'position' }] } });
      expect((await api(server, c.teacher.token, 'POST', base, { module: { name: 'x', unlock_at: 'someday' } })).status).toBe(400);
      expect(await count()).toBe(before);
      expect(await api(server, c.teacher.token, 'GET', `${base}?search_term=ab`)).toMatchObject({
        status: 400,
        json: { errors: [{ field: 'search_term', code: 'invalid', message: '3 or more characters is required' }] },
      });
    });
  });

  describe('create, update, delete', () => {
    let course: RosterCourse;
    let path: string;
    // Positions are what these tests look at, so each starts from a course of its own, empty of modules.
    beforeEach(async () => {
      course = await createRosterCourse(server, 'Positions');
      path = `/api/v1/courses/${course.id}/modules`;
    });
    const list = async () => (await api(server, course.teacher.token, 'GET', path)).json as Json[];
    /** A, New and B, in that order: New was inserted at position 2 after A and B were created. */
    const threeModules = async () => {
      const a = await createModule(server, course.teacher.token, course.id, { name: 'A' });
      const b = await createModule(server, course.teacher.token, course.id, { name: 'B' });
      const n = await createModule(server, course.teacher.token, course.id, { name: 'New', position: 2 });
      return { a, n, b };
    };

    it('creates unpublished modules last, and inserts at a position shifting the others', async () => {
      const { a, n, b } = await threeModules();
      expect(a).toMatchObject({ name: 'A', position: 1, published: false, workflow_state: 'active', items_count: 0, prerequisite_module_ids: [] });
      expect(a.items_url).toBe(`${server.url}${path}/${a.id}/items`);
      expect(b.position).toBe(2);
      expect(n.position).toBe(2);
      const modules = await list();
      expect(modules.map((m) => [m.name, m.position])).toEqual([['A', 1], ['New', 2], ['B', 3]]);
      expect(modules.find((m) => m.id === b.id)?.position).toBe(3);
    });

    it('keeps only prerequisites that precede the module; an empty list clears them', async () => {
      const { a, n, b } = await threeModules();
      const c2 = await createModule(server, course.teacher.token, course.id, {
        name: 'C',
        position: 2,
        prerequisite_module_ids: [String(a.id), String(b.id), '999999', 'junk'],
      });
      expect(c2.prerequisite_module_ids).toEqual([a.id]);
      const updated = await updateModule(server, course.teacher.token, course.id, b.id, { prerequisite_module_ids: [a.id, n.id, c2.id] });
      expect(updated.prerequisite_module_ids).toEqual([a.id, n.id, c2.id]);
      const cleared = await api(server, course.teacher.token, 'PUT', `${path}/${b.id}`, { module: { prerequisite_module_ids: [] } });
      expect((cleared.json as Json).prerequisite_module_ids).toEqual([]);
    });

    it('moves a module up and down', async () => {
      const { a, n, b } = await threeModules();
      await updateModule(server, course.teacher.token, course.id, b.id, { position: 1 });
      expect((await list()).map((m) => [m.id, m.position])).toEqual([[b.id, 1], [a.id, 2], [n.id, 3]]);
      await updateModule(server, course.teacher.token, course.id, b.id, { position: 99 });
      expect((await list()).map((m) => [m.id, m.position])).toEqual([[a.id, 1], [n.id, 2], [b.id, 3]]);
    });

    it('publishing cascades to items, unpublishing too; relock_warning when locks are added', async () => {
      const m = await createModule(server, course.teacher.token, course.id, { name: 'Cascade' });
      const item = await createUrlItem(server, course.teacher.token, course.id, m.id);
      await api(server, course.teacher.token, 'PUT', `${path}/${m.id}/items/${item.id}`, { module_item: { published: false } });
      const published = await updateModule(server, course.teacher.token, course.id, m.id, { published: true, unlock_at: '2099-01-01T00:00:00Z' });
      expect(published).toMatchObject({ published: true, unlock_at: '2099-01-01T00:00:00Z', relock_warning: true });
      const items = (await api(server, course.teacher.token, 'GET', `${path}/${m.id}/items`)).json as Json[];
      expect(items[0]!.published).toBe(true);
      await updateModule(server, course.teacher.token, course.id, m.id, { published: 'false' });
      const again = (await api(server, course.teacher.token, 'GET', `${path}/${m.id}/items`)).json as Json[];
      expect(again[0]!.published).toBe(false);
    });

    it('deletes softly without renumbering the others', async () => {
      await threeModules();
      const before = await list();
      const victim = before[1]!;
      const res = await api(server, course.teacher.token, 'DELETE', `${path}/${victim.id}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: victim.id, workflow_state: 'deleted' });
      const after = await list();
      expect(after.map((m) => m.id)).toEqual(before.filter((m) => m.id !== victim.id).map((m) => m.id));
      expect(after.map((m) => m.position)).toEqual(before.filter((m) => m.id !== victim.id).map((m) => m.position));
      expectNotFound(await api(server, course.teacher.token, 'GET', `${path}/${victim.id}`));
    });
  });

  describe('listing', () => {
    let course: RosterCourse;
    let path: string;
    beforeAll(async () => {
      course = await createRosterCourse(server, 'Listing');
      path = `/api/v1/courses/${course.id}/modules`;
      for (const name of ['Alpha', 'Beta', 'Gamma']) {
        const m = await createPublishedModule(server, course.teacher.token, course.id, { name });
        await createUrlItem(server, course.teacher.token, course.id, m.id, { title: `${name} reading` });
      }
      await createModule(server, course.teacher.token, course.id, { name: 'Hidden draft' });
    });

    it('paginates with Canvas Link headers', async () => {
      const res = await api(server, course.teacher.token, 'GET', `${path}?per_page=2`);
      expect((res.json as Json[]).map((m) => m.name)).toEqual(['Alpha', 'Beta']);
      expect(res.headers.get('link')).toContain('rel="next"');
      const page2 = await api(server, course.teacher.token, 'GET', `${path}?per_page=2&page=2`);
      expect((page2.json as Json[]).map((m) => m.name)).toEqual(['Gamma', 'Hidden draft']);
    });

    it('shows students only published modules, without `published`, with their state', async () => {
      const list = (await api(server, course.studentA.token, 'GET', path)).json as Json[];
      expect(list.map((m) => m.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
      expect(list[0]).not.toHaveProperty('published');
      expect(list[0]).toMatchObject({ state: 'completed', completed_at: expect.any(String) });
      const teacherList = (await api(server, course.teacher.token, 'GET', path)).json as Json[];
      expect(teacherList[0]).not.toHaveProperty('state');
      const observed = (await api(server, course.observer.token, 'GET', path)).json as Json[];
      expect(observed[0]).not.toHaveProperty('state');
    });

    it('includes items (and content_details), and searches names and item titles', async () => {
      const withItems = (await api(server, course.studentA.token, 'GET', `${path}?include[]=items&include[]=content_details`)).json as Json[];
      expect((withItems[0]!.items as Json[])[0]).toMatchObject({ title: 'Alpha reading', content_details: { locked_for_user: false } });
      expect((await api(server, course.studentA.token, 'GET', path)).json as Json[]).not.toHaveProperty('0.items');
      const byName = (await api(server, course.teacher.token, 'GET', `${path}?search_term=alp`)).json as Json[];
      expect(byName.map((m) => m.name)).toEqual(['Alpha']);
      const byItem = (await api(server, course.teacher.token, 'GET', `${path}?search_term=gamma%20rea&include[]=items`)).json as Json[];
      expect(byItem.map((m) => m.name)).toEqual(['Gamma']);
      expect(byItem[0]!.items as Json[]).toHaveLength(1);
    });

    it('student_id: graders and observers of that student see their state; other students get 401', async () => {
      const asTeacher = (await api(server, course.teacher.token, 'GET', `${path}?student_id=${course.studentA.id}`)).json as Json[];
      expect(asTeacher[0]).toHaveProperty('state');
      const asObserver = await api(server, course.observer.token, 'GET', `${path}?student_id=${course.studentA.id}`);
      expect(asObserver.status).toBe(200);
      expectUnauthorized(await api(server, course.studentB.token, 'GET', `${path}?student_id=${course.studentA.id}`));
      // Found, then refused: a user who is no student of the course is a 401, one who does not exist a 404.
      expectUnauthorized(await api(server, course.teacher.token, 'GET', `${path}?student_id=${course.ta.id}`));
      expectNotFound(await api(server, course.teacher.token, 'GET', `${path}?student_id=987654321`));
    });
  });
});
