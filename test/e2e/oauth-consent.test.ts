import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { authorizeUrl, createDeveloperKey, createPasswordUser, postForm, type FixtureDeveloperKey } from '../helpers/oauth-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { closeTab, expectNoAxeViolations, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

const ADMIN = 'oauth-consent-e2e-admin-token';
const PASSWORD = 'consent page password';

/**
 * The consent page in a real browser against the headless server: a tool (its own origin, another port) sends the
 * person to `/login/oauth2/auth`, they sign in on the page, authorize, and land on the tool's callback with a code
 * the tool trades for a token. Another site cannot show the page inside a frame.
 */
describe('OAuth2 consent page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let tool: Server;
  let toolOrigin: string;
  let key: FixtureDeveloperKey;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    tool = createServer((req, res) => {
      res.setHeader('content-type', 'text/html');
      // The tool's own page that tries to frame the consent page (clickjacking).
      if (req.url?.startsWith('/framer')) res.end(`<iframe src="${server.url}${authorizeUrl(key)}"></iframe>`);
      else res.end('<p>callback received</p>');
    });
    await new Promise<void>((resolve) => tool.listen(0, '127.0.0.1', resolve));
    toolOrigin = `http://127.0.0.1:${(tool.address() as AddressInfo).port}`;
    key = await createDeveloperKey(server, ADMIN, { name: 'Browser Tool', redirect_uris: [`${toolOrigin}/callback`] });
    await createPasswordUser(server, ADMIN, 'reader@example.test', PASSWORD);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => tool?.close(resolve));
    await server?.stop();
  });

  it('signs in, authorizes and sends the browser back to the tool with a working code; both states pass axe-core', async () => {
    const page = await openTab(browser);
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    await page.goto(server.url + authorizeUrl(key));
    await page.getByRole('heading', { level: 1, name: 'Browser Tool wants to use your Outpost account' }).waitFor();
    await page.getByLabel('Email').waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('reader@example.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as Person reader@example.test.').waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((url) => url.origin === toolOrigin);

    const back = new URL(page.url());
    expect(back.pathname).toBe('/callback');
    expect(back.searchParams.get('state')).toBe('tool-state-42');
    const granted = await postForm(server, '/login/oauth2/token', {
      grant_type: 'authorization_code',
      client_id: String(key.id),
      client_secret: key.api_key,
      code: back.searchParams.get('code') ?? '',
      redirect_uri: `${toolOrigin}/callback`,
    });
    expect(granted.status).toBe(200);
    expect((await api(server, String(granted.json.access_token), 'GET', '/api/v1/users/self')).json).toMatchObject({ name: 'Person reader@example.test' });

    // Signed in now, a second request goes straight to Authorize; the 401 of the first session probe is the only console line.
    await page.goto(server.url + authorizeUrl(key, { state: 'second' }));
    await page.getByRole('button', { name: 'Authorize' }).waitFor();
    expect(problems.filter((line) => !line.includes('401'))).toEqual([]);
    await closeTab(page);
  });

  it('cannot be shown inside another site’s frame', async () => {
    const page = await browser.newPage();
    await page.goto(`${toolOrigin}/framer`);
    // The load event waited for the frame; Chromium puts its error page where a refused document would be.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).toMatch(/^chrome-error:/);
    await page.close();
  });
});

