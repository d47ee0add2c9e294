import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { coursePages, type PageJson } from '../helpers/page-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { XSS_CORPUS } from '../fixtures/xss-corpus.ts';

/*
 * Browser-side scripts, kept as source text: the test program is type-checked without the DOM library.
 */

/** Fires the events payloads hang handlers on, on every element. */
const POKE_EVERY_ELEMENT = `
  for (const el of document.querySelectorAll('*')) {
    for (const type of ['mouseover', 'focus', 'toggle', 'animationstart']) el.dispatchEvent(new Event(type));
  }`;

/** Handlers, inline styles and unsafe URLs left in the rendered DOM. Relative URLs are fine (no real base here). */
const FIND_LEFTOVERS = `(() => {
  const bad = [];
  for (const el of document.body.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) if (attr.startsWith('on') || attr === 'style') bad.push(el.tagName + '[' + attr + ']');
  }
  for (const el of document.querySelectorAll('[href], [src]')) {
    const url = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
    const scheme = /^\\s*([a-z][a-z0-9+.-]*):/i.exec(url);
    if ((scheme && !/^(https?|mailto)$/i.test(scheme[1])) || /^\\s*\\/\\//.test(url)) bad.push(el.tagName + ':' + url);
  }
  return bad;
})()`;

/**
 * The renderer-XSS check end to end (docs/architecture.md §5.5, §9): each hostile body goes in through the pages API, and
 * what the API stores and returns is rendered in a real Chromium with no CSP to lean on. Nothing may run.
 */
describe('page bodies rendered in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let course: ContentCourse;

  beforeAll(async () => {
    server = await startTestServer();
    course = await createContentCourse(server, 'XSS Course');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Renders `html` as a document body, pokes every element, and reports what ran. */
  async function render(tab: Page, html: string): Promise<string[]> {
    const ran: string[] = [];
    const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
      ran.push(`dialog:${dialog.message()}`);
      void dialog.dismiss();
    };
    tab.on('dialog', onDialog);
    // The harness's own hook goes in the head, before the payload: each render is a fresh document.
    const hook = "<script>window.__ran = []; window.__xss = () => window.__ran.push('__xss');</script>";
    await tab.setContent(`<!doctype html><html><head>${hook}</head><body>${html}</body></html>`, { waitUntil: 'load' });
    await tab.evaluate(POKE_EVERY_ELEMENT);
    await tab.waitForTimeout(50);
    ran.push(...(await tab.evaluate<string[]>('window.__ran')));
    tab.off('dialog', onDialog);
    return ran;
  }

  async function newTab(): Promise<Page> {
    const tab = await browser.newPage();
    // Payloads must not reach the network either: anything they would fetch is refused.
    await tab.route('**/*', (route) => (route.request().url().startsWith('http') ? route.abort() : route.continue()));
    return tab;
  }

  it('the harness notices script that runs (raw payloads do run)', async () => {
    const tab = await newTab();
    expect(await render(tab, '<img src=x onerror="window.__xss()">')).toEqual(['__xss']);
    expect(await render(tab, '<img src=x onerror=alert(1)>')).toEqual(['dialog:1']);
    await tab.close();
  });

  it('no stored body from the corpus runs script or keeps a script URL', async () => {
    const tab = await newTab();
    const base = coursePages(course.id);
    for (const [index, payload] of XSS_CORPUS.entries()) {
      const created = await api(server, course.teacher.token, 'POST', base, { wiki_page: { title: `Payload ${index}`, body: payload, published: true } });
      expect(created.status, payload).toBe(200);
      const shown = await api(server, course.student.token, 'GET', `${base}/${(created.json as PageJson).url}`);
      const body = (shown.json as { body: string }).body;
      expect(await render(tab, body), payload).toEqual([]);
      const leftovers = await tab.evaluate<string[]>(FIND_LEFTOVERS);
      expect(leftovers, payload).toEqual([]);
    }
    await tab.close();
  });
});
