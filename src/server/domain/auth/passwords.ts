import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes, versioned so the cost can rise later without breaking stored logins:
 * `scrypt$1$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 *
 * scrypt is memory-hard (128·N·r bytes per hash: 32 MiB here), which is what makes offline guessing on GPUs
 * expensive. N=2^15, r=8, p=3 is one of OWASP's equivalent scrypt settings; it costs about as much CPU as
 * N=2^17, p=1 with a quarter of the memory, so several sign-ins at once do not exhaust a laptop. Node runs
 * scrypt on its thread pool: hashing never blocks the event loop.
 */
const SCHEME = 'scrypt';
const VERSION = '1';
const CURRENT = { logN: 15, r: 8, p: 3 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Canvas's default password policy starts at 8 characters; 255 bounds the work a single request can ask for. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 255;

interface Params {
  logN: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: 256 * 2 ** params.logN * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, HASH_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, CURRENT);
  return [SCHEME, VERSION, CURRENT.logN, CURRENT.r, CURRENT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Parses a stored hash; undefined for anything not written by `hashPassword` (or with absurd parameters). */
function parse(stored: string): { params: Params; salt: Buffer; hash: Buffer } | undefined {
  const [scheme, version, logN, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== SCHEME || version !== VERSION || rest.length > 0 || !salt || !hash) return undefined;
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  const sane = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  if (!sane(params.logN, 20) || !sane(params.r, 32) || !sane(params.p, 16)) return undefined;
  return { params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length !== HASH_BYTES) return false;
  const derived = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(derived, parsed.hash);
}

/** Whether a stored hash was made with weaker parameters than today's, so it is replaced at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.logN !== CURRENT.logN || parsed.params.r !== CURRENT.r || parsed.params.p !== CURRENT.p;
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same work as a real check when there is no hash to check against (an unknown login, a login
 * without a password), so the answer time does not tell whether a login exists.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('outpost decoy password');
  await verifyPassword(password, await decoy);
  return false;
}
