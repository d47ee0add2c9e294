import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. A challenge (its S256 hash, base64url) is always 43. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isCodeChallenge = (challenge: string): boolean => CHALLENGE.test(challenge);

/** Whether `verifier` is the one the S256 `challenge` was made from. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const hashed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return hashed.length === expected.length && timingSafeEqual(hashed, expected);
}
