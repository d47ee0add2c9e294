import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { CourseUser, WikiPage } from '../../src/contracts/lms-dtos.ts';
import type { SessionResponse } from '../../src/contracts/session-dtos.ts';
import { fixtureStamp } from '../helpers/api-fixtures.ts';
import { freePort } from '../helpers/server-process.ts';
import { callOk, connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { closeTab, expectScreen, openTab } from '../helpers/ui-screens.ts';

/**
 * A hub in a second process with the demo course, and a fresh device (this process) connected to it from the UI as
 * the demo teacher. The hub is stopped and started again, so the steps below run in order, in one test.
 */
describe('a device connected to a hub from the UI', () => {
  const rig = new HubRig();
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  /** The hub's API as the admin; `base` lets the hub run on another port for a moment. */
  function onHub<T>(base: string, method: string, path: string, body?: unknown, token = rig.adminToken): Promise<T> {
    return callOk<T>(base, token, method, path, body);
  }

  it('connects, shows Synced, Offline with the hub gone, 2 changes waiting, Synced again; the later edit stands, the earlier is reviewed and made again; the deletion is refused', { timeout: 240_000 }, async () => {
    const page = await openTab(rig.browser);
    await connectToHub(page, rig.device.url, rig.hub.url, DEMO.teacher);

    // The teacher's course came down from the hub.
    await page.getByRole('link', { name: 'Outpost', exact: true }).click();
    await expectScreen(page, 'Your courses');
    await page.getByRole('link', { name: DEMO.course.name }).waitFor();

    // A token of the same teacher on the device, for the local changes a tool makes below.
    const { user } = (await (await page.request.get(`${rig.device.url}/api/v1/login/session`)).json()) as SessionResponse;
    const { visibleToken } = await rig.device.core.services.tokens.issue({ userId: user.id, purpose: 'e2e' }, fixtureStamp());
    // The demo's two pages: the one that is not the front page is deleted on the device.
    const pages = await onHub<WikiPage[]>(rig.hub.url, 'GET', `/api/v1/courses/${rig.courseId}/pages?per_page=100`);
    const gone = pages.find((p) => !p.front_page);
    const kept = pages.find((p) => p !== gone);
    const pagePath = (p: WikiPage) => `/api/v1/courses/${rig.courseId}/pages/page_id:${p.page_id}`;

    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);

    const onDevice = (method: string, p: WikiPage, body?: unknown) =>
      fetch(rig.device.url + pagePath(p), {
        method,
        headers: { authorization: `Bearer ${visibleToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await onDevice('PUT', kept!, { wiki_page: { body: '<p>Edited on the laptop</p>' } })).status).toBe(200);
    expect((await onDevice('DELETE', gone!)).status).toBe(200);
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline.* · 2 changes waiting$/);

    // Meanwhile, on the hub (started for a moment on a port the device does not know), the teacher retitles the first
    // page and rewrites its body, and makes the second the front page, which the API does not let anyone delete.
    const aside = await rig.startHub(await freePort());
    const roster = await onHub<CourseUser[]>(aside.url, 'GET', `/api/v1/courses/${rig.courseId}/users?per_page=100`);
    const teacherId = roster.find((u) => u.login_id === DEMO.teacher.login)!.id;
    const { visible_token: hubToken } = await onHub<{ visible_token: string }>(aside.url, 'POST', `/api/v1/users/${teacherId}/tokens`, { token: { purpose: 'e2e' } });
    await onHub(aside.url, 'PUT', pagePath(kept!), { wiki_page: { title: 'Edited on the hub', body: '<p>Rewritten on the hub</p>' } }, hubToken);
    await onHub(aside.url, 'PUT', pagePath(gone!), { wiki_page: { front_page: true } }, hubToken);
    await aside.stop();

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);

    // Both changed the body: the hub's later edit stands, and the laptop's is kept for review on the device.
    const review = page.getByRole('link', { name: /^Review conflicts \(1\)$/ });
    await expect.poll(() => review.count(), SYNC).toBe(1);
    expect((await onHub<WikiPage>(rig.hub.url, 'GET', pagePath(kept!))).body).toBe('<p>Rewritten on the hub</p>');
    await review.click();
    await expectScreen(page, 'Review conflicts');
    const conflict = page.getByRole('region', { name: /Edited on the hub/ });
    expect(await conflict.getByRole('row', { name: /body/ }).textContent()).toContain('Edited on the laptop');
    // Made again, the laptop's edit is a new request the hub replays: it replaces the body and keeps the hub's title.
    await conflict.getByRole('button', { name: 'Make my change again' }).click();
    await page.getByText('No conflicts wait for you.').waitFor();
    await expect.poll(() => review.count(), SYNC).toBe(0);
    await expect.poll(async () => (await onHub<WikiPage>(rig.hub.url, 'GET', pagePath(kept!))).body, SYNC).toBe('<p>Edited on the laptop</p>');
    expect((await onHub<WikiPage>(rig.hub.url, 'GET', pagePath(kept!))).title).toBe('Edited on the hub');

    // The deletion is refused as the hub's API refuses it, shown with the hub's answer, and undone on the device.
    await page.goto(`${rig.device.url}/#/sync`);
    await expectScreen(page, 'Sync');
    const refused = page.getByRole('list', { name: 'Refused changes' }).getByRole('listitem');
    await expect.poll(() => refused.count(), SYNC).toBe(1);
    expect(await refused.textContent()).toMatch(new RegExp(`^DELETE ${pagePath(gone!)}: 400 The front page cannot be deleted`));
    expect((await onDevice('GET', gone!)).status).toBe(200);
    await closeTab(page);
  });
});
