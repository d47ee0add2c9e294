import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long a poll waits for the UI to catch up with the server (sign-in hashes a password on a busy machine). */
export const UI_WAIT = { timeout: 15_000 };

/**
 * Every screen a UI test reaches goes through `expectScreen`: it waits for the screen's h1, checks the shell's
 * promises (exactly one h1, focus on it after the navigation, the screen's own document title) and runs axe-core.
 */
export async function expectScreen(page: Page, heading: string | RegExp, title: string | RegExp = heading): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await h1.waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  await expect.poll(() => page.evaluate('document.activeElement?.tagName'), UI_WAIT).toBe('H1');
  await expect.poll(() => page.title(), UI_WAIT).toMatch(typeof title === 'string' ? new RegExp(`^${escapeRegExp(title)}( · |$)`) : title);
  // Content still loading is a screen too, but the checked one is what people read.
  await expect.poll(() => page.getByText(/^Loading .*…$/).count(), UI_WAIT).toBe(0);
  await expectNoAxeViolations(page);
}

/**
 * Course HTML is shown in frames sandboxed without scripts; axe-core cannot run inside them (its checks wait on timers
 * that never fire there, so the analysis would hang). axe checks everything around them, and this helper checks what
 * axe's frame rules would: each such frame has an accessible name.
 */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

/** Fails with each violated rule, its help text and the offending elements. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const untitled = await page.locator(SCRIPTLESS_FRAMES).evaluateAll((frames) => frames.filter((f) => !f.getAttribute('title')?.trim()).length);
  expect(untitled, `frames without a title on ${page.url()}`).toBe(0);
  const { violations } = await new AxeBuilder({ page }).exclude(SCRIPTLESS_FRAMES).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe-core on ${page.url()}`).toEqual([]);
}

/** True when the page is wider than its viewport (something forces horizontal scrolling). */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  // Source text: the test program is type-checked without the DOM library.
  return page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth') as Promise<boolean>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A tab in a context of its own (its own cookies); axe needs the context to open its helper page in. */
export async function openTab(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

/** Closes the tab with its context. */
export function closeTab(page: Page): Promise<void> {
  return page.context().close();
}
