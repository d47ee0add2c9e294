import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '../fixtures/xss-corpus.ts';
import { api } from '../helpers/api-fixtures.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { closeTab, openTab } from '../helpers/ui-screens.ts';
import { signIn, startUiDemo, type UiDemo } from '../helpers/ui-demo.ts';
import { hookCalls, recordDialogs, UnsandboxedStage, XSS_HOOK } from '../helpers/ui-xss.ts';

/**
 * Renderer XSS (docs/architecture.md §5.5, §9): hostile course HTML shown by the real UI runs nothing. Two layers are
 * checked apart: what the server stores and the UI shows, and what the UI does on its own with HTML the server
 * never cleaned (a bug there, or content that arrived by replication).
 */
describe('hostile course HTML in the UI', () => {
  let demo: UiDemo;
  let browser: Browser;
  let stage: UnsandboxedStage;

  beforeAll(async () => {
    demo = await startUiDemo();
    browser = await launchChromium();
    stage = await UnsandboxedStage.open(browser);
  });
  afterAll(async () => {
    await stage?.close();
    await browser?.close();
    await demo?.server.stop();
  });

  /** A signed-in student's tab with the hook in its top frame and every dialog recorded. */
  async function studentTab(): Promise<{ page: Page; dialogs: string[] }> {
    const page = await openTab(browser);
    await page.addInitScript(`if (window === window.top) { ${XSS_HOOK} }`);
    const dialogs = recordDialogs(page);
    await signIn(page, demo.server.url, demo.student);
    return { page, dialogs };
  }

  /** The shown frame's document, after checking the frame itself may never run script. */
  async function shownFrameDocument(page: Page, title: string, marker: string): Promise<string> {
    const frame = page.locator(`iframe[title="${title}"]`);
    await expect.poll(async () => (await frame.getAttribute('srcdoc'))?.includes(marker) ?? false).toBe(true);
    const sandbox = (await frame.getAttribute('sandbox')) ?? 'missing';
    // No script, ever. (allow-same-origin alone only lets the app measure the content: nothing inside can use it.)
    expect(sandbox.split(/\s+/)).not.toContain('allow-scripts');
    return (await frame.getAttribute('srcdoc')) ?? '';
  }

  it('a page and an assignment stored with the whole corpus render inert', async () => {
    const course = `/api/v1/courses/${demo.courseId}`;
    const body = `<p>marker-stored</p>${XSS_CORPUS.join('\n')}`;
    const page = await api(demo.server, demo.teacher.token, 'POST', `${course}/pages`, { wiki_page: { title: 'Hostile', body, published: true } });
    const assignment = await api(demo.server, demo.teacher.token, 'POST', `${course}/assignments`, {
      assignment: { name: 'Hostile assignment', description: body, published: true },
    });
    expect([page.status, assignment.status]).toEqual([200, 200]);

    const { page: tab, dialogs } = await studentTab();
    await tab.goto(`${demo.server.url}/#/courses/${demo.courseId}/pages/${(page.json as { url: string }).url}`);
    const shownPage = await shownFrameDocument(tab, 'Page content', 'marker-stored');
    await tab.getByRole('link', { name: 'Assignments' }).click();
    await tab.getByRole('link', { name: 'Hostile assignment' }).click();
    const shownAssignment = await shownFrameDocument(tab, 'Assignment description', 'marker-stored');
    await tab.waitForTimeout(100);

    expect(await hookCalls(tab)).toEqual([]);
    expect(dialogs).toEqual([]);
    // The UI around the content still works: the clobbering payload did not take over the header.
    expect(await tab.getByTestId('signed-in-user').textContent()).toBe(`Signed in as ${demo.student.name}`);
    for (const shown of [shownPage, shownAssignment]) expect(await stage.render(shown)).toEqual({ ran: [], leftovers: [] });
    await closeTab(tab);
  });

  it('the UI alone neutralises each raw payload the server never saw', async () => {
    const { page: tab, dialogs } = await studentTab();
    // The page API answers with raw hostile bodies, as if the server's sanitizer had a hole.
    await tab.route(`**/api/v1/courses/${demo.courseId}/pages/raw-*`, (route) => {
      const index = Number(new URL(route.request().url()).pathname.split('raw-')[1]);
      const rawPage = {
        page_id: index + 1,
        url: `raw-${index}`,
        title: `Raw ${index}`,
        body: `<p>marker-${index}</p>${XSS_CORPUS[index]}`,
        updated_at: new Date().toISOString(),
        published: true,
        front_page: false,
      };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(rawPage) });
    });
    for (const [index, payload] of XSS_CORPUS.entries()) {
      await tab.goto(`${demo.server.url}/#/courses/${demo.courseId}/pages/raw-${index}`);
      const shown = await shownFrameDocument(tab, 'Page content', `marker-${index}`);
      expect(await stage.render(shown), payload).toEqual({ ran: [], leftovers: [] });
    }
    expect(await hookCalls(tab)).toEqual([]);
    expect(dialogs).toEqual([]);
    await closeTab(tab);
  });
});
