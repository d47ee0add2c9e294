import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { CourseUser, WikiPage } from '../../src/contracts/lms-dtos.ts';
import type { SessionResponse } from '../../src/contracts/session-dtos.ts';
import { fixtureStamp } from '../helpers/api-fixtures.ts';
import { freePort } from '../helpers/server-process.ts';
import { connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
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
  async function onHub<T>(base: string, method: string, path: string, body?: unknown, token = rig.adminToken): Promise<T> {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBe(200);
    return (await res.json()) as T;
  }

  it('connects, shows Synced, Offline with the hub gone, 1 change waiting, Synced again, and resolves the conflict', { timeout: 240_000 }, async () => {
    const page = await openTab(rig.browser);
    await connectToHub(page, rig.device.url, rig.hub.url, DEMO.teacher);

    // The teacher's course came down from the hub.
    await page.getByRole('link', { name: 'Outpost', exact: true }).click();
    await expectScreen(page, 'Your courses');
    await page.getByRole('link', { name: DEMO.course.name }).waitFor();

    // A token of the same teacher on the device, for the local change a tool makes below.
    const { user } = (await (await page.request.get(`${rig.device.url}/api/v1/login/session`)).json()) as SessionResponse;
    const { visibleToken } = await rig.device.core.services.tokens.issue({ userId: user.id, purpose: 'e2e' }, fixtureStamp());
    const [page1] = await onHub<WikiPage[]>(rig.hub.url, 'GET', `/api/v1/courses/${rig.courseId}/pages?per_page=1`);

    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);

    const edit = await fetch(`${rig.device.url}/api/v1/courses/${rig.courseId}/pages/page_id:${page1!.page_id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${visibleToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ wiki_page: { body: '<p>Edited on the laptop</p>' } }),
    });
    expect(edit.status).toBe(200);
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline.* · 1 change waiting$/);

    // Meanwhile the same page changes on the hub (started for a moment on a port the device does not know). Only the
    // laptop's body edit is pushed: a title edit would also rename the page's module item on both sides, a second conflict.
    const aside = await rig.startHub(await freePort());
    const roster = await onHub<CourseUser[]>(aside.url, 'GET', `/api/v1/courses/${rig.courseId}/users?per_page=100`);
    const teacherId = roster.find((u) => u.login_id === DEMO.teacher.login)!.id;
    const { visible_token: hubToken } = await onHub<{ visible_token: string }>(aside.url, 'POST', `/api/v1/users/${teacherId}/tokens`, { token: { purpose: 'e2e' } });
    await onHub(aside.url, 'PUT', `/api/v1/courses/${rig.courseId}/pages/page_id:${page1!.page_id}`, { wiki_page: { title: 'Edited on the hub' } }, hubToken);
    await aside.stop();

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);

    const review = page.getByRole('link', { name: /^Review conflicts \(1\)$/ });
    await expect.poll(() => review.count(), SYNC).toBe(1);
    await review.click();
    await expectScreen(page, 'Review conflicts');
    const conflict = page.getByRole('region', { name: /Edited on the hub/ });
    expect(await conflict.getByRole('row', { name: /body/ }).textContent()).toContain('Edited on the laptop');
    await conflict.getByRole('button', { name: "Keep this device's version" }).click();
    await page.getByText('No conflicts wait for you.').waitFor();
    await expect.poll(() => review.count(), SYNC).toBe(0);
    await expect
      .poll(async () => (await onHub<WikiPage>(rig.hub.url, 'GET', `/api/v1/courses/${rig.courseId}/pages/page_id:${page1!.page_id}`)).body, SYNC)
      .toBe('<p>Edited on the laptop</p>');
    await closeTab(page);
  });
});
