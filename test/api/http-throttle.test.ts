import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApp, type FixtureApp } from '../helpers/http-fixture-app.ts';
import { fixtureRoutes } from '../helpers/http-fixture-routes.ts';

const FLOAT = /^\d+\.\d+$/;

describe('throttle headers and refusal (docs/canvas-compatibility.md §1.6)', () => {
  let app: FixtureApp;
  beforeAll(async () => {
    app = await startFixtureApp(fixtureRoutes());
  });
  afterAll(() => app.close());

  it('token requests report X-Request-Cost and X-Rate-Limit-Remaining as floats', async () => {
    const res = await fetch(`${app.url}/api/v1/echo`, { headers: { authorization: 'Bearer lms_teacher-token' } });
    expect(res.headers.get('x-request-cost')).toMatch(FLOAT);
    const remaining = Number(res.headers.get('x-rate-limit-remaining'));
    expect(res.headers.get('x-rate-limit-remaining')).toMatch(FLOAT);
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(600);
  });

  it('public and unauthenticated requests get no throttle headers', async () => {
    for (const res of [await fetch(`${app.url}/api/v1/ping`), await fetch(`${app.url}/api/v1/echo`)]) {
      expect(res.headers.get('x-request-cost')).toBeNull();
      expect(res.headers.get('x-rate-limit-remaining')).toBeNull();
    }
  });

  it("a full bucket answers 429 with Retry-After, Canvas's Rate Limit Exceeded text and remaining 0.0, per token", async () => {
    // A bucket that one in-flight reservation fills, so the second concurrent request is refused.
    const tight = await startFixtureApp(fixtureRoutes(), { throttle: { highWater: 40, maximum: 800, outflowPerSecond: 0.001, upFrontCost: 50 } });
    try {
      const get = (token: string) => fetch(`${tight.url}/api/v1/echo`, { headers: { authorization: `Bearer ${token}` } });
      // The first request's reservation minus its tiny cost leaves the bucket near 0, so it is the reservation
      // that matters: hold one request open by streaming its body slowly.
      const slow = fetch(`${tight.url}/api/v1/echo`, {
        method: 'POST',
        headers: { authorization: 'Bearer lms_teacher-token', 'content-type': 'application/json' },
        body: ReadableStream.from(
          (async function* () {
            yield new TextEncoder().encode('{');
            await new Promise((resolve) => setTimeout(resolve, 300));
            yield new TextEncoder().encode('}');
          })(),
        ),
        duplex: 'half',
      } as RequestInit);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await get('lms_teacher-token');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(refused.headers.get('x-rate-limit-remaining')).toBe('0.0');
      expect(await refused.json()).toEqual({ errors: [{ message: '403 Forbidden (Rate Limit Exceeded)' }] });
      // Another token has its own bucket.
      expect((await get('lms_student-token')).status).toBe(200);
      expect((await slow).status).toBe(201);
    } finally {
      await tight.close();
    }
  });

  it('failed tokens beyond the per-minute budget trip the failed-auth throttle; valid tokens still work', async () => {
    // The budget scaled down from 1,000 to 20 a minute so the test does not depend on how fast requests go.
    const guarded = await startFixtureApp(fixtureRoutes(), { authFailuresPerMinute: 20 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await fetch(`${guarded.url}/api/v1/echo`, { headers: { authorization: `Bearer wrong-${i}` } });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 19)).toEqual(Array(19).fill(401));
      expect(statuses.at(-1)).toBe(429);
      expect((await fetch(`${guarded.url}/api/v1/echo`, { headers: { authorization: 'Bearer lms_teacher-token' } })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
