import type { z } from 'zod';
import { pageResult, readPageRequest } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type RouteDefinition, type RouteResult } from '../../http/route.ts';

/**
 * One endpoint under several full path literals (the spec gives every submission path under /courses/:course_id
 * and /sections/:section_id): the literals stay searchable, the definition is written once.
 */
export function onPaths<TSchema extends z.ZodType, TScope>(
  paths: readonly string[],
  route: Omit<RouteDefinition<TSchema, AuthenticatedContext, TScope>, 'path'>,
): AnyRoute[] {
  return paths.map((path) => defineRoute({ ...route, path }));
}

/** A page of `all`, serializing only the page's items (they need extra reads). */
export async function paginateMapped<T>(
  ctx: AuthenticatedContext,
  all: readonly T[],
  serialize: (page: readonly T[]) => Promise<unknown[]>,
): Promise<RouteResult> {
  const request = readPageRequest(ctx.query);
  const page = all.slice(request.offset, request.offset + request.perPage);
  return pageResult(ctx, request, all.length, await serialize(page));
}
