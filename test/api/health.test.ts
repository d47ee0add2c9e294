import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortInUseError, startServer } from '../../src/server/boot.ts';
import pkg from '../../package.json' with { type: 'json' };
import { startTestServer, type TestServer } from '../helpers/server.ts';

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;

describe('GET /api/v1/health', () => {
  let server: TestServer;
  let rendererDir: string;

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'outpost-ui-'));
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
    const dataDir = join(mkdtempSync(join(tmpdir(), 'outpost-')), 'nested', 'data');
    expect(existsSync(dataDir)).toBe(false);
    const other = await startServer({ dataDir, port: 0 });
    await other.close();
    await other.close(); // idempotent
    expect(existsSync(dataDir)).toBe(true);
  });
});

describe('port handling', () => {
  it('refuses a taken port instead of moving to another', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startServer({ dataDir: mkdtempSync(join(tmpdir(), 'outpost-')), port })).rejects.toBeInstanceOf(
        PortInUseError,
      );
      const run = await runCli({ OUTPOST_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        `Outpost cannot start: port ${port} on 127.0.0.1 is already in use (set OUTPOST_PORT to a free port).`,
      ]);
    } finally {
      blocker.close();
    }
  });

  it('the CLI prints one line with the URL it listens on', async () => {
    const run = await runCli({ OUTPOST_PORT: '0' }, /Outpost listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
    const url = run.match?.[1];
    expect(url).toBeDefined();
    expect(run.stdout).toBe(`Outpost listening on ${url}\n`);
  });
});

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  match?: RegExpMatchArray | null;
}

/** Runs the plain-Node entry; when `until` matches stdout, checks health over HTTP and then stops it. */
function runCli(env: Record<string, string>, until?: RegExp): Promise<CliRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-cli-'));
  const child = spawn(process.execPath, [CLI], { env: { ...process.env, OUTPOST_DATA_DIR: dataDir, ...env } });
  let stdout = '';
  let stderr = '';
  let match: RegExpMatchArray | null = null;
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', async (d: Buffer) => {
    stdout += d.toString();
    match = until ? stdout.match(until) : null;
    if (match?.[1]) {
      const res = await fetch(`${match[1]}/api/v1/health`);
      if (res.ok) child.kill('SIGTERM');
    }
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr, match })));
}
