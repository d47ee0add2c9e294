import type { AnyRoute } from './route.ts';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Startup checks: a route without a permission rule (or with an empty description) is an error, not a default
 * (docs/architecture.md §5.1), and so is the same method and path twice. Plain JS callers and `as` casts cannot
 * slip past, because this runs on the values.
 */
export function assertRoutesWellFormed(routes: readonly AnyRoute[]): void {
  const seen = new Set<string>();
  for (const route of routes as readonly Partial<AnyRoute>[]) {
    const name = `${String(route.method)} ${String(route.path)}`;
    if (typeof route.method !== 'string' || !METHODS.has(route.method)) throw new Error(`${name}: unknown method`);
    if (typeof route.path !== 'string' || !route.path.startsWith('/api/')) throw new Error(`${name}: path must start with /api/`);
    const rule = route.permission;
    if (
      typeof rule !== 'object' ||
      rule === null ||
      typeof rule.check !== 'function' ||
      typeof rule.requiresToken !== 'boolean' ||
      typeof rule.description !== 'string' ||
      rule.description.trim() === ''
    ) {
      throw new Error(`${name}: every route needs a permission rule with a description (publicAccess, authenticated or allowIf)`);
    }
    if (typeof route.handler !== 'function' || typeof route.params?.safeParse !== 'function') {
      throw new Error(`${name}: needs a zod params schema and a handler`);
    }
    if (seen.has(name)) throw new Error(`${name}: registered twice`);
    seen.add(name);
  }
}
