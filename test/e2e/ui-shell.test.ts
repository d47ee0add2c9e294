import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('the served UI in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the shell and shows the live health status from the API', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('console', (msg) => msg.type() === 'error' && pageErrors.push(msg.text()));

    await page.goto(server.url);
    await expect.poll(() => page.title()).toBe('Outpost');
    await expect.poll(() => page.locator('header .app-title').textContent()).toBe('Outpost');
    await expect
      .poll(() => page.getByTestId('health-status').textContent())
      .toBe(`Server online · v${pkg.version}`);
    expect(pageErrors).toEqual([]);
  });

  it('shows the server as unreachable when it stops answering', async () => {
    const page = await browser.newPage();
    // Health calls fail as they would with the server gone; the rest of the page still loads.
    await page.route('**/api/v1/health', (route) => route.abort('connectionrefused'));
    await page.goto(server.url);
    await expect.poll(() => page.getByTestId('health-status').textContent()).toBe('Server unreachable');
  });
});
