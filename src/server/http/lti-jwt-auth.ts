import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { decodeJwt, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Principal } from '../domain/principal.ts';
import type { ToolProxyData } from '../domain/records/webhook-records.ts';
import type { Stored } from '../storage/typed-records.ts';
import { HttpError, invalidTokenError } from './http-errors.ts';

/** A request authenticated by an LTI 2 JWT access token: it acts for a tool proxy, not a user. */
export interface ToolPrincipal extends Principal {
  readonly toolProxyGuid: string;
}

export function isToolPrincipal(principal: Principal | null): principal is ToolPrincipal {
  return typeof (principal as Partial<ToolPrincipal> | null)?.toolProxyGuid === 'string';
}

export type FindToolProxy = (guid: string) => Promise<Stored<ToolProxyData> | undefined>;

const ACCESS_TOKEN_SECONDS = 3600;
/** Canvas's AuthorizationValidator bounds (docs/canvas-compatibility.md §12.1). */
const MAX_EXP_AHEAD_SECONDS = 60;
const MAX_IAT_AGE_SECONDS = 300;

const invalidGrant = (description: string) => new HttpError(400, { error: 'invalid_grant', error_description: description });
const usable = (tool: Stored<ToolProxyData> | undefined): tool is Stored<ToolProxyData> =>
  !!tool && tool.data.workflow_state === 'active' && tool.data.developer_key_active;

/**
 * Canvas's JWT access tokens for LTI 2 tool proxies (`lti/ims/access_token_helper.rb`): a tool trades an HS256
 * assertion signed with its shared secret for a one-hour token signed by us. The signing key lives in memory only
 * (per process, docs/architecture.md §8.6): after a restart tools simply authorize again, as they do hourly anyway.
 */
export class LtiAccessTokens {
  readonly #key: Uint8Array;
  readonly #findTool: FindToolProxy;
  /** `sub:jti` → unix expiry: an assertion is good once (Canvas keeps them as nonces for exp − iat). */
  readonly #seenAssertions = new Map<string, number>();

  constructor(findTool: FindToolProxy, key: Uint8Array = randomBytes(32)) {
    this.#findTool = findTool;
    this.#key = key;
  }

  /** POST /api/lti/accounts/:id/authorize with `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`. */
  async exchangeAssertion(assertion: string, authorizeUrl: string, audience: string, nowMs: number) {
    const now = Math.floor(nowMs / 1000);
    let claims: JWTPayload;
    try {
      claims = decodeJwt(assertion);
    } catch {
      throw invalidGrant('the assertion is not a JWT');
    }
    const tool = typeof claims.sub === 'string' ? await this.#findTool(claims.sub) : undefined;
    if (!usable(tool)) throw invalidGrant('unknown or inactive tool proxy');
    try {
      await jwtVerify(assertion, new TextEncoder().encode(tool.data.shared_secret), {
        algorithms: ['HS256'],
        audience: authorizeUrl,
        requiredClaims: ['sub', 'aud', 'exp', 'iat', 'jti'],
        currentDate: new Date(nowMs),
      });
    } catch {
      throw invalidGrant('the assertion signature or claims are invalid');
    }
    const { exp = 0, iat = 0, jti = '' } = claims;
    if (exp - now > MAX_EXP_AHEAD_SECONDS) throw invalidGrant('exp is too far in the future');
    if (iat > now || now - iat > MAX_IAT_AGE_SECONDS) throw invalidGrant('iat is in the future or too old');
    this.#rememberOnce(`${tool.data.guid}:${jti}`, exp, now);
    const accessToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('Canvas')
      .setSubject(tool.data.guid)
      .setAudience(audience)
      .setIssuedAt(now)
      .setNotBefore(now - 30)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .setJti(randomUUID())
      .sign(this.#key);
    // Canvas sends expires_in as a string; clients parse it that way.
    return { access_token: accessToken, token_type: 'bearer', expires_in: String(ACCESS_TOKEN_SECONDS) };
  }

  /**
   * The route authenticator of the subscription API: the seven Canvas claims, `aud` naming the host the request
   * was sent to, and a tool proxy and developer key that are still active. Any failure is the 401 challenge.
   */
  async authenticate(req: { headers: IncomingHttpHeaders }): Promise<ToolPrincipal> {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '');
    const host = req.headers.host ?? '';
    if (!match?.[1] || host === '') throw invalidTokenError();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(match[1], this.#key, {
        algorithms: ['HS256'],
        issuer: 'Canvas',
        audience: [host, host.replace(/:\d+$/, '')],
        requiredClaims: ['iss', 'sub', 'aud', 'iat', 'nbf', 'exp', 'jti'],
      }));
    } catch {
      throw invalidTokenError();
    }
    const tool = await this.#findTool(payload.sub ?? '');
    if (!usable(tool) || (payload.iat ?? Infinity) * 1000 > Date.now()) throw invalidTokenError();
    // Tool principals have no token record; a negative id keeps their throttle bucket apart from user tokens.
    return { userId: 0, tokenId: -tool.id, scopes: null, toolProxyGuid: tool.data.guid };
  }

  #rememberOnce(nonce: string, exp: number, now: number): void {
    for (const [seen, expiry] of this.#seenAssertions) if (expiry < now) this.#seenAssertions.delete(seen);
    if (this.#seenAssertions.has(nonce)) throw invalidGrant('the assertion was already used');
    this.#seenAssertions.set(nonce, exp);
  }
}
