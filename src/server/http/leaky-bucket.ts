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

  /** Whether `amount` more fits under the high-water mark. */
  hasRoomFor(amount: number, now: number): boolean {
    return this.current(now) + amount <= this.options.highWater;
  }

  add(amount: number, now: number): void {
    this.level = Math.min(this.options.maximum, Math.max(0, this.current(now) + amount));
  }
}
