import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../src/server/domain/principal.ts';
import { HttpError } from '../../../src/server/http/http-errors.ts';
import { CANVAS_THROTTLE, RequestThrottle } from '../../../src/server/http/throttle.ts';

/** What the throttle touches of a response: its headers, `writeHead` and the `close` event. */
class FakeResponse extends EventEmitter {
  readonly headers: Record<string, string> = {};
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  writeHead() {
    return this;
  }
}

const caller = (userId: number, tokenId: number): Principal => ({ userId, tokenId, scopes: null });

/** Admits one request that stays in flight; the thrown error when refused. */
async function admitHeld(throttle: RequestThrottle, principal: Principal): Promise<HttpError | undefined> {
  try {
    // The fake stands in for the few members of express's Response the throttle uses.
    await throttle.admit(principal, new FakeResponse() as unknown as Response);
    return undefined;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
}

describe('RequestThrottle', () => {
  // Canvas's figures with the high-water mark just under twelve reservations, so the bucket's drain while the
  // test runs cannot let a thirteenth in.
  const figures = { ...CANVAS_THROTTLE, highWater: 590 };
  const inFlightPerCredential = 12;

  it("a credential holds twelve requests in flight; the thirteenth is 429 with Retry-After", async () => {
    const throttle = new RequestThrottle(figures);
    for (let i = 0; i < inFlightPerCredential; i++) expect(await admitHeld(throttle, caller(1, 10))).toBeUndefined();
    const refused = await admitHeld(throttle, caller(1, 10));
    expect(refused?.status).toBe(429);
    expect(refused?.headers['Retry-After']).toBe('1');
    expect(refused?.headers['X-Rate-Limit-Remaining']).toBe('0.0');
  });

  it('a user shares two credentials’ worth across all their tokens; other users keep their own', async () => {
    const throttle = new RequestThrottle(figures);
    for (const tokenId of [10, 11]) {
      for (let i = 0; i < inFlightPerCredential; i++) expect(await admitHeld(throttle, caller(1, tokenId))).toBeUndefined();
    }
    // A third token of the same user has an empty bucket of its own, and is refused for its user's.
    expect((await admitHeld(throttle, caller(1, 12)))?.status).toBe(429);
    expect(await admitHeld(throttle, caller(2, 20))).toBeUndefined();
  });

  it('a finished request gives its reservation back and reports its cost', async () => {
    const throttle = new RequestThrottle(figures);
    const res = new FakeResponse();
    await throttle.admit(caller(1, 10), res as unknown as Response);
    (res as unknown as Response).writeHead(200);
    expect(res.headers['X-Request-Cost']).toMatch(/^\d+\.\d+$/);
    expect(Number(res.headers['X-Rate-Limit-Remaining'])).toBeGreaterThan(figures.highWater - 1);
    res.emit('close');
    for (let i = 0; i < inFlightPerCredential; i++) expect(await admitHeld(throttle, caller(1, 10))).toBeUndefined();
  });
});
