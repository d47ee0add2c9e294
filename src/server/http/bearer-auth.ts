import type { Request } from 'express';
import type { CsrfCheck } from '../domain/auth/sessions.ts';
import type { Principal } from '../domain/principal.ts';
import { CSRF_HEADER } from '../../contracts/session-dtos.ts';
import { insufficientScopeError, invalidTokenError, rateLimitedError } from './http-errors.ts';
import { LeakyBucket } from './leaky-bucket.ts';
import { sessionCookieOf } from './session-cookie.ts';

export type VerifyToken = (rawToken: string) => Promise<Principal | undefined>;
export type VerifySession = (cookieValue: string, csrf: CsrfCheck) => Promise<Principal | undefined>;

/** What the authenticator needs of a route: Canvas's scope string parts and whether it hands out the CSRF token. */
export interface AuthenticatedRoute {
  method: string;
  path: string;
  /** Only `GET /api/v1/login/session`: the page learns the CSRF token there, so it cannot send it yet. */
  sessionWithoutCsrf?: boolean;
}

/**
 * Two credentials (docs/architecture.md §5.5, docs/decisions/0018). A Bearer token, for tools: no `access_token`
 * parameter (it leaks into logs and Referers and lets a foreign page forge a credentialed `<img>`), and a request
 * with one ignores cookies. Or a person's session cookie together with its CSRF token in a header, which another
 * origin's page cannot add without a CORS preflight we never grant: a cookie alone is no credential. Never trust
 * in a loopback address.
 */
export function bearerTokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/**
 * Failed verifications share one bucket (1,000 a minute, docs/architecture.md §5.5): past it, a wrong token gets
 * 429 Rate Limit Exceeded instead of 401. Valid tokens are still verified and served, so a guessing client
 * cannot lock the real user out.
 */
export class Authenticator {
  private readonly verify: VerifyToken;
  private readonly verifySession: VerifySession;
  private readonly failures: LeakyBucket;

  constructor(verify: VerifyToken, verifySession: VerifySession, failuresPerMinute = 1000) {
    this.verify = verify;
    this.verifySession = verifySession;
    this.failures = new LeakyBucket(
      { highWater: failuresPerMinute, maximum: failuresPerMinute, outflowPerSecond: failuresPerMinute / 60 },
      Date.now(),
    );
  }

  /** Whether the request presents a credential at all (routes open to everyone may still want to know who calls). */
  hasCredential(req: Request): boolean {
    return bearerTokenOf(req) !== undefined || sessionCookieOf(req) !== undefined;
  }

  /** The caller's principal, or a thrown 401/403; `route` gives Canvas's `url:GET|/api/v1/…` scope of the route. */
  async authenticate(req: Request, route: AuthenticatedRoute): Promise<Principal> {
    const token = bearerTokenOf(req);
    const principal = token !== undefined ? await this.verify(token) : await this.#fromSession(req, route);
    if (principal === undefined) {
      const now = Date.now();
      if (!this.failures.hasRoomFor(1, now)) throw rateLimitedError(this.failures.secondsUntilRoomFor(1, now));
      this.failures.add(1, now);
      throw invalidTokenError();
    }
    assertScopeAllows(principal, route);
    return principal;
  }

  async #fromSession(req: Request, route: AuthenticatedRoute): Promise<Principal | undefined> {
    const cookie = sessionCookieOf(req);
    if (cookie === undefined) throw invalidTokenError();
    const header = req.headers[CSRF_HEADER.toLowerCase()];
    return this.verifySession(cookie, route.sessionWithoutCsrf ? 'exempt' : { presented: typeof header === 'string' ? header : undefined });
  }
}

/**
 * A scoped token reaches only the API routes its `url:METHOD|/path` scopes name (401 otherwise), however it calls
 * them. Scopes govern the API (Canvas's scope strings name `/api/` routes); a scoped token may still revoke itself.
 */
export function assertScopeAllows(principal: Principal, route: { method: string; path: string }): void {
  if (principal.scopes !== null && route.path.startsWith('/api/') && !principal.scopes.includes(`url:${route.method}|${route.path}`)) {
    throw insufficientScopeError();
  }
}
