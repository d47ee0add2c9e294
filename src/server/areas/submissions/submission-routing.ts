import type { z } from 'zod';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type RouteDefinition } from '../../http/route.ts';

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
