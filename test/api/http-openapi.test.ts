import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from '../../src/server/http/openapi-document.ts';
import { fixtureRoutes } from '../helpers/http-fixture-routes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Operation {
  operationId: string;
  summary: string;
  'x-permission': string;
  security: unknown[];
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
}
type OpenApi = { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>> };

describe('GET /api/v1/openapi.json on the real server', () => {
  let server: TestServer;
  let doc: OpenApi;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApi;
  });
  afterAll(() => server.stop());

  it('is public OpenAPI 3.1 listing every registered route, itself and health included', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const registered = [...server.core.routes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`), 'GET /api/v1/health', 'GET /api/v1/openapi.json'];
    expect(listed.sort()).toEqual(registered.sort());
  });

  it('every operation is well formed: unique ids, declared path parameters, permission text', () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(op.summary.length).toBeGreaterThan(0);
        expect(op['x-permission'].length).toBeGreaterThan(0);
        const inPath = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        expect(inPath.sort()).toEqual([...templated].sort());
        for (const parameter of op.parameters) {
          expect(['path', 'query']).toContain(parameter.in);
          expect(typeof parameter.schema).toBe('object');
        }
      }
    }
  });
});

describe('OpenAPI generation from zod schemas', () => {
  const doc = openApiDocument(fixtureRoutes()) as unknown as OpenApi;

  it('documents query parameters of reads, with [] for lists, and bodies of writes in both encodings', () => {
    const get = doc.paths['/api/v1/echo']?.get;
    expect(get?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['flag', 'include[]', 'ids[]', 'at', 'module']));
    const put = doc.paths['/api/v1/courses/{course_id}/things/{id}']?.put;
    expect(put?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:course_id', 'path:id']);
    const content = put?.requestBody?.content ?? {};
    expect(Object.keys(content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(Object.keys(content['application/json']?.schema.properties ?? {})).toEqual(['name']);
    expect(put?.['x-permission']).toBe('teachers only (fixture)');
    expect(put?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/ping']?.get?.security).toEqual([]);
  });

  it('cannot drift: a schema change shows up in the document', () => {
    const [route] = fixtureRoutes().filter((r) => r.path === '/api/v1/ping');
    const changed = { ...route!, params: z.object({ new_param: z.string() }) };
    const names = (openApiDocument([changed]) as unknown as OpenApi).paths['/api/v1/ping']?.get?.parameters.map((p) => p.name);
    expect(names).toEqual(['new_param']);
  });
});
