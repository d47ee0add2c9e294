import type { Browser, Page } from 'playwright-core';

/*
 * Browser-side scripts are kept as source text: the test program is type-checked without the DOM library.
 */

/** Installed before any page script: payloads that run call `window.__xss()` or `alert()`. */
export const XSS_HOOK = "window.__ran = []; window.__xss = () => window.__ran.push('__xss');";

/** Fires the events payloads hang handlers on, on every element. */
const POKE_EVERY_ELEMENT = `
  for (const el of document.querySelectorAll('*')) {
    for (const type of ['mouseover', 'focus', 'toggle', 'animationstart', 'click']) el.dispatchEvent(new Event(type));
  }`;

/** Anything executable left in a document: handlers, inline styles, active elements, non-web URLs. */
const FIND_LEFTOVERS = `(() => {
  const bad = [];
  for (const el of document.body.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) if (attr.startsWith('on') || attr === 'style') bad.push(el.tagName + '[' + attr + ']');
  }
  for (const el of document.body.querySelectorAll('script, iframe, object, embed, form, svg, math, base, meta, style')) bad.push(el.tagName);
  for (const el of document.querySelectorAll('body [href], body [src]')) {
    const url = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
    if (!/^(https?|mailto):/i.test(url.trim())) bad.push(el.tagName + ':' + url);
  }
  return bad;
})()`;

/** Records dialogs (alert, confirm, print…) a page opens, in any of its frames. */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}:${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** What payloads reported through the hook in the page's top frame. */
export function hookCalls(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('window.__ran');
}

/**
 * A harsher stage than the app's: the document is rendered with no sandbox, no CSP and the network refused, then
 * every element is poked. Whatever the UI put in its frame must run nothing even here.
 */
export class UnsandboxedStage {
  readonly #tab: Page;

  private constructor(tab: Page) {
    this.#tab = tab;
  }

  static async open(browser: Browser): Promise<UnsandboxedStage> {
    const tab = await browser.newPage();
    await tab.route('**/*', (route) => (route.request().url().startsWith('http') ? route.abort() : route.continue()));
    return new UnsandboxedStage(tab);
  }

  /** Renders a whole document and reports what ran (hook calls and dialogs) and what executable markup is left. */
  async render(documentHtml: string): Promise<{ ran: string[]; leftovers: string[] }> {
    const dialogs = recordDialogs(this.#tab);
    const withHook = documentHtml.replace(/<head>/i, `<head><script>${XSS_HOOK}</script>`);
    await this.#tab.setContent(withHook, { waitUntil: 'load' });
    await this.#tab.evaluate(POKE_EVERY_ELEMENT);
    await this.#tab.waitForTimeout(50);
    const ran = [...(await hookCalls(this.#tab)), ...dialogs];
    this.#tab.removeAllListeners('dialog');
    return { ran, leftovers: await this.#tab.evaluate<string[]>(FIND_LEFTOVERS) };
  }

  close(): Promise<void> {
    return this.#tab.close();
  }
}
