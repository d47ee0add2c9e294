import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { DeveloperKeyData } from '../records/local-records.ts';
import { OAuthError } from './oauth-error.ts';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Public-key algorithms only: a client secret never signs an assertion, and `none` never does. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];
/** An assertion is made just before it is sent: five minutes of age, an hour of life at most. */
const MAX_AGE_SECONDS = 300;
const MAX_LIFETIME_SECONDS = 3600;

const refused = (description: string) => new OAuthError('invalid_client', description);

/** The key set of a developer key's `public_jwk`: one JWK, or a JWK Set as tools publish it. */
export function keySetOf(publicJwk: Record<string, unknown>): JSONWebKeySet {
  return Array.isArray(publicJwk.keys) ? (publicJwk as unknown as JSONWebKeySet) : ({ keys: [publicJwk] } as unknown as JSONWebKeySet);
}

/**
 * `client_credentials` with a JWT client assertion (RFC 7523, as LTI 1.3 tools authenticate): signed with the
 * private half of the developer key's public JWK, `sub` the client id, `aud` the token endpoint the tool
 * addressed, fresh, and each `jti` used once. Every failure is `invalid_client`, as RFC 7523 prescribes.
 */
export class ClientAssertions {
  /** `client id:jti` → unix expiry, forgotten once the assertion has expired anyway. */
  readonly #seen = new Map<string, number>();

  /** The client id an assertion claims to come from (`sub`), read before anything is verified, or undefined. */
  static subjectOf(assertion: string): string | undefined {
    try {
      const { sub } = decodeJwt(assertion);
      return typeof sub === 'string' ? sub : undefined;
    } catch {
      return undefined;
    }
  }

  async verify(assertion: string, clientId: string, key: DeveloperKeyData, audience: string, nowMs: number): Promise<void> {
    if (!key.public_jwk) throw refused('the developer key has no public JWK to check the assertion with');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(assertion, createLocalJWKSet(keySetOf(key.public_jwk)), {
        algorithms: ALGORITHMS,
        audience,
        subject: clientId,
        requiredClaims: ['sub', 'aud', 'exp', 'iat', 'jti'],
        currentDate: new Date(nowMs),
        clockTolerance: 5,
      }));
    } catch {
      throw refused('the client assertion signature or claims are invalid');
    }
    const now = Math.floor(nowMs / 1000);
    const { iat = 0, exp = 0, jti = '' } = claims;
    if (iat > now + 5 || now - iat > MAX_AGE_SECONDS) throw refused('iat is in the future or too old');
    if (exp - now > MAX_LIFETIME_SECONDS) throw refused('exp is too far in the future');
    this.#rememberOnce(`${clientId}:${jti}`, exp, now);
  }

  #rememberOnce(nonce: string, exp: number, now: number): void {
    for (const [seen, expiry] of this.#seen) if (expiry < now) this.#seen.delete(seen);
    if (this.#seen.has(nonce)) throw refused('the client assertion was already used');
    this.#seen.set(nonce, exp);
  }
}
