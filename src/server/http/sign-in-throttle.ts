import { HttpError } from './http-errors.ts';
import { LeakyBucket, type LeakyBucketOptions } from './leaky-bucket.ts';

export interface SignInLimits {
  /** Failures one login may collect before it must wait, and how fast they are forgiven. */
  readonly perLogin: LeakyBucketOptions;
  /** The same per client address (many logins guessed from one place). */
  readonly perAddress: LeakyBucketOptions;
  /** Buckets kept per kind; beyond it idle ones, then the oldest, are forgotten, so memory stays bounded. */
  readonly maxTracked: number;
}

/**
 * Ten wrong passwords for a login, then one more try a minute; a hundred from one address, then one every six
 * seconds. Slow enough to make guessing pointless next to scrypt's cost, forgiving enough for a class of students
 * behind one address. Every local page is `127.0.0.1`, so the per-login limit is the one that matters on a laptop.
 */
export const SIGN_IN_LIMITS: SignInLimits = {
  perLogin: { highWater: 10, maximum: 10, outflowPerSecond: 1 / 60 },
  perAddress: { highWater: 100, maximum: 100, outflowPerSecond: 1 / 6 },
  maxTracked: 10_000,
};

/** Failed sign-ins, in memory: a restart forgets them, which costs an attacker a restart they cannot cause. */
export class SignInThrottle {
  readonly #limits: SignInLimits;
  readonly #logins = new Map<string, LeakyBucket>();
  readonly #addresses = new Map<string, LeakyBucket>();

  constructor(limits: SignInLimits = SIGN_IN_LIMITS) {
    this.#limits = limits;
  }

  /** Throws 429 with Retry-After while the login or the address has used up its failures. */
  check(uniqueId: string, address: string, now: number): void {
    const wait = Math.max(
      waitSeconds(this.#logins.get(loginKey(uniqueId)), now),
      waitSeconds(this.#addresses.get(address), now),
    );
    if (wait > 0) {
      throw new HttpError(429, { errors: [{ message: `Too many failed sign-in attempts. Wait ${wait} seconds, then try again.` }] }, { 'Retry-After': String(wait) });
    }
  }

  failed(uniqueId: string, address: string, now: number): void {
    this.#bucket(this.#logins, loginKey(uniqueId), this.#limits.perLogin, now).add(1, now);
    this.#bucket(this.#addresses, address, this.#limits.perAddress, now).add(1, now);
  }

  /** The right password clears the login's failures (not the address's: other logins may be guessed from there). */
  succeeded(uniqueId: string): void {
    this.#logins.delete(loginKey(uniqueId));
  }

  #bucket(map: Map<string, LeakyBucket>, key: string, options: LeakyBucketOptions, now: number): LeakyBucket {
    let bucket = map.get(key);
    if (bucket) return bucket;
    if (map.size >= this.#limits.maxTracked) forgetIdle(map, now, this.#limits.maxTracked);
    bucket = new LeakyBucket(options, now);
    map.set(key, bucket);
    return bucket;
  }
}

const loginKey = (uniqueId: string) => uniqueId.trim().toLowerCase();

/** Whole seconds until one more failure fits; 0 when it fits now. */
function waitSeconds(bucket: LeakyBucket | undefined, now: number): number {
  return bucket ? Math.ceil(bucket.secondsUntilRoomFor(1, now)) : 0;
}

function forgetIdle(map: Map<string, LeakyBucket>, now: number, max: number): void {
  for (const [key, bucket] of map) if (bucket.current(now) === 0) map.delete(key);
  // Maps iterate in insertion order: what is left over the limit goes oldest first.
  for (const key of map.keys()) {
    if (map.size < max) break;
    map.delete(key);
  }
}
