import type { AuthenticatedContext, PermissionRule, RequestContext } from './route.ts';

/** No token needed; the handler sees `principal: null`. Only health and the OpenAPI document use it. */
export const publicAccess: PermissionRule<unknown, RequestContext> = Object.freeze({
  description: 'public: no token required',
  requiresToken: false,
  check: () => true,
});

/** Any valid token, whoever it belongs to (e.g. `GET /api/v1/users/self`). */
export const authenticated: PermissionRule<unknown, AuthenticatedContext> = Object.freeze({
  description: 'any valid access token',
  requiresToken: true,
  check: () => true,
});

/**
 * A token plus a check, usually a question to the permission policy. The description is what the OpenAPI
 * document shows, so say the permission and the context: "manage_content on the course".
 */
export function allowIf<TParams>(
  description: string,
  check: (ctx: AuthenticatedContext, params: TParams) => Promise<boolean> | boolean,
): PermissionRule<TParams, AuthenticatedContext> {
  if (description.trim() === '') throw new Error('allowIf needs a description of who may call the route');
  return Object.freeze({ description, requiresToken: true, check });
}
