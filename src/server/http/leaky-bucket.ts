export interface LeakyBucketOptions {
  /** At or above this level new requests are refused. */
  readonly highWater: number;
  /** The level never rises above this, so a burst cannot lock a client out for long. */
  readonly maximum: number;
  readonly outflowPerSecond: number;
}

/** Canvas's request throttle bucket (docs/canvas-compatibility.md §1.6): the level drains continuously at the outflow rate. */
export class LeakyBucket {
  private level = 0;
  private updatedAt: number;
  private readonly options: LeakyBucketOptions;

  constructor(options: LeakyBucketOptions, now: number) {
    this.options = options;
    this.updatedAt = now;
  }

  current(now: number): number {
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.level = Math.max(0, this.level - elapsedSeconds * this.options.outflowPerSecond);
    this.updatedAt = now;
    return this.level;
  }

  full(now: number): boolean {
    return this.current(now) >= this.options.highWater;
  }

  /** How far the level is below the high-water mark (what Canvas reports as `X-Rate-Limit-Remaining`). */
  headroom(now: number): number {
    return this.options.highWater - this.current(now);
  }

  /** Whether `amount` more fits under the high-water mark. */
  hasRoomFor(amount: number, now: number): boolean {
    return this.current(now) + amount <= this.options.highWater;
  }

  /** Seconds until `amount` more fits under the high-water mark at the outflow rate; 0 when it fits now. */
  secondsUntilRoomFor(amount: number, now: number): number {
    return Math.max(0, (this.current(now) + amount - this.options.highWater) / this.options.outflowPerSecond);
  }

  add(amount: number, now: number): void {
    this.level = Math.min(this.options.maximum, Math.max(0, this.current(now) + amount));
  }
}
