import type { IncomingHttpHeaders } from 'node:http';
import { decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { isUsableKey } from '../domain/oauth/developer-key-rules.ts';
import { SERVICE_TOKEN_SECONDS, type ServiceTokens } from '../domain/oauth/service-tokens.ts';
import type { Principal } from '../domain/principal.ts';
import type { DeveloperKeyData } from '../domain/records/local-records.ts';
import type { ToolProxyData } from '../domain/records/webhook-records.ts';
import type { Stored } from '../storage/typed-records.ts';
import { HttpError, invalidTokenError } from './http-errors.ts';

/** A request authenticated by an LTI 2 JWT access token: it acts for a tool proxy, not a user. */
export interface ToolPrincipal extends Principal {
  readonly toolProxyGuid: string;
}

/** A request authenticated by a `client_credentials` token: it acts for an LTI 1.3 developer key, not a user. */
export interface DeveloperKeyPrincipal extends Principal {
  readonly developerKeyId: number;
  /** The LTI service scopes granted (still listed on the key); `scopes` stays empty so no user API answers it. */
  readonly serviceScopes: readonly string[];
}

export function isToolPrincipal(principal: Principal | null): principal is ToolPrincipal {
  return typeof (principal as Partial<ToolPrincipal> | null)?.toolProxyGuid === 'string';
}

export function isDeveloperKeyPrincipal(principal: Principal | null): principal is DeveloperKeyPrincipal {
  return typeof (principal as Partial<DeveloperKeyPrincipal> | null)?.developerKeyId === 'number';
}

export interface ServiceTokenOwners {
  findToolProxy(guid: string): Promise<Stored<ToolProxyData> | undefined>;
  findDeveloperKey(id: number): Promise<Stored<DeveloperKeyData> | undefined>;
}

/** Canvas's AuthorizationValidator bounds (docs/canvas-compatibility.md §12.1). */
const MAX_EXP_AHEAD_SECONDS = 60;
const MAX_IAT_AGE_SECONDS = 300;

const invalidGrant = (description: string) => new HttpError(400, { error: 'invalid_grant', error_description: description });
const usable = (tool: Stored<ToolProxyData> | undefined): tool is Stored<ToolProxyData> =>
  !!tool && tool.data.workflow_state === 'active' && tool.data.developer_key_active;

/**
 * Canvas's JWT access tokens for LTI services: LTI 2 tool proxies trade an HS256 assertion signed with their
 * shared secret (`lti/ims/access_token_helper.rb`), LTI 1.3 developer keys get theirs from `client_credentials`
 * (`/login/oauth2/token`, which marks them with the granted `scopes`). Both are signed by `ServiceTokens`.
 */
export class LtiAccessTokens {
  readonly #tokens: ServiceTokens;
  readonly #owners: ServiceTokenOwners;
  /** `sub:jti` → unix expiry: an assertion is good once (Canvas keeps them as nonces for exp − iat). */
  readonly #seenAssertions = new Map<string, number>();

  constructor(owners: ServiceTokenOwners, tokens: ServiceTokens) {
    this.#owners = owners;
    this.#tokens = tokens;
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
    const tool = typeof claims.sub === 'string' ? await this.#owners.findToolProxy(claims.sub) : undefined;
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
    const accessToken = await this.#tokens.sign(tool.data.guid, audience, now);
    // Canvas sends expires_in as a string here; clients parse it that way.
    return { access_token: accessToken, token_type: 'bearer', expires_in: String(SERVICE_TOKEN_SECONDS) };
  }

  /**
   * The route authenticator of the subscription API: the seven Canvas claims, `aud` naming the host the request
   * was sent to, and a tool proxy or developer key that is still usable. Any failure is the 401 challenge.
   */
  async authenticate(req: { headers: IncomingHttpHeaders }): Promise<ToolPrincipal | DeveloperKeyPrincipal> {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '');
    const host = req.headers.host ?? '';
    if (!match?.[1] || host === '') throw invalidTokenError();
    const payload = await this.#tokens.verify(match[1], [host, host.replace(/:\d+$/, '')]);
    if (!payload || (payload.iat ?? Infinity) * 1000 > Date.now()) throw invalidTokenError();
    if (typeof payload.scopes === 'string') return this.#developerKeyPrincipal(payload.sub ?? '', payload.scopes);
    const tool = await this.#owners.findToolProxy(payload.sub ?? '');
    if (!usable(tool)) throw invalidTokenError();
    // Tool principals have no token record; a negative id keeps their throttle bucket apart from user tokens.
    return { userId: 0, tokenId: -tool.id, scopes: null, toolProxyGuid: tool.data.guid };
  }

  async #developerKeyPrincipal(clientId: string, scopes: string): Promise<DeveloperKeyPrincipal> {
    const key = /^\d{1,16}$/.test(clientId) ? await this.#owners.findDeveloperKey(Number(clientId)) : undefined;
    if (!key || !isUsableKey(key.data)) throw invalidTokenError();
    // A scope the admin has since taken off the key no longer counts.
    const serviceScopes = scopes.split(' ').filter((scope) => key.data.scopes.includes(scope));
    return { userId: 0, tokenId: -key.id, scopes: [], developerKeyId: key.id, serviceScopes };
  }

  #rememberOnce(nonce: string, exp: number, now: number): void {
    for (const [seen, expiry] of this.#seenAssertions) if (expiry < now) this.#seenAssertions.delete(seen);
    if (this.#seenAssertions.has(nonce)) throw invalidGrant('the assertion was already used');
    this.#seenAssertions.set(nonce, exp);
  }
}
