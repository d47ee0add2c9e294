import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { generateStrongToken } from '../../src/server/config.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const DEV = new URL('../../scripts/dev.ts', import.meta.url).pathname;
const ADMIN = generateStrongToken();

describe('npm run dev', () => {
  const dirs = tempDirs();
  let dev: ChildProcessByStdio<null, Readable, Readable>;
  let uiUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    dev = spawn(process.execPath, [DEV], {
      env: { ...process.env, OUTPOST_PORT: String(await freePort()), OUTPOST_DATA_DIR: dirs.make(), OUTPOST_ADMIN_TOKEN: ADMIN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    uiUrl = await printedUrl(dev.stdout, /the UI with hot reload at (\S+)/);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (dev?.exitCode === null) {
      dev.kill('SIGTERM');
      await once(dev, 'exit');
    }
    dirs.removeAll();
  });

  it('serves the renderer with hot reload inside its Content-Security-Policy, and the API through a proxy', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    // A blocked inline script or style (the CSP) shows up as a console error. Failed loads are reported with their
    // URL below, except two that are expected: the favicon Chromium asks for on its own (Outpost has none) and the
    // UI's "who is signed in?" probe, which answers 401 while nobody is.
    const expected = (res: { status(): number; url(): string }) =>
      res.url().endsWith('/favicon.ico') || (res.status() === 401 && new URL(res.url()).pathname === '/api/v1/login/session');
    page.on('console', (msg) => msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && problems.push(msg.text()));
    page.on('response', (res) => res.status() >= 400 && !expected(res) && problems.push(`${res.status()} ${res.url()}`));
    const hmrConnected = new Promise<void>((resolve) => page.on('console', (msg) => msg.text().includes('[vite] connected') && resolve()));

    await page.goto(uiUrl);
    await expect.poll(() => page.getByTestId('health-status').textContent(), { timeout: 60_000 }).toBe(`Server online · v${pkg.version}`);
    await hmrConnected;
    // React's refresh preamble, an inline script, ran.
    expect(await page.evaluate(() => typeof (globalThis as { $RefreshReg$?: unknown }).$RefreshReg$)).toBe('function');
    // A write from the app's own page passes the server's Origin check.
    const status = await page.evaluate(async (token) => {
      const res = await fetch('/api/v1/users/self/tokens', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ token: { purpose: 'dev' } }),
      });
      return res.status;
    }, ADMIN);
    expect(status).toBe(200);
    expect(problems).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function printedUrl(stdout: Readable, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let printed = '';
    stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = pattern.exec(printed)?.[1];
      if (url) resolve(url);
    });
    stdout.once('end', () => reject(new Error(`npm run dev ended before printing its URL:\n${printed}`)));
  });
}
