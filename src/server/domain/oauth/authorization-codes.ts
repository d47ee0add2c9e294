import { createHash, randomBytes } from 'node:crypto';

/** What the person approved on the consent page, redeemable once for a token. */
export interface AuthorizationGrant {
  developerKeyId: number;
  userId: number;
  redirectUri: string;
  scopes: string[];
  purpose: string;
  /** PKCE (RFC 7636, S256 only): the token request must bring the verifier this challenge was made from. */
  codeChallenge: string | null;
}

/** Long enough to switch from the browser to the tool's back end, short enough that a leaked code is stale. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Pending codes are kept in memory; past this many, the oldest are dropped so a flood cannot grow it. */
const MAX_PENDING = 10_000;

const hashOf = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/**
 * OAuth2 authorization codes: random, single-use, ten minutes. Only their SHA-256 is kept, in memory (a restart
 * forgets pending codes; the tool simply asks again), and redeeming one removes it whether or not the rest of
 * the token request turns out valid, so no code can be tried twice.
 */
export class AuthorizationCodes {
  readonly #pending = new Map<string, { grant: AuthorizationGrant; expiresAt: number }>();

  issue(grant: AuthorizationGrant, now: number): string {
    for (const [hash, entry] of this.#pending) if (entry.expiresAt <= now) this.#pending.delete(hash);
    // Maps iterate in insertion order: the first keys are the oldest.
    for (const hash of this.#pending.keys()) {
      if (this.#pending.size < MAX_PENDING) break;
      this.#pending.delete(hash);
    }
    const code = randomBytes(32).toString('base64url');
    this.#pending.set(hashOf(code), { grant, expiresAt: now + CODE_LIFETIME_MS });
    return code;
  }

  /** The grant of a live code, which is spent by asking; undefined for unknown, used or expired codes. */
  redeem(code: string, now: number): AuthorizationGrant | undefined {
    const hash = hashOf(code);
    const entry = this.#pending.get(hash);
    this.#pending.delete(hash);
    return entry && entry.expiresAt > now ? entry.grant : undefined;
  }
}
