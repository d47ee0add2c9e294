import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApp, type FixtureApp } from '../helpers/http-fixture-app.ts';
import { fixtureRoutes } from '../helpers/http-fixture-routes.ts';
import { rawRequest } from '../helpers/http-raw.ts';

const AUTH = { authorization: 'Bearer lms_teacher-token' };

describe('Canvas parameters over real HTTP (docs/architecture.md §5.2)', () => {
  let app: FixtureApp;
  beforeAll(async () => {
    app = await startFixtureApp(fixtureRoutes());
  });
  afterAll(() => app.close());

  const get = (query: string) => fetch(`${app.url}/api/v1/echo?${query}`, { headers: AUTH });
  const post = (body: string, contentType = 'application/json', path = '/api/v1/echo') =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { ...AUTH, 'content-type': contentType }, body });
  const prototypeIsClean = () => {
    const probe: Record<string, unknown> = {};
    expect(probe.x).toBeUndefined();
    expect(probe.admin).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  };

  it('parses brackets, wraps include[] sent once, coerces booleans, ids and dates', async () => {
    const res = await get('flag=yes&include[]=a&include[]=zzz&ids[]=3&ids[]=4&at=2024-01-15T18:30:00Z&count=7&module[name]=M');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ flag: true, include: ['a'], ids: [3, 4], at: '2024-01-15T18:30:00.000Z', count: 7, module: { name: 'M' } });
    expect(await (await get('include=b&ids=5')).json()).toEqual({ include: ['b'], ids: [5] });
  });

  it('Canvas booleans (docs/canvas-compatibility.md §1.2)', async () => {
    const cases: Array<[string, boolean]> = [['true', true], ['T', true], ['on', true], ['1', true], ['y', true], ['2x', true],
      ['false', false], ['F', false], ['off', false], ['0', false], ['n', false], ['', false], ['abc', false]];
    for (const [text, expected] of cases) {
      expect(((await (await get(`flag=${encodeURIComponent(text)}`)).json()) as { flag: boolean }).flag, text).toBe(expected);
    }
  });

  it('a repeated scalar takes its last value', async () => {
    expect(((await (await get('count=1&count=9')).json()) as { count: number }).count).toBe(9);
  });

  it('form and JSON bodies are equivalent and merge with the query and the path', async () => {
    const form = await post('flag=true&include[]=b&module[name]=F', 'application/x-www-form-urlencoded; charset=UTF-8');
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({ flag: true, include: ['b'], module: { name: 'F' } });
    const json = await post(JSON.stringify({ flag: true, include: 'b', module: { name: 'F', position: '2' } }));
    expect(await json.json()).toMatchObject({ flag: true, include: ['b'], module: { name: 'F', position: 2 } });

    // Rails: the query beats the body, the path beats both.
    const merged = await fetch(`${app.url}/api/v1/courses/7/things/8?name=from-query`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from-body', course_id: 99 }),
    });
    expect(await merged.json()).toEqual({ course_id: 7, id: 8, name: 'from-query' });
  });

  it('a write without a body is fine', async () => {
    const res = await fetch(`${app.url}/api/v1/echo`, { method: 'POST', headers: AUTH });
    expect(res.status).toBe(201);
  });

  it('validation failures are 400 in the keyed Canvas form', async () => {
    const res = await fetch(`${app.url}/api/v1/courses/7/things/8`, { method: 'PUT', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: { name: [{ attribute: 'name', type: 'blank', message: "can't be blank" }] } });
    const nested = await get('module[position]=first&at=not-a-date');
    expect(nested.status).toBe(400);
    const body = (await nested.json()) as { errors: Record<string, Array<{ attribute: string }>> };
    expect(Object.keys(body.errors).sort()).toEqual(['at', 'position']);
    expect(body.errors.position?.[0]?.attribute).toBe('position');
  });

  it('bracket keys are hash keys, digits included: id-keyed hashes of any size keep their ids', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => 9_000_000_000 + i * 7);
    const expected = Object.fromEntries(ids.map((id) => [String(id), { posted_grade: `${id % 10}` }]));
    const query = ids.map((id) => `grade_data[${id}][posted_grade]=${id % 10}`).join('&');
    const fromQuery = await get(query);
    expect(fromQuery.status).toBe(200);
    expect(((await fromQuery.json()) as { grade_data: unknown }).grade_data).toEqual(expected);
    const fromForm = await post(query.replace(/\[/g, '%5B').replace(/\]/g, '%5D'), 'application/x-www-form-urlencoded');
    expect(((await fromForm.json()) as { grade_data: unknown }).grade_data).toEqual(expected);
    const fromJson = await post(JSON.stringify({ grade_data: expected }));
    expect(((await fromJson.json()) as { grade_data: unknown }).grade_data).toEqual(expected);
    // Small ids are keys too, never list slots that would be renumbered.
    expect(((await (await get('grade_data[7][posted_grade]=A&grade_data[3][posted_grade]=B')).json()) as { grade_data: unknown }).grade_data).toEqual({
      7: { posted_grade: 'A' },
      3: { posted_grade: 'B' },
    });
  });

  it('lists: [] appends (no cap below the parameter limit), index-keyed hashes read as lists, [][key] builds hashes', async () => {
    const many = await get(Array.from({ length: 150 }, (_, i) => `ids[]=${i + 1}`).join('&'));
    expect(((await many.json()) as { ids: number[] }).ids).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(await (await get('ids[1]=4&ids[0]=3&ids[12]=9')).json()).toEqual({ include: [], ids: [3, 4, 9] });
    expect(await (await get('ids[99999]=5')).json()).toEqual({ include: [], ids: [5] });
    expect(await (await get('include[0]=a&include[1]=b')).json()).toEqual({ include: ['a', 'b'] });
    // Rack's rule: a new hash starts when the last one already has the key.
    const hashes = await post('entries[][a]=1&entries[][b]=2&entries[][a]=3', 'application/x-www-form-urlencoded');
    expect(((await hashes.json()) as { entries: unknown }).entries).toEqual([{ a: '1', b: '2' }, { a: '3' }]);
    const indexed = await post('entries[1][a]=y&entries[0][a]=x', 'application/x-www-form-urlencoded');
    expect(((await indexed.json()) as { entries: unknown }).entries).toEqual([{ a: 'x' }, { a: 'y' }]);
  });

  it('bracket limits, mixed shapes and hostile keys are 400, never 500', async () => {
    const hostile = [
      'a[b][c][d][e][f][g]=1',
      Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join('&'),
      'module=x&module[name]=y',
      'ids[]=1&ids[x]=2',
      'entries[][][a]=1',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      'hasOwnProperty=x',
      'module[__proto__][admin]=1',
      '%5F%5Fproto%5F%5F[x]=1',
    ];
    for (const query of hostile) {
      const res = await get(query);
      expect(res.status, query.slice(0, 40)).toBe(400);
      expect(((await res.json()) as { errors: unknown[] }).errors).toHaveLength(1);
      const form = await post(query, 'application/x-www-form-urlencoded');
      expect(form.status, `form ${query.slice(0, 40)}`).toBe(400);
    }
    prototypeIsClean();
  });

  it('JSON prototype poisoning is refused and pollutes nothing', async () => {
    for (const body of [
      '{"__proto__":{"admin":true,"x":1}}',
      '{"module":{"__proto__":{"admin":true}}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"ids":[{"__proto__":{"x":1}}]}',
    ]) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
    }
    prototypeIsClean();
  });

  it('415 for other content types, 400 for broken JSON or UTF-8', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1']) {
      expect((await post('{}', type)).status, type).toBe(415);
    }
    const noType = await rawRequest(app.url, { method: 'POST', path: '/api/v1/echo', headers: { ...AUTH, 'content-length': '2' }, body: '{}' });
    expect(noType.status).toBe(415);
    for (const body of ['{', '[1,2]', '"x"', 'null']) expect((await post(body)).status, body).toBe(400);
    const badUtf8 = await post(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]) as unknown as string);
    expect(badUtf8.status).toBe(400);
  });

  it('100 kB default and 2 MB html body limits: 413 above, JSON answers', async () => {
    const json = (size: number) => JSON.stringify({ module: { name: 'x'.repeat(size) } });
    expect((await post(json(99 * 1024))).status).toBe(201);
    const over = await post(json(101 * 1024));
    expect(over.status).toBe(413);
    expect(over.headers.get('content-type')).toMatch(/^application\/json/);
    const page = (size: number) => JSON.stringify({ body: 'x'.repeat(size) });
    expect((await post(page(1900 * 1024), 'application/json', '/api/v1/pages')).status).toBe(200);
    expect((await post(page(2100 * 1024), 'application/json', '/api/v1/pages')).status).toBe(413);
    expect((await post(page(10 * 1024 * 1024), 'application/json', '/api/v1/pages')).status).toBe(413);
  });

  it('413 also when a chunked body grows past the limit', async () => {
    const chunks = async function* () {
      for (let i = 0; i < 30; i++) yield new TextEncoder().encode('x'.repeat(10_000));
    };
    const res = await fetch(`${app.url}/api/v1/echo`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: ReadableStream.from(chunks()),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // The server is still fine afterwards.
    expect((await get('flag=1')).status).toBe(200);
  });
});
