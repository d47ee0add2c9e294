import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { fillSignIn, watchPageErrors } from '../helpers/ui-demo.ts';
import { UI_WAIT, closeTab, expectScreen, openTab } from '../helpers/ui-screens.ts';

describe('the first run of a new installation', () => {
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

  it('offers both ways in, and "Use Outpost on this computer" creates the first teacher and signs them in', async () => {
    const page = await openTab(browser);
    const errors = watchPageErrors(page);
    await page.goto(server.url);
    await expectScreen(page, 'Set up Outpost');
    await page.getByRole('link', { name: 'Connect to a hub' }).click();
    await expectScreen(page, 'Connect to a hub');
    for (const name of ['Hub address', 'Email']) await page.getByRole('textbox', { name }).waitFor();
    await page.getByLabel('Password').waitFor();
    await page.getByRole('link', { name: 'Back to setup' }).click();
    await expectScreen(page, 'Set up Outpost');

    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@school.test');
    await page.getByLabel('Password').fill('analytical-engine');
    await page.getByRole('button', { name: 'Use Outpost on this computer' }).click();
    await expectScreen(page, 'Your courses');
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('Signed in as Ada Lovelace');
    await expect.poll(() => page.getByRole('status', { name: 'Sync status' }).textContent(), UI_WAIT).toContain('Not connected');

    // Set up once: afterwards the installation asks for a sign-in, and the teacher's password works.
    await page.goto(`${server.url}/#/no/such/place`);
    await expectScreen(page, 'Page not found');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectScreen(page, 'Sign in to Outpost');
    const setup = (await (await fetch(`${server.url}/api/v1/outpost/setup`)).json()) as { setup_needed: boolean };
    expect(setup.setup_needed).toBe(false);
    await fillSignIn(page, 'ada@school.test', 'analytical-engine');
    await expectScreen(page, 'Page not found');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expectScreen(page, 'Settings');
    await page.getByRole('link', { name: 'Connect to a hub' }).click();
    await expectScreen(page, 'Connect to a hub');
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
