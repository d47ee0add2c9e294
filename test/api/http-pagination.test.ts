import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApp, type FixtureApp } from '../helpers/http-fixture-app.ts';
import { fixtureRoutes } from '../helpers/http-fixture-routes.ts';
import { rawRequest } from '../helpers/http-raw.ts';

const AUTH = { authorization: 'Bearer lms_teacher-token' };

describe('pagination (docs/canvas-compatibility.md §1.3) over a list of 25 ids', () => {
  let app: FixtureApp;
  beforeAll(async () => {
    app = await startFixtureApp(fixtureRoutes());
  });
  afterAll(() => app.close());

  const list = async (query: string) => {
    const res = await fetch(`${app.url}/api/v1/items${query}`, { headers: AUTH });
    const body = res.status === 200 ? ((await res.json()) as Array<{ id: number }>).map((item) => item.id) : undefined;
    return { status: res.status, ids: body, link: res.headers.get('link') };
  };
  const base = () => `${app.url}/api/v1/items`;

  it('defaults to 10 per page with the exact Link header', async () => {
    const first = await list('');
    expect(first.ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.link).toBe(
      `<${base()}?page=1&per_page=10>; rel="current",<${base()}?page=2&per_page=10>; rel="next",` +
        `<${base()}?page=1&per_page=10>; rel="first",<${base()}?page=3&per_page=10>; rel="last"`,
    );
    const last = await list('?page=3');
    expect(last.ids).toEqual([21, 22, 23, 24, 25]);
    expect(last.link).toBe(
      `<${base()}?page=3&per_page=10>; rel="current",<${base()}?page=2&per_page=10>; rel="prev",` +
        `<${base()}?page=1&per_page=10>; rel="first",<${base()}?page=3&per_page=10>; rel="last"`,
    );
  });

  it('carries every other parameter, sorted and bracket-escaped, and drops credentials', async () => {
    const res = await list('?search_term=a%20b&per_page=5&include[]=z&include[]=y&page=2&access_token=secret&api_key=k&a[b]=1');
    expect(res.ids).toEqual([6, 7, 8, 9, 10]);
    const carried = `a%5Bb%5D=1&include%5B%5D=z&include%5B%5D=y&search_term=a+b`;
    expect(res.link).toBe(
      [
        `<${base()}?${carried}&page=2&per_page=5>; rel="current"`,
        `<${base()}?${carried}&page=3&per_page=5>; rel="next"`,
        `<${base()}?${carried}&page=1&per_page=5>; rel="prev"`,
        `<${base()}?${carried}&page=1&per_page=5>; rel="first"`,
        `<${base()}?${carried}&page=5&per_page=5>; rel="last"`,
      ].join(','),
    );
    expect(res.link).not.toContain('secret');
  });

  it('per_page sent twice takes the last; clamped to 1..100; non-numeric is 1', async () => {
    expect((await list('?per_page=2&per_page=3')).ids).toEqual([1, 2, 3]);
    expect((await list('?per_page=1000')).ids).toHaveLength(25);
    expect((await list('?per_page=1000')).link).toContain('per_page=100>');
    expect((await list('?per_page=0')).ids).toEqual([1]);
    expect((await list('?per_page=abc')).ids).toEqual([1]);
    expect((await list('?per_page[]=5')).ids).toEqual([1]);
  });

  it('a page past the end is 200 []; page ≤ 0 or non-numeric is 404', async () => {
    const past = await list('?page=9');
    expect(past).toMatchObject({ status: 200, ids: [] });
    for (const page of ['0', '-1', 'abc', '1.5', 'bookmark:x']) expect((await list(`?page=${page}`)).status, page).toBe(404);
  });

  it('builds Link URLs from the Host the client used', async () => {
    const res = await rawRequest(app.url, { path: '/api/v1/items?per_page=50', headers: { ...AUTH, host: `localhost:${app.port}` } });
    expect(res.headers.link).toBe(
      [`current`, `first`, `last`].map((rel) => `<http://localhost:${app.port}/api/v1/items?page=1&per_page=50>; rel="${rel}"`).join(','),
    );
  });
});
