import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { watchPageErrors } from '../helpers/ui-demo.ts';
import { UI_WAIT, closeTab, expectScreen, openTab } from '../helpers/ui-screens.ts';

/** The shell before anyone signs in: health, and the error screens that say what happened and what to do. */
describe('the served UI shell in Chromium', () => {
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

  it('shows the live health status, notices when the server stops answering, and recovers on its own', async () => {
    const page = await openTab(browser);
    const errors = watchPageErrors(page);
    await page.goto(server.url);
    await expect.poll(() => page.locator('header .app-title').textContent(), UI_WAIT).toBe('Outpost');
    const health = page.getByTestId('health-status');
    await expect.poll(() => health.textContent(), UI_WAIT).toBe(`Server online · v${pkg.version}`);

    // The server "goes away": a request that gets no answer makes the shell check at once, not at the next tick.
    await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
    await expectScreen(page, 'Set up Outpost');
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Teacher');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@school.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Use Outpost on this computer' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), UI_WAIT).toBe('Outpost did not answer. Check that it is still running, then try again.');
    await expect.poll(() => health.textContent(), UI_WAIT).toBe('Server unreachable');
    await page.unrouteAll();
    await expect.poll(() => health.textContent(), UI_WAIT).toBe(`Server online · v${pkg.version}`);
    expect(errors.filter((e) => !e.includes('net::ERR_CONNECTION_REFUSED'))).toEqual([]);
    await closeTab(page);
  });

  it('says the server is not answering when it cannot ask who is signed in, and Retry gets in once it answers', async () => {
    const page = await openTab(browser);
    await page.route('**/api/v1/login/session', (route) => route.abort('connectionrefused'));
    await page.goto(server.url);
    await expectScreen(page, 'Outpost is not answering');
    expect(await page.getByRole('alert').textContent()).toContain('start it again');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectScreen(page, 'Set up Outpost');
    await closeTab(page);
  });

  it('explains a refused address (the DNS-rebinding guard) instead of failing silently', async () => {
    const page = await openTab(browser);
    await page.route('**/api/v1/login/session', (route) => route.fulfill({ status: 403, json: { errors: [{ message: 'Host not allowed.' }] } }));
    await page.goto(server.url);
    await expectScreen(page, 'Outpost refused this address');
    expect(await page.getByRole('alert').textContent()).toContain(`http://127.0.0.1:${server.port}/`);
    await closeTab(page);
  });
});
