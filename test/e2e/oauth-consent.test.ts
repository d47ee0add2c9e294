import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { authorizeUrl, createDeveloperKey, createPasswordUser, postForm, type FixtureDeveloperKey } from '../helpers/oauth-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectCatalogueTextOnly } from '../helpers/pseudo-walk.ts';
import { closeTab, expectNoAxeViolations, openTab, UI_WAIT } from '../helpers/ui-screens.ts';
import { accentText } from '../../src/renderer/src/i18n/pseudo.ts';

const ADMIN = 'oauth-consent-e2e-admin-token';
const PASSWORD = 'consent page password';

const documentLanguage = (page: Page) => page.evaluate('[document.documentElement.lang, document.documentElement.dir].join(" ")');

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

  it("speaks the browser's language, then the signed-in person's own choice: pseudo-locale text only, Arabic right to left and axe-clean", async () => {
    const person = await createPasswordUser(server, ADMIN, 'arabic.reader@example.test', PASSWORD);
    expect((await api(server, ADMIN, 'PUT', `/api/v1/users/${person.id}`, { user: { locale: 'ar' } })).status).toBe(200);
    const page = await openTab(browser);
    await page.context().setExtraHTTPHeaders({ 'Accept-Language': 'en-XA, en;q=0.5' });
    await page.goto(server.url + authorizeUrl(key, { state: 'pseudo' }));
    await page.getByLabel(accentText('Email')).waitFor(UI_WAIT);
    expect(await documentLanguage(page)).toBe('en-XA ltr');
    await expectCatalogueTextOnly(page, { values: ['Browser Tool'], patterns: [] });

    await page.getByLabel(accentText('Email')).fill('arabic.reader@example.test');
    await page.getByLabel(accentText('Password')).fill(PASSWORD);
    await page.getByRole('button', { name: new RegExp(accentText('Sign in'), 'u') }).click();
    // Signed in, the page comes back in the language the person chose in Outpost.
    await page.getByText('مسجّل الدخول باسم Person arabic.reader@example.test.').waitFor(UI_WAIT);
    expect(await documentLanguage(page)).toBe('ar rtl');
    await page.getByRole('heading', { level: 1, name: 'تطلب Browser Tool استخدام حسابك في Outpost' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'السماح' }).click();
    await page.waitForURL((url) => url.origin === toolOrigin);
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    await closeTab(page);
  });

  it('a request it cannot send back to the tool shows a page in the browser’s language; a tool still gets JSON', async () => {
    const page = await openTab(browser);
    await page.context().setExtraHTTPHeaders({ 'Accept-Language': 'fr-CA, fr;q=0.9' });
    const answer = await page.goto(server.url + authorizeUrl({ id: 999_999, redirect_uris: key.redirect_uris }));
    expect(answer?.status()).toBe(401);
    expect(await documentLanguage(page)).toBe('fr ltr');
    await page.getByRole('heading', { level: 1, name: 'Cette demande de connexion ne peut pas être utilisée' }).waitFor();
    await page.getByText('Outpost ne connaît pas l’outil qui vous a envoyé ici.').waitFor();
    await expectNoAxeViolations(page);

    await page.context().setExtraHTTPHeaders({ 'Accept-Language': 'en-XA' });
    await page.goto(server.url + authorizeUrl({ id: key.id, redirect_uris: ['https://elsewhere.example/callback'] }));
    await expectCatalogueTextOnly(page, { values: [], patterns: [/invalid_request/u] });
    await closeTab(page);

    const tool = await fetch(server.url + authorizeUrl({ id: 999_999, redirect_uris: key.redirect_uris }));
    expect(tool.status).toBe(401);
    expect(await tool.json()).toEqual({ error: 'invalid_client', error_description: 'unknown client' });
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

