import type { CoreServices } from '../../core-services.ts';
import { SESSION_IDLE_MS } from '../../domain/auth/sessions.ts';
import { passwordSignIn } from '../../domain/auth/sign-in.ts';
import { HttpError, invalidTokenError } from '../../http/http-errors.ts';
import { allowIf, publicRule } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type Grant, type RequestContext } from '../../http/route.ts';
import { clearedSessionCookieHeader, sessionCookieHeader, sessionCookieOf } from '../../http/session-cookie.ts';
import type { SignInThrottle } from '../../http/sign-in-throttle.ts';
import { writeStamp } from '../common/api-values.ts';
import { sessionJson, signedIn } from './session-routing.ts';
import { sessionParams, signInParams, type SignInParams } from './sessions.params.ts';

/** Only a session may read or end itself; a Bearer token has no session to show. */
const ownSession = (grants: Grant) => allowIf('a signed-in session (cookie)', grants, (ctx) => ctx.principal.sessionId !== undefined);

/** Anyone may try; the password is the check (and the throttle keeps guessing slow). */
const signInRule = publicRule('public: a unique id and its password', 'write');

/** The same answer whether the login exists or not, so it cannot be used to find out which do. */
const invalidCredentials = () => new HttpError(401, { errors: [{ message: 'Invalid email or password' }] });

/** People sign in with a login's unique id (their email) and password (docs/decisions/0018). */
export function sessionsRoutes(services: CoreServices, throttle: SignInThrottle): AnyRoute[] {
  return [
    defineRoute<typeof signInParams, undefined, RequestContext>({
      method: 'POST',
      path: '/api/v1/login/session',
      summary: 'Sign in with a unique id and password; sets the session cookie and answers the CSRF token.',
      params: signInParams,
      permission: signInRule,
      async handler(ctx, params: SignInParams) {
        throttle.check(params.unique_id, ctx.clientAddress, ctx.now);
        const user = await passwordSignIn(services.repos, params.unique_id, params.password, ctx.now);
        if (!user) {
          throttle.failed(params.unique_id, ctx.clientAddress, ctx.now);
          throw invalidCredentials();
        }
        throttle.succeeded(params.unique_id);
        return signedIn(services, ctx, user.id);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/login/session',
      summary: 'The signed-in person and the CSRF token, read again after a reload (cookie only, no CSRF header needed).',
      params: sessionParams,
      permission: ownSession('read'),
      sessionWithoutCsrf: true,
      async handler(ctx: AuthenticatedContext) {
        const session = await services.sessions.get(ctx.principal.sessionId!);
        const cookie = sessionCookieOf({ headers: ctx.headers, secure: ctx.baseUrl.startsWith('https:') });
        if (!session || cookie === undefined) throw invalidTokenError();
        // The page loads this on every start: the cookie's lifetime follows the session's sliding expiry.
        return { body: await sessionJson(services, ctx, session), headers: { 'Set-Cookie': sessionCookieHeader(ctx.baseUrl, cookie, SESSION_IDLE_MS) } };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/login/session',
      summary: 'Sign out: the session is revoked on the server and the cookie cleared.',
      params: sessionParams,
      permission: ownSession('write'),
      async handler(ctx: AuthenticatedContext) {
        await services.sessions.revoke(ctx.principal.sessionId!, writeStamp(ctx));
        return { status: 204, body: null, headers: { 'Set-Cookie': clearedSessionCookieHeader(ctx.baseUrl) } };
      },
    }),
  ];
}
