import type { AnyRoute, Grant } from './route.ts';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const GRANTS: ReadonlySet<unknown> = new Set<Grant>(['read', 'write', 'own']);
/** The API, and Canvas's OAuth2 endpoints and calendar feeds, which Canvas serves outside it (the renderer owns every other path). */
const ROUTE_PREFIXES = ['/api/', '/login/oauth2/', '/feeds/'];

/**
 * Startup checks: a route without a permission rule (or with an empty description or no grant) is an error, not a default
 * (docs/architecture.md §5.1), and so is the same method and path twice. Plain JS callers and `as` casts cannot
 * slip past, because this runs on the values.
 */
export function assertRoutesWellFormed(routes: readonly AnyRoute[]): void {
  const seen = new Set<string>();
  for (const route of routes as readonly Partial<AnyRoute>[]) {
    const name = `${String(route.method)} ${String(route.path)}`;
    if (typeof route.method !== 'string' || !METHODS.has(route.method)) throw new Error(`${name}: unknown method`);
    if (typeof route.path !== 'string' || !ROUTE_PREFIXES.some((prefix) => (route.path as string).startsWith(prefix))) {
      throw new Error(`${name}: path must start with /api/ (or be one of Canvas's /login/oauth2/ or /feeds/ endpoints)`);
    }
    const rule = route.permission;
    if (
      typeof rule !== 'object' ||
      rule === null ||
      typeof rule.resolve !== 'function' ||
      typeof rule.requiresToken !== 'boolean' ||
      !GRANTS.has(rule.grants) ||
      typeof rule.description !== 'string' ||
      rule.description.trim() === ''
    ) {
      throw new Error(`${name}: every route needs a permission rule with a description and a grant (publicAccess, authenticated, allowIf or scopedRule)`);
    }
    if (typeof route.handler !== 'function' || typeof route.params?.safeParse !== 'function') {
      throw new Error(`${name}: needs a zod params schema and a handler`);
    }
    if (seen.has(name)) throw new Error(`${name}: registered twice`);
    seen.add(name);
  }
}
