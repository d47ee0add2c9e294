import { NotFoundError } from '../domain/errors.ts';
import { toRailsQuery } from './rails-query.ts';
import type { RequestContext, RouteResult } from './route.ts';

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

export interface PageRequest {
  /** 1-based. */
  readonly page: number;
  readonly perPage: number;
  /** Items to skip: `(page - 1) * perPage`. */
  readonly offset: number;
}

/**
 * Canvas's `per_page_for` and page rules (docs/canvas-compatibility.md §1.3): per_page defaults to 10 and is clamped to 1..100, a
 * non-numeric one counts as 0 and so becomes 1; a page ≤ 0 or non-numeric is 404. A repeated parameter has
 * already been reduced to its last value by the query parser.
 */
export function readPageRequest(query: Readonly<Record<string, unknown>>): PageRequest {
  const perPage = query.per_page === undefined ? DEFAULT_PER_PAGE : clamp(rubyToI(query.per_page), 1, MAX_PER_PAGE);
  const rawPage = query.page;
  let page = 1;
  if (rawPage !== undefined) {
    if (typeof rawPage !== 'string' || !/^\s*\+?\d+\s*$/.test(rawPage)) throw new NotFoundError('page');
    page = Number(rawPage);
    if (page <= 0 || !Number.isSafeInteger(page)) throw new NotFoundError('page');
  }
  return { page, perPage, offset: (page - 1) * perPage };
}

/** A list that can count its members and hand out a page of them (e.g. counted and paged in the storage). */
export interface PageSource<T> {
  count(): Promise<number> | number;
  fetch(offset: number, limit: number): Promise<readonly T[]> | readonly T[];
}

/**
 * One page of a collection with its Link header. `fetch` gets offset and limit (sorted by id ascending unless the
 * endpoint says otherwise); a page past the end is 200 `[]`.
 */
export async function paginate<T>(ctx: RequestContext, source: PageSource<T>): Promise<RouteResult> {
  const request = readPageRequest(ctx.query);
  const total = await source.count();
  const items = request.offset >= total ? [] : await source.fetch(request.offset, request.perPage);
  return pageResult(ctx, request, total, items);
}

/** A page of a list already in memory, serializing only the page's items (they need extra reads). */
export function paginateMapped<T>(ctx: RequestContext, all: readonly T[], serialize: (page: readonly T[]) => Promise<unknown[]>): Promise<RouteResult> {
  return paginate(ctx, { count: () => all.length, fetch: (offset, limit) => serialize(all.slice(offset, offset + limit)) });
}

/** `paginate` over a list already in memory. */
export function paginateArray<T>(ctx: RequestContext, all: readonly T[]): RouteResult {
  const request = readPageRequest(ctx.query);
  return pageResult(ctx, request, all.length, all.slice(request.offset, request.offset + request.perPage));
}

export function pageResult(ctx: RequestContext, request: PageRequest, total: number, items: readonly unknown[]): RouteResult {
  return { body: items, headers: { Link: linkHeader(ctx, request, total) } };
}

/** Query keys never carried into Link URLs: the page ones are re-added, the credentials must not leak. */
const DROPPED_KEYS = new Set(['page', 'per_page', 'access_token', 'api_key']);

/** Canvas's `build_links_hash`: rels current, next, prev, first, last, joined by "," without a space. */
export function linkHeader(ctx: RequestContext, request: PageRequest, total: number): string {
  const carried: Record<string, unknown> = {};
  for (const key of Object.keys(ctx.query)) if (!DROPPED_KEYS.has(key)) carried[key] = ctx.query[key];
  const others = toRailsQuery(carried);
  const base = `${ctx.baseUrl}${ctx.path}?${others === '' ? '' : `${others}&`}`;
  const url = (page: number) => `<${base}page=${page}&per_page=${request.perPage}>`;
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  const links = [`${url(request.page)}; rel="current"`];
  if (request.page < lastPage) links.push(`${url(request.page + 1)}; rel="next"`);
  if (request.page > 1) links.push(`${url(request.page - 1)}; rel="prev"`);
  links.push(`${url(1)}; rel="first"`, `${url(lastPage)}; rel="last"`);
  return links.join(',');
}

/** Ruby's `String#to_i`: the leading integer, else 0. Arrays and objects (`per_page[]=5`) count as 0. */
function rubyToI(value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value !== 'string') return 0;
  const match = /^\s*[+-]?\d+/.exec(value);
  return match === null ? 0 : Number(match[0]);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
}
