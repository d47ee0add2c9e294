import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID (48-bit time + 80 random bits, Crockford base32): unique, and sorts by creation time. */
export function ulid(now = Date.now()): string {
  let time = '';
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32]! + time;
  const random = [...randomBytes(16)].map((b) => CROCKFORD[b % 32]).join('');
  return time + random;
}
