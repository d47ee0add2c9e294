import type { Response } from 'express';
import { rateLimitedError } from './http-errors.ts';
import { LeakyBucket, type LeakyBucketOptions } from './leaky-bucket.ts';

export interface ThrottleOptions extends LeakyBucketOptions {
  /** Reserved while a request runs, so many parallel requests from one token fill the bucket. */
  readonly upFrontCost: number;
}

/** Canvas's figures (docs/canvas-compatibility.md §1.6). */
export const CANVAS_THROTTLE: ThrottleOptions = { highWater: 600, maximum: 800, outflowPerSecond: 10, upFrontCost: 50 };

/**
 * A leaky bucket per token. A request's cost is its wall-clock duration in seconds: Canvas charges CPU plus
 * database time, and in one Node process wall time is the closest honest measure of what a request took from
 * everyone else. Idle buckets are forgotten, so memory follows the number of active tokens.
 */
export class TokenThrottle {
  private readonly buckets = new Map<number, LeakyBucket>();
  private readonly options: ThrottleOptions;

  constructor(options: ThrottleOptions = CANVAS_THROTTLE) {
    this.options = options;
  }

  /**
   * Refuses the request (403, `X-Rate-Limit-Remaining: 0.0`) when the bucket is full; otherwise reserves the
   * up-front cost and, when the response is written, reports `X-Request-Cost` and `X-Rate-Limit-Remaining`.
   */
  admit(tokenId: number, res: Response): void {
    const bucket = this.bucketFor(tokenId);
    if (bucket.full(Date.now())) throw rateLimitedError();
    const startedAt = performance.now();
    const { upFrontCost } = this.options;
    bucket.add(upFrontCost, Date.now());
    let cost = 0;
    beforeHeaders(res, () => {
      cost = (performance.now() - startedAt) / 1000;
      res.setHeader('X-Request-Cost', formatFloat(cost));
      // What the bucket will hold once this request's reservation is swapped for its cost.
      const after = Math.max(0, bucket.current(Date.now()) - upFrontCost + cost);
      res.setHeader('X-Rate-Limit-Remaining', formatFloat(this.options.highWater - after));
    });
    res.once('close', () => {
      bucket.add(cost - upFrontCost, Date.now());
      if (bucket.current(Date.now()) === 0) this.buckets.delete(tokenId);
    });
  }

  private bucketFor(tokenId: number): LeakyBucket {
    let bucket = this.buckets.get(tokenId);
    if (bucket === undefined) {
      bucket = new LeakyBucket(this.options, Date.now());
      this.buckets.set(tokenId, bucket);
    }
    return bucket;
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
