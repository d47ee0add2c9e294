import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/** Service tokens last an hour, as Canvas's do; `expires_in` tells the tool. */
export const SERVICE_TOKEN_SECONDS = 3600;
const ISSUER = 'Canvas';

/**
 * The JWT access tokens of Outpost's LTI services (the webhook subscription API): an LTI 2 tool proxy gets one by
 * its JWT-bearer exchange, an LTI 1.3 developer key by `client_credentials`. Signed HS256 with a key held in memory
 * only, per process (docs/architecture.md §8.6): after a restart tools authorize again, as they do hourly anyway,
 * and nothing secret is written to disk.
 */
export class ServiceTokens {
  readonly #key: Uint8Array;

  constructor(key: Uint8Array = randomBytes(32)) {
    this.#key = key;
  }

  /** A token for `subject` (a tool proxy guid or a developer key's client id), valid on the host `audience`. */
  sign(subject: string, audience: string, nowSeconds: number, claims: JWTPayload = {}): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setAudience(audience)
      .setIssuedAt(nowSeconds)
      .setNotBefore(nowSeconds - 30)
      .setExpirationTime(nowSeconds + SERVICE_TOKEN_SECONDS)
      .setJti(randomUUID())
      .sign(this.#key);
  }

  /** The claims of a token this process signed for one of `audiences`, with every Canvas claim present; else undefined. */
  async verify(token: string, audiences: string[]): Promise<JWTPayload | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: audiences,
        requiredClaims: ['iss', 'sub', 'aud', 'iat', 'nbf', 'exp', 'jti'],
      });
      return payload;
    } catch {
      return undefined;
    }
  }
}
