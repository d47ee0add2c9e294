import type { Response } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Principal } from '../domain/principal.ts';
import { rateLimitedError } from './http-errors.ts';
import { LeakyBucket, type LeakyBucketOptions } from './leaky-bucket.ts';

export interface ThrottleOptions extends LeakyBucketOptions {
  /** Reserved while a request waits and runs, so many parallel requests from one caller fill the bucket. */
  readonly upFrontCost: number;
}

/** Canvas's figures (docs/canvas-compatibility.md §1.6), for each credential. */
export const CANVAS_THROTTLE: ThrottleOptions = { highWater: 600, maximum: 800, outflowPerSecond: 10, upFrontCost: 50 };

/**
 * A user's bucket is this many credentials deep: two devices (or a device and the browser) of one person work at
 * full speed side by side, while more tokens of one user do not buy more than that.
 */
const CREDENTIALS_PER_USER = 2;

/**
 * Two leaky buckets a request must both fit in (decision 0080): its credential's (a token is a device or a tool; a
 * session is a browser) with Canvas's figures, and its user's, shared by all of that user's credentials. A
 * request's cost is its wall-clock duration in seconds: Canvas charges CPU plus database time, and in one Node
 * process wall time is the closest honest measure of what a request took from everyone else. Idle buckets are
 * forgotten, so memory follows the number of active callers.
 */
export class RequestThrottle {
  readonly #options: ThrottleOptions;
  readonly #userOptions: LeakyBucketOptions;
  readonly #credentials = new Map<number, LeakyBucket>();
  readonly #users = new Map<number, LeakyBucket>();

  constructor(options: ThrottleOptions = CANVAS_THROTTLE) {
    this.#options = options;
    this.#userOptions = {
      highWater: options.highWater * CREDENTIALS_PER_USER,
      maximum: options.maximum * CREDENTIALS_PER_USER,
      outflowPerSecond: options.outflowPerSecond * CREDENTIALS_PER_USER,
    };
  }

  /**
   * Refuses the request (429 with `Retry-After`, see `rateLimitedError`) when either bucket is full; otherwise
   * reserves the up-front cost in both, lets the other requests that arrived meanwhile take their reservations,
   * and, when the response's headers go out, swaps the reservation for the cost and reports `X-Request-Cost` and
   * `X-Rate-Limit-Remaining`.
   *
   * Why the pause: storage answers synchronously, so a request used to run from start to finish before the next
   * one on another socket was even read. Reservations then never overlapped and the cost (milliseconds) drained
   * faster than it came in: 200 parallel writers of one user were all served. Waiting one turn of the event loop
   * after reserving lets every request already on the wire reserve first, so a burst fills the bucket as on Canvas.
   */
  async admit(principal: Principal, res: Response): Promise<void> {
    const now = Date.now();
    const buckets = [this.#bucket(this.#credentials, principal.tokenId, this.#options, now), this.#bucket(this.#users, principal.userId, this.#userOptions, now)];
    const full = buckets.filter((bucket) => bucket.full(now));
    if (full.length > 0) throw rateLimitedError(Math.max(...full.map((bucket) => bucket.secondsUntilRoomFor(0, now))));
    const { upFrontCost } = this.#options;
    for (const bucket of buckets) bucket.add(upFrontCost, now);
    const startedAt = performance.now();
    let cost: number | undefined;
    const settle = (): number => {
      if (cost !== undefined) return cost;
      cost = (performance.now() - startedAt) / 1000;
      for (const bucket of buckets) bucket.add(cost - upFrontCost, Date.now());
      return cost;
    };
    beforeHeaders(res, () => {
      res.setHeader('X-Request-Cost', formatFloat(settle()));
      res.setHeader('X-Rate-Limit-Remaining', formatFloat(Math.max(0, Math.min(...buckets.map((bucket) => bucket.headroom(Date.now()))))));
    });
    // A response that never wrote its headers (the client went away first) still gives its reservation back.
    res.once('close', () => {
      settle();
      this.#forgetIfIdle(principal);
    });
    await nextTurn();
  }

  #bucket(map: Map<number, LeakyBucket>, key: number, options: LeakyBucketOptions, now: number): LeakyBucket {
    let bucket = map.get(key);
    if (bucket === undefined) {
      bucket = new LeakyBucket(options, now);
      map.set(key, bucket);
    }
    return bucket;
  }

  #forgetIfIdle(principal: Principal): void {
    const now = Date.now();
    if (this.#credentials.get(principal.tokenId)?.current(now) === 0) this.#credentials.delete(principal.tokenId);
    if (this.#users.get(principal.userId)?.current(now) === 0) this.#users.delete(principal.userId);
  }
}

/** Ruby's Float#to_s look: always a decimal point ("600.0"), at most six decimals. */
export function formatFloat(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

/** Runs `hook` once, just before the status line and headers go out, whoever writes the response. */
function beforeHeaders(res: Response, hook: () => void): void {
  const writeHead = res.writeHead;
  let ran = false;
  // Patching writeHead is the one point every response path (handler, error mapper, 413) passes through.
  res.writeHead = function patchedWriteHead(this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!ran) {
      ran = true;
      hook();
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}
