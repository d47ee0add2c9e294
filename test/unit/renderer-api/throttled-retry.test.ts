import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '../../../src/renderer/src/api/http.ts';

/**
 * The renderer's HTTP client against a real local server that refuses with 429 as Outpost's request budget does
 * (Retry-After plus Canvas's X-Rate-Limit-Remaining) or as the sign-in throttle does (Retry-After only).
 */
describe('renderer HTTP client and 429', () => {
  let server: Server;
  let base = '';
  const seen = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const count = (seen.get(req.url ?? '') ?? 0) + 1;
      seen.set(req.url ?? '', count);
      const refuse = (headers: Record<string, string>) => {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1', ...headers });
        res.end(JSON.stringify({ errors: [{ message: '403 Forbidden (Rate Limit Exceeded)' }] }));
      };
      if (req.url === '/budget' && count === 1) return refuse({ 'X-Rate-Limit-Remaining': '0.0' });
      if (req.url === '/always') return refuse({ 'X-Rate-Limit-Remaining': '0.0' });
      if (req.url === '/sign-in') return refuse({});
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ tries: count }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a request refused by the request budget again after Retry-After', async () => {
    const http = createHttp(base);
    await expect(http.getOne<{ tries: number }>('/budget')).resolves.toEqual({ tries: 2 });
  });

  it('gives up with a throttled error when the budget stays spent', async () => {
    const http = createHttp(base);
    await expect(http.getOne('/always')).rejects.toMatchObject({ kind: 'throttled', status: 429 });
    expect(seen.get('/always')).toBe(4);
  });

  it('shows other 429s (failed sign-ins) at once, without trying again', async () => {
    const http = createHttp(base);
    await expect(http.write('POST', '/sign-in', {})).rejects.toMatchObject({ kind: 'throttled', status: 429 });
    expect(seen.get('/sign-in')).toBe(1);
  });
});
