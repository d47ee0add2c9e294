import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzScale } from '../helpers/storage-random.ts';
import { bracketParams, pathValue, requestBody } from '../helpers/http-fuzz-arbitraries.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN_TOKEN = 'lms_fuzz-admin-token-0123456789abcdef';

interface Endpoint {
  method: string;
  path: string;
}

/**
 * Hostile and malformed requests to every route the real server lists in its OpenAPI document, so the fuzz grows
 * with each area automatically (security.md §4). Oracles: no 5xx, JSON error bodies, Object.prototype clean,
 * server alive. Replay a failure with OUTPOST_FUZZ_SEEDS=<seed>; OUTPOST_FUZZ_SCALE=10 runs ten times as many.
 */
describe('route fuzz', () => {
  let server: TestServer;
  let endpoints: Endpoint[];
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    endpoints = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(() => server.stop());

  it('no 5xx, no pollution, server alive', async () => {
    const seed = Number(process.env.OUTPOST_FUZZ_SEEDS?.split(',')[0] ?? Date.now() % 2 ** 31);
    const request = fc.record({
      endpoint: fc.nat({ max: endpoints.length - 1 }),
      pathValues: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
      query: bracketParams,
      body: requestBody,
      token: fc.constantFrom(ADMIN_TOKEN, ADMIN_TOKEN, undefined, 'wrong'),
      methodOverride: fc.option(fc.constantFrom('PATCH', 'OPTIONS', 'HEAD'), { freq: 8 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const endpoint = endpoints[r.endpoint]!;
        let i = 0;
        const path = endpoint.path.replace(/\{\w+\}/g, () => r.pathValues[i++] ?? '1');
        const method = r.methodOverride ?? endpoint.method;
        const headers: Record<string, string> = {};
        if (r.token) headers.authorization = `Bearer ${r.token}`;
        if (r.body.contentType) headers['content-type'] = r.body.contentType;
        const sendsBody = method !== 'GET' && method !== 'HEAD' && r.body.body !== undefined;
        const res = await fetch(`${server.url}${path}${r.query ? `?${r.query}` : ''}`, {
          method,
          headers,
          body: sendsBody ? r.body.body : undefined,
        });
        // An event stream (sync) never ends by itself: its headers are the answer, and cancelling closes it.
        const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
        expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD') expect(() => JSON.parse(text) as unknown).not.toThrow();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed, numRuns: Math.round(300 * fuzzScale()), endOnFailure: true },
    );
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(Object.keys(Object.prototype)).toEqual([]);
  }, 120_000);
});
