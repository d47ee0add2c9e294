import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/boot.ts';
import pkg from '../../package.json' with { type: 'json' };
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const dirs = tempDirs();
afterAll(() => dirs.removeAll());

describe('GET /api/v1/health', () => {
  let server: TestServer;
  let rendererDir: string;

  beforeAll(async () => {
    rendererDir = dirs.make('outpost-ui-');
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Outpost test UI</title>');
    server = await startTestServer({ rendererDir });
  });
  afterAll(() => server.stop());

  it('answers without a token, revealing only status and version', async () => {
    const res = await fetch(`${server.url}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok', version: pkg.version });
  });

  it('listens on loopback only by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the renderer at / and for client-side routes', async () => {
    for (const path of ['/', '/courses/12']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Outpost test UI');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('answers unknown API paths with the Canvas 404 envelope, not the UI', async () => {
    const res = await fetch(`${server.url}/api/v1/no_such_thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [{ message: 'The specified resource does not exist.' }] });
  });
});

// Outside the block above: RxDB allows one open database per name in a process, so no second server runs
// while another is open.
describe('startServer', () => {
  it('creates its data directory and closes idempotently', async () => {
    const dataDir = join(dirs.make(), 'nested', 'data');
    expect(existsSync(dataDir)).toBe(false);
    const other = await startServer({ dataDir, port: 0 });
    await other.close();
    await other.close(); // idempotent
    expect(existsSync(dataDir)).toBe(true);
  });
});
