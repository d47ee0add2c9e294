import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { formApi, type Json } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'live-assessments-admin-token';

describe('live assessments API', () => {
  let server: TestServer;
  let c: RosterCourse;
  let other: RosterCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Live 101');
    other = await createRosterCourse(server, 'Live 102');
  });
  afterAll(() => server.stop());

  const base = () => `/api/v1/courses/${c.id}/live_assessments`;
  const create = async (key: string, title = key) => {
    const res = await api(server, c.teacher.token, 'POST', base(), { assessments: [{ key, title }] });
    return (res.json as { assessments: Json[] }).assessments[0]!;
  };
  const results = (json: unknown) => (json as { results: Json[] }).results;
  const record = (assessmentId: unknown, rows: Json[], token = c.teacher.token) =>
    api(server, token, 'POST', `${base()}/${String(assessmentId)}/results`, { results: rows });

  describe('errors come first', () => {
    it('refuses every route without a token (401 with the Bearer challenge)', async () => {
      const a = await create('no-token');
      for (const [method, path] of [
        ['GET', base()],
        ['POST', base()],
        ['GET', `${base()}/${String(a.id)}/results`],
        ['POST', `${base()}/${String(a.id)}/results`],
      ] as const) {
        expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
      }
    });

    it('refuses students, observers and outsiders (401 unauthorized)', async () => {
      const a = await create('roles');
      for (const who of [c.studentA, c.observer, c.outsider]) {
        expectUnauthorized(await api(server, who.token, 'GET', base()));
        expectUnauthorized(await api(server, who.token, 'POST', base(), { assessments: [{ key: 'k', title: 't' }] }));
        expectUnauthorized(await api(server, who.token, 'GET', `${base()}/${String(a.id)}/results`));
        expectUnauthorized(await record(a.id, [{ passed: true, assessed_at: '2024-01-01T00:00:00Z', links: { user: String(c.studentA.id) } }], who.token));
      }
      // Another course's teacher has no rights here.
      expectUnauthorized(await api(server, other.teacher.token, 'GET', base()));
    });

    it('answers 404 for unknown courses and assessments, and assessments of another course', async () => {
      const foreign = (await api(server, other.teacher.token, 'POST', `/api/v1/courses/${other.id}/live_assessments`, { assessments: [{ key: 'x', title: 'x' }] }))
        .json as { assessments: Json[] };
      expectNotFound(await api(server, c.teacher.token, 'GET', '/api/v1/courses/999999/live_assessments'));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${base()}/999999/results`));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${base()}/abc/results`));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${base()}/${String(foreign.assessments[0]!.id)}/results`));
      expectNotFound(await record(999999, []));
    });

    it('answers 400 with Canvas guard messages, writing nothing', async () => {
      const bad = async (body: Json, message: string, path = base()) => {
        const res = await api(server, c.teacher.token, 'POST', path, body);
        expect(res.status, message).toBe(400);
        expect(res.json).toEqual({ message });
      };
      await bad({}, 'missing required key :assessments');
      await bad({ assessments: [{ key: 'ok', title: 'ok' }, { key: 'k' }] }, 'missing required key :title');
      await bad({ assessments: [{ title: 't' }] }, 'missing required key :key');
      await bad({ assessments: [{ key: 'k', title: 't', links: { outcome: '1' } }] }, 'outcome must be linked to the context');
      const keys = ((await api(server, c.teacher.token, 'GET', `${base()}?per_page=100`)).json as { assessments: Json[] }).assessments.map((x) => x.key);
      expect(keys).not.toContain('ok');
      expect(keys).not.toContain('k');
      const a = await create('bad-results');
      const path = `${base()}/${String(a.id)}/results`;
      const ok = { passed: true, assessed_at: '2024-01-01T00:00:00Z', links: { user: String(c.studentA.id) } };
      await bad({}, 'missing required key :results', path);
      await bad({ results: [ok, { passed: true, assessed_at: '2024-01-01' }] }, 'missing required key :user', path);
      await bad({ results: [{ ...ok, links: { user: String(other.studentA.id) } }] }, 'user must be in the context', path);
      await bad({ results: [{ ...ok, links: { user: 'abc' } }] }, 'user must be in the context', path);
      const noPassed = await record(a.id, [{ assessed_at: '2024-01-01T00:00:00Z', links: { user: String(c.studentA.id) } }]);
      expect(noPassed.status).toBe(400);
      expect(Object.keys((noPassed.json as { errors: Json }).errors)).toEqual(['passed']);
      expect((await record(a.id, [{ ...ok, assessed_at: 'not a date' }])).status).toBe(400);
      expect(results((await api(server, c.teacher.token, 'GET', path)).json)).toEqual([]);
    });
  });

  describe('assessments', () => {
    it('creates or finds assessments by key (JSON and form), with string ids and the results link', async () => {
      const res = await api(server, c.teacher.token, 'POST', base(), { assessments: [{ key: 'day-1', title: 'Day one' }] });
      expect(res.status).toBe(200);
      const body = res.json as { links: Json; assessments: Json[] };
      expect(body.links).toEqual({ 'assessments.results': `${server.url}/api/v1/courses/${c.id}/live_assessments/{assessments.id}/results` });
      expect(body.assessments).toEqual([{ id: expect.stringMatching(/^\d+$/), key: 'day-1', title: 'Day one' }]);
      const again = await formApi(server, c.ta.token, 'POST', base(), 'assessments[][key]=day-1&assessments[][title]=Renamed');
      expect((again.json as { assessments: Json[] }).assessments).toEqual([{ id: body.assessments[0]!.id, key: 'day-1', title: 'Renamed' }]);
    });

    it('lists assessments with links, meta pagination and a Link header', async () => {
      const fresh = await createRosterCourse(server, 'Live list');
      const path = `/api/v1/courses/${fresh.id}/live_assessments`;
      await api(server, fresh.teacher.token, 'POST', path, { assessments: ['a', 'b', 'c'].map((k) => ({ key: k, title: k })) });
      const page = await api(server, fresh.teacher.token, 'GET', `${path}?per_page=2`);
      const body = page.json as { links: Json; assessments: Json[]; meta: { pagination: Json } };
      expect(body.assessments.map((a) => a.key)).toEqual(['a', 'b']);
      expect(body.links).toHaveProperty('assessments.results');
      expect(body.meta.pagination).toMatchObject({ per_page: 2, count: 3, page_count: 2, next: expect.stringContaining('page=2') });
      expect(page.headers.get('link')).toContain('rel="next"');
      expect(((await api(server, fresh.teacher.token, 'GET', `${path}?per_page=2&page=2`)).json as { assessments: Json[] }).assessments).toHaveLength(1);
    });
  });

  describe('results', () => {
    it('records results (JSON and form) and lists them per user', async () => {
      const a = await create('results');
      const path = `${base()}/${String(a.id)}/results`;
      const res = await record(a.id, [
        { passed: true, assessed_at: '2024-05-26T14:57:23-07:00', links: { user: String(c.studentA.id) } },
        { passed: false, assessed_at: '2024-05-26T13:05:40Z', links: { user: c.studentB.id } },
      ]);
      expect(res.status).toBe(200);
      expect(results(res.json)[0]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        passed: true,
        assessed_at: '2024-05-26T21:57:23Z',
        links: { user: String(c.studentA.id), assessor: String(c.teacher.id), assessment: String(a.id) },
      });
      const form = await formApi(server, c.teacher.token, 'POST', path, `results[][passed]=f&results[][assessed_at]=2024-05-27&results[][links][user]=${c.studentA.id}`);
      expect(form.status).toBe(200);
      expect(results(form.json)[0]).toMatchObject({ passed: false, links: { user: String(c.studentA.id) } });

      const all = await api(server, c.teacher.token, 'GET', path);
      expect(results(all.json)).toHaveLength(3);
      expect((all.json as { meta: { pagination: Json } }).meta.pagination).toMatchObject({ count: 3, per_page: 10 });
      const forA = await api(server, c.teacher.token, 'GET', `${path}?user_id=${c.studentA.id}&per_page=1`);
      expect(results(forA.json).map((r) => (r.links as Json).user)).toEqual([String(c.studentA.id)]);
      expect(forA.headers.get('link')).toContain(`user_id=${c.studentA.id}`);
      expect(results((await api(server, c.teacher.token, 'GET', `${path}?user_id=${c.studentA.id}&page=2&per_page=1`)).json)).toHaveLength(1);
      expect((await api(server, c.teacher.token, 'GET', `${path}?user_id=abc`)).status).toBe(400);
    });
  });
});
