import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_IDS } from '../../src/server/domain/permissions/index.ts';
import { api, createFixtureUser, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'custom-columns-admin-token';

type Column = { id: number; title: string; position: number; hidden: boolean; teacher_notes: boolean; read_only: boolean };

describe('custom gradebook columns API', () => {
  let server: TestServer;
  let c: RosterCourse;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Columns 101');
    base = `/api/v1/courses/${c.id}/custom_gradebook_columns`;
  });
  afterAll(() => server.stop());

  const create = async (token: string, column: Record<string, unknown>, course = c) => {
    const res = await api(server, token, 'POST', `/api/v1/courses/${course.id}/custom_gradebook_columns`, { column });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Column;
  };
  const list = async (path: string, token = c.teacher.token) => (await api(server, token, 'GET', path)).json as Column[];

  describe('errors first', () => {
    it('refuses a request without a token on every route', async () => {
      for (const [method, path] of [
        ['GET', base],
        ['POST', base],
        ['PUT', `${base}/1`],
        ['DELETE', `${base}/1`],
        ['POST', `${base}/reorder`],
        ['GET', `${base}/1/data`],
        ['PUT', `${base}/1/data/1`],
      ] as const) {
        expectInvalidToken(await api(server, undefined, method, path, method === 'GET' || method === 'DELETE' ? undefined : {}), `${method} ${path}`);
      }
    });

    it('refuses callers without a grading right: designers, students, observers and outsiders', async () => {
      const col = await create(c.teacher.token, { title: 'Rights' });
      for (const who of [c.designer, c.studentA, c.observer, c.outsider]) {
        expectUnauthorized(await api(server, who.token, 'GET', base), who.login);
        expectUnauthorized(await api(server, who.token, 'POST', base, { column: { title: 'x' } }), who.login);
        expectUnauthorized(await api(server, who.token, 'PUT', `${base}/${col.id}`, { column: { title: 'x' } }), who.login);
        expectUnauthorized(await api(server, who.token, 'DELETE', `${base}/${col.id}`), who.login);
        expectUnauthorized(await api(server, who.token, 'POST', `${base}/reorder`, { order: [col.id] }), who.login);
        expectUnauthorized(await api(server, who.token, 'GET', `${base}/${col.id}/data`), who.login);
        expectUnauthorized(await api(server, who.token, 'PUT', `${base}/${col.id}/data/${c.studentA.id}`, { column_data: { content: 'x' } }), who.login);
      }
    });

    it('lets view_all_grades read but only manage_grades write', async () => {
      const accounts = server.core.services.repos.accounts;
      const root = server.core.services.installation.root_account_id;
      const sub = await accounts.create(
        { name: 'Readers', parent_account_id: root, root_account_id: root, workflow_state: 'active', sis_account_id: null, uuid: 'readers-uuid', default_time_zone: 'UTC' },
        fixtureStamp(),
      );
      await server.core.services.repos.roleOverrides.create(
        { account_id: sub.id, role_id: BUILT_IN_ROLE_IDS.TaEnrollment, permission: 'manage_grades', enabled: false, locked: false, applies_to_self: true, applies_to_descendants: true },
        fixtureStamp(),
      );
      const course = await createFixtureCourse(server, { name: 'Read only', accountId: sub.id });
      const reader = await createFixtureUser(server, 'Rita Reader');
      await enrollFixtureUser(server, course.id, reader.id, 'TaEnrollment');
      const path = `/api/v1/courses/${course.id}/custom_gradebook_columns`;
      const col = await create(ADMIN, { title: 'Read me' }, { ...c, id: course.id });
      expect((await api(server, reader.token, 'GET', path)).status).toBe(200);
      expect((await api(server, reader.token, 'GET', `${path}/${col.id}/data`)).status).toBe(200);
      expectUnauthorized(await api(server, reader.token, 'POST', path, { column: { title: 'x' } }));
      expectUnauthorized(await api(server, reader.token, 'POST', `${path}/reorder`, { order: [col.id] }));
    });

    it('answers 404 for unknown courses and columns, other courses\' columns, deleted ones and hidden ones without include_hidden', async () => {
      expectNotFound(await api(server, ADMIN, 'GET', '/api/v1/courses/999999999/custom_gradebook_columns'));
      expectNotFound(await api(server, ADMIN, 'PUT', `${base}/999999999`, { column: { title: 'x' } }));
      expectNotFound(await api(server, ADMIN, 'DELETE', `${base}/abc`));
      expectNotFound(await api(server, ADMIN, 'GET', `${base}/999999999/data`));
      const other = await createRosterCourse(server, 'Other columns');
      const foreign = await create(other.teacher.token, { title: 'Theirs' }, other);
      expectNotFound(await api(server, c.teacher.token, 'PUT', `${base}/${foreign.id}`, { column: { title: 'x' } }));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${base}/${foreign.id}/data`));
      const hidden = await create(c.teacher.token, { title: 'Hidden', hidden: true });
      expectNotFound(await api(server, c.teacher.token, 'GET', `${base}/${hidden.id}/data`));
      expect((await api(server, c.teacher.token, 'GET', `${base}/${hidden.id}/data?include_hidden=true`)).status).toBe(200);
      const gone = await create(c.teacher.token, { title: 'Gone' });
      expect((await api(server, c.teacher.token, 'DELETE', `${base}/${gone.id}`)).status).toBe(200);
      expectNotFound(await api(server, c.teacher.token, 'DELETE', `${base}/${gone.id}`));
      expectNotFound(await api(server, c.teacher.token, 'PUT', `${base}/${gone.id}`, { column: { title: 'x' } }));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${base}/${gone.id}/data?include_hidden=1`));
      expectNotFound(await api(server, c.teacher.token, 'PUT', `${base}/${gone.id}/data/${c.studentA.id}`, { column_data: { content: 'x' } }));
    });

    it('answers 404 for a datum of someone who is not a student the caller can see', async () => {
      const col = await create(c.teacher.token, { title: 'Who' });
      const put = (token: string, userId: number | string) =>
        api(server, token, 'PUT', `${base}/${col.id}/data/${userId}`, { column_data: { content: 'note' } });
      expectNotFound(await put(c.teacher.token, c.teacher.id));
      expectNotFound(await put(c.teacher.token, c.outsider.id));
      expectNotFound(await put(c.teacher.token, 999999999));
      expectNotFound(await put(c.teacher.token, 'self'));
      // The TA is limited to section B: student A is not theirs.
      expectNotFound(await put(c.ta.token, c.studentA.id));
      expect((await put(c.ta.token, c.studentB.id)).status).toBe(200);
    });

    it('validates before writing anything', async () => {
      const count = async () => (await list(`${base}?include_hidden=true&per_page=100`)).length;
      const before = await count();
      expect(await api(server, c.teacher.token, 'POST', base, {})).toMatchObject({ status: 400, json: { errors: [{ message: 'column is missing' }] } });
      expect(await api(server, c.teacher.token, 'POST', base, { column: { title: '  ' } })).toMatchObject({
        status: 400,
        json: { errors: { title: [{ attribute: 'title', type: 'blank', message: "can't be blank" }] } },
      });
      expect(await api(server, c.teacher.token, 'POST', base, { column: { position: 1 } })).toMatchObject({ status: 400, json: { errors: { title: [{ type: 'blank' }] } } });
      expect((await api(server, c.teacher.token, 'POST', base, { column: { title: 'x'.repeat(256) } })).json).toMatchObject({ errors: { title: [{ type: 'too_long' }] } });
      expect((await api(server, c.teacher.token, 'POST', base, { column: { title: 'x', position: 'first' } })).status).toBe(400);
      expect(await api(server, c.teacher.token, 'POST', base, { column: { title: 'x', teacher_notes: '' } })).toMatchObject({
        status: 400,
        json: { errors: { teacher_notes: [{ attribute: 'teacher_notes', message: 'teacher_notes must be true or false' }] } },
      });
      expect(await count()).toBe(before);
      const col = (await list(base))[0]!;
      expect(await api(server, c.teacher.token, 'PUT', `${base}/${col.id}`, {})).toMatchObject({ status: 400, json: { errors: [{ message: 'column is missing' }] } });
      expect((await api(server, c.teacher.token, 'PUT', `${base}/${col.id}`, { column: { title: '' } })).status).toBe(400);
      expect(await api(server, c.teacher.token, 'POST', `${base}/reorder`, {})).toMatchObject({ status: 400, json: { errors: [{ message: 'order is missing' }] } });
      const datum = `${base}/${col.id}/data/${c.studentA.id}`;
      expect(await api(server, c.teacher.token, 'PUT', datum, {})).toMatchObject({ status: 400, json: { errors: [{ message: 'column_data[content] is missing' }] } });
      expect((await api(server, c.teacher.token, 'PUT', datum, { column_data: { content: 'y'.repeat(256) } })).status).toBe(400);
      expect((await api(server, c.teacher.token, 'PUT', datum, { column_data: 'z' })).status).toBe(400);
      expect((await list(`${base}/${col.id}/data`)).length).toBe(0);
      expect((await list(base))[0]).toEqual(col);
    });

    it('supports only one teacher_notes column', async () => {
      const course = await createRosterCourse(server, 'Notes');
      const path = `/api/v1/courses/${course.id}/custom_gradebook_columns`;
      const notes = await create(course.teacher.token, { title: 'Notes', teacher_notes: true, hidden: 'true' }, course);
      expect(notes).toMatchObject({ teacher_notes: true, hidden: true });
      expect(await api(server, course.teacher.token, 'POST', path, { column: { title: 'More notes', teacher_notes: true } })).toMatchObject({
        status: 400,
        json: { errors: { teacher_notes: [{ attribute: 'teacher_notes', type: 'taken' }] } },
      });
      const plain = await create(course.teacher.token, { title: 'Plain' }, course);
      expect((await api(server, course.teacher.token, 'PUT', `${path}/${plain.id}`, { column: { teacher_notes: 1 } })).status).toBe(400);
      // Updating the notes column itself is fine, and once it is deleted another may be made.
      expect((await api(server, course.teacher.token, 'PUT', `${path}/${notes.id}`, { column: { teacher_notes: true, title: 'Notes!' } })).status).toBe(200);
      await api(server, course.teacher.token, 'DELETE', `${path}/${notes.id}`);
      expect((await api(server, course.teacher.token, 'PUT', `${path}/${plain.id}`, { column: { teacher_notes: 'yes' } })).json).toMatchObject({ teacher_notes: true });
    });
  });

  describe('columns', () => {
    let course: RosterCourse;
    let path: string;
    beforeAll(async () => {
      course = await createRosterCourse(server, 'Positions');
      path = `/api/v1/courses/${course.id}/custom_gradebook_columns`;
    });
    const titles = async (query = '') => (await list(`${path}${query}`, course.teacher.token)).map((col) => [col.title, col.position]);

    it('creates columns last with Canvas JSON, and inserts at a position shifting the others', async () => {
      const a = await create(course.teacher.token, { title: 'A' }, course);
      expect(a).toEqual({ id: expect.any(Number), title: 'A', position: 1, teacher_notes: false, read_only: false, hidden: false });
      await create(course.teacher.token, { title: 'B' }, course);
      expect((await create(course.teacher.token, { title: 'New', position: 2 }, course)).position).toBe(2);
      expect((await create(course.teacher.token, { title: 'Far', position: 99 }, course)).position).toBe(4);
      expect(await titles()).toEqual([['A', 1], ['New', 2], ['B', 3], ['Far', 4]]);
    });

    it('accepts form-encoded bodies', async () => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${course.ta.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'column[title]=Form&column[read_only]=1',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ title: 'Form', position: 5, read_only: true });
    });

    it('hides columns from the list unless include_hidden, and moves them', async () => {
      const [, n] = await list(path, course.teacher.token);
      const hidden = await api(server, course.teacher.token, 'PUT', `${path}/${n!.id}`, { column: { hidden: true, title: 'New (hidden)' } });
      expect(hidden.json).toMatchObject({ title: 'New (hidden)', hidden: true, position: 2 });
      expect(await titles()).toEqual([['A', 1], ['B', 3], ['Far', 4], ['Form', 5]]);
      expect((await titles('?include_hidden=true')).map(([t]) => t)).toEqual(['A', 'New (hidden)', 'B', 'Far', 'Form']);
      const moved = await api(server, course.teacher.token, 'PUT', `${path}/${n!.id}`, { column: { position: 5, hidden: false } });
      expect(moved.json).toMatchObject({ position: 5, hidden: false });
      expect(await titles()).toEqual([['A', 1], ['B', 2], ['Far', 3], ['Form', 4], ['New (hidden)', 5]]);
    });

    it('deletes a column, returning it, without renumbering the rest', async () => {
      const [, b] = await list(path, course.teacher.token);
      const res = await api(server, course.teacher.token, 'DELETE', `${path}/${b!.id}`);
      expect(res).toMatchObject({ status: 200, json: { id: b!.id, title: 'B', position: 2 } });
      expect(await titles('?include_hidden=true')).toEqual([['A', 1], ['Far', 3], ['Form', 4], ['New (hidden)', 5]]);
    });

    it('reorders: listed ids first (duplicates, junk and unknown ids ignored), the rest after in order; answers {}', async () => {
      const [a, far, form, n] = await list(path, course.teacher.token);
      const res = await api(server, course.teacher.token, 'POST', `${path}/reorder`, { order: [n!.id, String(form!.id), n!.id, 'junk', -3, 999999999] });
      expect(res).toMatchObject({ status: 200, json: {} });
      expect(await titles()).toEqual([['New (hidden)', 1], ['Form', 2], ['A', 3], ['Far', 4]]);
      const form2 = await fetch(`${server.url}${path}/reorder`, {
        method: 'POST',
        headers: { authorization: `Bearer ${course.teacher.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `order[]=${a!.id}&order[]=${far!.id}`,
      });
      expect(form2.status).toBe(200);
      expect(await titles()).toEqual([['A', 1], ['Far', 2], ['New (hidden)', 3], ['Form', 4]]);
    });

    it('paginates with the exact Link header', async () => {
      const res = await api(server, course.teacher.token, 'GET', `${path}?per_page=3&page=2`);
      expect((res.json as Column[]).map((col) => col.title)).toEqual(['Form']);
      const link = `${server.url}${path}?`;
      expect(res.headers.get('link')).toBe(
        `<${link}page=2&per_page=3>; rel="current",<${link}page=1&per_page=3>; rel="prev",` +
          `<${link}page=1&per_page=3>; rel="first",<${link}page=2&per_page=3>; rel="last"`,
      );
      expectNotFound(await api(server, course.teacher.token, 'GET', `${path}?page=0`));
    });

    it('finds the course by sis_course_id', async () => {
      const sisCourse = await createFixtureCourse(server, { name: 'SIS columns', sis_course_id: 'COLS-1' });
      const res = await api(server, ADMIN, 'POST', '/api/v1/courses/sis_course_id:COLS-1/custom_gradebook_columns', { column: { title: 'S' } });
      expect(res.status).toBe(200);
      expect((await api(server, ADMIN, 'GET', `/api/v1/courses/${sisCourse.id}/custom_gradebook_columns`)).json).toEqual([res.json]);
    });
  });

  describe('column data', () => {
    let course: RosterCourse;
    let path: string;
    let col: Column;
    beforeAll(async () => {
      course = await createRosterCourse(server, 'Data');
      path = `/api/v1/courses/${course.id}/custom_gradebook_columns`;
      col = await create(course.teacher.token, { title: 'Allergies' }, course);
    });
    const put = (userId: number, content: unknown, token = course.teacher.token, columnId = col.id) =>
      api(server, token, 'PUT', `${path}/${columnId}/data/${userId}`, { column_data: { content } });
    const entries = async (token = course.teacher.token, query = '') => (await api(server, token, 'GET', `${path}/${col.id}/data${query}`)).json;

    it('sets and replaces entries; students without one are not listed', async () => {
      expect(await entries()).toEqual([]);
      expect(await put(course.studentA.id, 'Nut allergy')).toMatchObject({ status: 200, json: { user_id: course.studentA.id, content: 'Nut allergy' } });
      expect(await entries()).toEqual([{ user_id: course.studentA.id, content: 'Nut allergy' }]);
      expect((await put(course.studentA.id, 'Nuts and eggs')).json).toEqual({ user_id: course.studentA.id, content: 'Nuts and eggs' });
      await put(course.studentB.id, 'None', course.ta.token);
      expect(await entries()).toEqual([
        { user_id: course.studentA.id, content: 'Nuts and eggs' },
        { user_id: course.studentB.id, content: 'None' },
      ]);
    });

    it('lists only the entries of students the caller can see', async () => {
      expect(await entries(course.ta.token)).toEqual([{ user_id: course.studentB.id, content: 'None' }]);
    });

    it('blank content deletes the entry and echoes it', async () => {
      expect(await put(course.studentB.id, '')).toMatchObject({ status: 200, json: { user_id: course.studentB.id, content: '' } });
      expect(await entries()).toEqual([{ user_id: course.studentA.id, content: 'Nuts and eggs' }]);
      expect((await put(course.studentB.id, '   ')).status).toBe(200);
      expect((await put(course.studentB.id, 'Back')).status).toBe(200);
      expect(await entries()).toEqual([
        { user_id: course.studentA.id, content: 'Nuts and eggs' },
        { user_id: course.studentB.id, content: 'Back' },
      ]);
    });

    it('keeps one entry per student under concurrent first writes', async () => {
      const other = await create(course.teacher.token, { title: 'Race' }, course);
      const results = await Promise.all(['1', '2', '3', '4'].map((text) => put(course.studentA.id, text, course.teacher.token, other.id)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const stored = await server.core.services.repos.columnData.find({ parent_id: other.id });
      expect(stored).toHaveLength(1);
    });

    it('writes entries of hidden columns, which list only with include_hidden', async () => {
      const hidden = await create(course.teacher.token, { title: 'Secret', hidden: true }, course);
      expect((await put(course.studentA.id, 'psst', course.teacher.token, hidden.id)).status).toBe(200);
      expect((await api(server, course.teacher.token, 'GET', `${path}/${hidden.id}/data?include_hidden=true`)).json).toEqual([
        { user_id: course.studentA.id, content: 'psst' },
      ]);
    });

    it('paginates entries', async () => {
      const res = await api(server, course.teacher.token, 'GET', `${path}/${col.id}/data?per_page=1&page=2`);
      expect(res.json).toEqual([{ user_id: course.studentB.id, content: 'Back' }]);
      expect(res.headers.get('link')).toContain('rel="prev"');
      expect(res.headers.get('link')).not.toContain('rel="next"');
    });

    it('deleting the column deletes its entries', async () => {
      expect((await api(server, course.teacher.token, 'DELETE', `${path}/${col.id}`)).status).toBe(200);
      const stored = await server.core.services.repos.columnData.find({ parent_id: col.id });
      expect(stored.map((d) => d.data.workflow_state)).toEqual(['deleted', 'deleted']);
    });
  });
});
