import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { accentText } from '../../src/renderer/src/i18n/pseudo.ts';
import { UI_WAIT } from './ui-screens.ts';

/**
 * What the pseudo-locale walk checks on a screen (docs/decisions/0103): every visible text and accessible name comes
 * from the catalogue — in the pseudo-locale each message is bracketed, so what is left once the bracketed runs, the
 * test's own user content and the text inside editors are taken out must hold no letter — and no text overflows its box.
 */
export interface WalkAllowance {
  /** User content the test seeded (course and person names, emails): shown as typed, never translated. */
  values: readonly string[];
  /** Text made by `Intl` rather than the catalogue (dates: the pseudo-locale formats them as English). */
  patterns: readonly RegExp[];
}

/** The in-page half: the browser's rendered text, attributes and boxes. Source text, as the test program has no DOM types. */
const IN_PAGE = `(scopeSelector) => {
  const scopes = [...document.querySelectorAll(scopeSelector)];
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  // What a person typed into an editor is their content, shown as typed: the editor's own text is taken out.
  const texts = scopes.map((el) => [...el.querySelectorAll('[contenteditable=true]')].reduce((text, editor) => text.replace(editor.innerText, ' '), el.innerText));
  const names = [];
  for (const scope of scopes) {
    for (const el of [scope, ...scope.querySelectorAll('[aria-label], [title], img[alt]')]) {
      if (!visible(el) && !el.closest('[role=status]')) continue;
      for (const attr of ['aria-label', 'title', 'alt']) if (el.hasAttribute(attr)) names.push(el.getAttribute(attr));
    }
  }
  const overflowing = [];
  for (const scope of scopes) {
    for (const el of [scope, ...scope.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'contents' || !visible(el)) continue;
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      // A box scrolled by a parent (a wide table in its scroller) is that scroller's business.
      if (el.scrollWidth > el.clientWidth + 1 && !el.closest('.table-scroll')) overflowing.push(el);
    }
  }
  // Only the innermost: an overflowing child makes its visible-overflow parents report the same width.
  const innermost = overflowing.filter((el) => !overflowing.some((other) => other !== el && el.contains(other)));
  const describe = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + el.innerText.slice(0, 60) + '" ' + el.scrollWidth + '>' + el.clientWidth;
  return { texts, names, title: document.title, overflow: innermost.map(describe) };
}`;

/** Bracketed runs removed from the innermost out (a message can hold another as an argument). */
export function outsideCatalogue(text: string, allowed: WalkAllowance): string[] {
  let rest = text;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(/\[[^[\]]*\]/gu, ' ');
  }
  // Longest first, so a value inside another ("Okafor" in "Amara Okafor") cannot leave a stray part behind.
  for (const value of [...allowed.values].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  for (const pattern of allowed.patterns) rest = rest.replace(new RegExp(pattern.source, 'gu'), ' ');
  return rest
    .split(/\n/)
    .map((line) => line.trim())
    .filter((line) => /\p{L}/u.test(line));
}

export interface ScreenReading {
  /** Texts outside the catalogue: visible text, then accessible names (aria-label, title, alt), then the document title. */
  texts: string[];
  names: string[];
  title: string[];
  /** The innermost boxes whose text is wider than they are. */
  overflow: string[];
}

/** What the walk finds within `scope` (CSS selector) of the current screen. */
export async function readScreen(page: Page, allowed: WalkAllowance, scope = 'body'): Promise<ScreenReading> {
  const found = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(scope)})`)) as { texts: string[]; names: string[]; title: string; overflow: string[] };
  return {
    texts: found.texts.flatMap((t) => outsideCatalogue(t, allowed)),
    names: found.names.flatMap((n) => outsideCatalogue(n, allowed)),
    title: outsideCatalogue(found.title, allowed),
    overflow: found.overflow,
  };
}

/** Fails with each text outside the catalogue and each overflowing box within `scope` (CSS selector). */
export async function expectCatalogueTextOnly(page: Page, allowed: WalkAllowance, scope = 'body'): Promise<void> {
  const where = `${page.url()} (${scope})`;
  expect(await readScreen(page, allowed, scope), `text outside the catalogue or overflowing on ${where}`).toEqual({ texts: [], names: [], title: [], overflow: [] });
}

/** A screen in the pseudo-locale has settled: its h1 is there and nothing says it is loading (“[Ļöåđîñĝ …]”). */
export async function waitForPseudoScreen(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => page.getByText(accentText('Loading')).count(), UI_WAIT).toBe(0);
}
