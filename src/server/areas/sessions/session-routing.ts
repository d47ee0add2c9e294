import type { CoreServices } from '../../core-services.ts';
import { SESSION_IDLE_MS } from '../../domain/auth/sessions.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { SessionData } from '../../domain/records/local-records.ts';
import type { RequestContext, RouteResult } from '../../http/route.ts';
import { sessionCookieHeader } from '../../http/session-cookie.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { userProfileJson } from '../users/users.serializer.ts';

/** `{user, csrf_token, expires_at}`: who is signed in and the token the page sends back in `X-CSRF-Token`. */
export async function sessionJson(services: CoreServices, ctx: RequestContext, session: Stored<SessionData>): Promise<Record<string, unknown>> {
  const user = await services.repos.users.get(session.data.user_id);
  if (!user) throw new NotFoundError('user');
  return {
    user: userProfileJson(user, { baseUrl: ctx.baseUrl, showLogins: true, includes: new Set() }),
    csrf_token: session.data.csrf_token,
    expires_at: isoSeconds(session.data.expires_at),
  };
}

/** Signs `userId` in: a new session, its JSON and the Set-Cookie that carries it. */
export async function signedIn(services: CoreServices, ctx: RequestContext, userId: number): Promise<RouteResult & { body: Record<string, unknown> }> {
  const { record, cookieValue } = await services.sessions.open(userId, { actorId: userId, requestId: ctx.requestId, now: ctx.now });
  return { body: await sessionJson(services, ctx, record), headers: { 'Set-Cookie': sessionCookieHeader(ctx.baseUrl, cookieValue, SESSION_IDLE_MS) } };
}
