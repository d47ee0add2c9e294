import { REFUSED, type AuthenticatedContext, type Grant, type PermissionRule, type Refused, type RequestContext } from './route.ts';

/** A rule every caller passes, token or not; the handler sees `principal: null` and no scope. */
export function publicRule(description: string, grants: Grant): PermissionRule<unknown, undefined, RequestContext> {
  return Object.freeze({ description, requiresToken: false, grants, resolve: async () => undefined });
}

/** No token needed. Only health and the OpenAPI document read this way. */
export const publicAccess = publicRule('public: no token required', 'read');

/**
 * No credential needed, but one that is presented is verified (401 if bad) and its principal, or null, reaches
 * `check`: for routes open to everyone during first-run setup and to particular people afterwards.
 */
export function publicOrIdentified<TParams>(
  description: string,
  grants: Grant,
  check: (ctx: RequestContext, params: TParams) => Promise<boolean> | boolean,
): PermissionRule<TParams, undefined, RequestContext> {
  return Object.freeze({ description, requiresToken: false, identifiesCaller: true, grants, resolve: async (ctx: RequestContext, params: TParams) => scopeIf(await check(ctx, params), undefined) });
}

/** Any valid token, whoever it belongs to, reading what is theirs (e.g. `GET /api/v1/users/self`). */
export const authenticated: PermissionRule<unknown, undefined> = Object.freeze({
  description: 'any valid access token',
  requiresToken: true,
  grants: 'read',
  resolve: async () => undefined,
});

/**
 * A rule that resolves the route's context and decides in one step: `resolve` returns the scope the handler
 * acts on, or `REFUSED` (see `scopeIf`). The description is what the OpenAPI document shows, so say the
 * permission and the context: "manage_content on the course".
 */
export function scopedRule<TParams, TScope>(
  description: string,
  grants: Grant,
  resolve: (ctx: AuthenticatedContext, params: TParams) => Promise<TScope | Refused>,
): PermissionRule<TParams, TScope> {
  if (description.trim() === '') throw new Error('a permission rule needs a description of who may call the route');
  return Object.freeze({ description, requiresToken: true, grants, resolve });
}

/** A token plus a yes/no question with nothing for the handler to reuse (the scope is `undefined`). */
export function allowIf<TParams>(
  description: string,
  grants: Grant,
  check: (ctx: AuthenticatedContext, params: TParams) => Promise<boolean> | boolean,
): PermissionRule<TParams, undefined> {
  return scopedRule(description, grants, async (ctx, params: TParams) => scopeIf(await check(ctx, params), undefined));
}

/** The scope when the caller may act on it, else the refusal. */
export function scopeIf<TScope>(allowed: boolean, scope: TScope): TScope | Refused {
  return allowed ? scope : REFUSED;
}
