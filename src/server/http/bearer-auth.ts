import type { Request } from 'express';
import type { Principal } from '../domain/principal.ts';
import { insufficientScopeError, invalidTokenError, rateLimitedError } from './http-errors.ts';
import { LeakyBucket } from './leaky-bucket.ts';

export type VerifyToken = (rawToken: string) => Promise<Principal | undefined>;

/**
 * Bearer tokens only (docs/architecture.md §5.5): no `access_token` parameter (it leaks into logs and Referers and
 * lets a foreign page forge a credentialed `<img>`), no cookies, and no trust in a loopback source address.
 */
export function bearerTokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/**
 * Failed verifications share one bucket (1,000 a minute, docs/architecture.md §5.5): past it, a wrong token gets
 * 403 Rate Limit Exceeded instead of 401. Valid tokens are still verified and served, so a guessing client
 * cannot lock the real user out.
 */
export class Authenticator {
  private readonly verify: VerifyToken;
  private readonly failures: LeakyBucket;

  constructor(verify: VerifyToken, failuresPerMinute = 1000) {
    this.verify = verify;
    this.failures = new LeakyBucket(
      { highWater: failuresPerMinute, maximum: failuresPerMinute, outflowPerSecond: failuresPerMinute / 60 },
      Date.now(),
    );
  }

  /** The caller's principal, or a thrown 401/403; `routeScope` is Canvas's `url:GET|/api/v1/…` of the route. */
  async authenticate(req: Request, routeScope: { method: string; path: string }): Promise<Principal> {
    const token = bearerTokenOf(req);
    if (token === undefined) throw invalidTokenError();
    const principal = await this.verify(token);
    if (principal === undefined) {
      const now = Date.now();
      if (!this.failures.hasRoomFor(1, now)) throw rateLimitedError();
      this.failures.add(1, now);
      throw invalidTokenError();
    }
    if (principal.scopes !== null && !principal.scopes.includes(`url:${routeScope.method}|${routeScope.path}`)) {
      throw insufficientScopeError();
    }
    return principal;
  }
}
