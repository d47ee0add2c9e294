import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../src/server/http/app.ts';
import type { AnyRoute } from '../../src/server/http/route.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The LTI token endpoint takes a signed assertion instead of a token (webhook subscriptions, docs/decisions/0008).
const PUBLIC_ROUTES = ['GET /api/v1/health', 'GET /api/v1/openapi.json', 'POST /api/lti/accounts/{account_id}/authorize'];

type Operation = { 'x-permission'?: string; security?: unknown[] };

/**
 * The route inventory of a real server (docs/architecture.md §10): every route declares a permission rule with a
 * description, only health and the OpenAPI document are public, and the server really enforces it.
 */
describe('route inventory', () => {
  let server: TestServer;
  let operations: Array<{ name: string; path: string; method: string; op: Operation }>;
  beforeAll(async () => {
    server = await startTestServer();
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, method: method.toUpperCase(), op })),
    );
  });
  afterAll(() => server.stop());

  it('every route has a described permission rule; only health and openapi are public', () => {
    for (const { name, op } of operations) {
      expect(op['x-permission']?.trim(), name).toBeTruthy();
      const isPublic = (op.security ?? []).length === 0;
      expect(isPublic, name).toBe(PUBLIC_ROUTES.includes(name));
    }
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(PUBLIC_ROUTES));
  });

  it('every non-public route refuses a request without a token (401 with the Bearer challenge)', async () => {
    for (const { name, path, method } of operations) {
      if (PUBLIC_ROUTES.includes(name)) continue;
      const url = server.url + path.replace(/\{\w+\}/g, '1');
      const res = await fetch(url, { method, headers: method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      expect(res.status, name).toBe(401);
      expect(res.headers.get('www-authenticate'), name).toBe('Bearer realm="canvas-lms"');
    }
  });
});

describe('a route without a permission rule', () => {
  const base = { method: 'GET', path: '/api/v1/x', summary: 'x', params: z.object({}), handler: () => ({ body: {} }) } as const;
  const build = (route: unknown) => () =>
    createApp({ rendererDir: '/none', routes: [route as AnyRoute], verifyToken: async () => undefined, allowedHosts: () => new Set() });

  it('fails at startup', () => {
    expect(build(base)).toThrow(/permission rule/);
    expect(build({ ...base, permission: { description: ' ', requiresToken: true, check: () => true } })).toThrow(/permission rule/);
    expect(build({ ...base, permission: { description: 'x', check: () => true } })).toThrow(/permission rule/);
  });

  it('and so does a route registered twice', () => {
    const route = { ...base, permission: { description: 'x', requiresToken: true, check: () => true } };
    expect(() =>
      createApp({ rendererDir: '/none', routes: [route, route] as AnyRoute[], verifyToken: async () => undefined, allowedHosts: () => new Set() }),
    ).toThrow(/registered twice/);
  });
});
