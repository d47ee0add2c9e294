import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { seedDemo } from '../../src/server/commands/seed-demo.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { freePort, ServerProcess } from '../helpers/server-process.ts';
import { connectToHub, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { closeTab, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

interface HubSubmission {
  score: number | null;
  submission_comments: Array<{ comment: string }>;
}

/**
 * Grading on a train: the device is connected to a hub (a second process), the hub goes away, the teacher grades and
 * comments in the grader, and once the hub is back the grade and the comment are on it, once each.
 */
describe('the grader with the hub out of reach', () => {
  const adminToken = `lms_${randomBytes(32).toString('base64url')}`;
  const hubDir = mkdtempSync(join(tmpdir(), 'outpost-hub-'));
  let hubPort: number;
  let hub: ServerProcess;
  let device: TestServer;
  let browser: Browser;
  let courseId: number;

  beforeAll(async () => {
    hubPort = await freePort();
    hub = await ServerProcess.start({ dataDir: hubDir, port: hubPort, adminToken });
    ({ courseId } = await seedDemo(hub.url, adminToken));
    device = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await device?.stop();
    await hub?.stop();
    rmSync(hubDir, { recursive: true, force: true });
  });

  async function onHub<T>(path: string): Promise<T> {
    const res = await fetch(hub.url + path, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  }

  it('saves the grade and comment on the device at once, and they reach the hub once it is back', { timeout: 240_000 }, async () => {
    const assignments = await onHub<Assignment[]>(`/api/v1/courses/${courseId}/assignments?per_page=100`);
    const reading = assignments.find((a) => a.name === 'Reading Response: Silent Spring')!;
    const roster = await onHub<CourseUser[]>(`/api/v1/courses/${courseId}/users?per_page=100`);
    const [first] = [...DEMO.students].sort((a, b) => a.name.localeCompare(b.name));
    const studentId = roster.find((u) => u.login_id === first!.login)!.id;

    const page = await openTab(browser);
    await connectToHub(page, device.url, hub.url, DEMO.teacher);
    await hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);

    await page.goto(`${device.url}/#/courses/${courseId}/assignments/${reading.id}/grade`);
    await expectScreen(page, DEMO.course.name, `Grade ${reading.name} · ${DEMO.course.name}`);
    await page.getByRole('heading', { level: 3, name: first!.name }).waitFor();
    const grade = page.getByRole('textbox', { name: 'Grade' });
    await grade.fill('8');
    await grade.press('Enter');
    await page.getByRole('textbox', { name: 'Comment' }).fill('Graded on the train.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('list', { name: 'Comments' }).getByText('Graded on the train.').waitFor(UI_WAIT);
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline.* · 2 changes waiting$/);
    const waiting = page.getByRole('status').filter({ hasText: /^Saved on this computer, waiting to sync$/ });
    await expect.poll(() => waiting.count(), SYNC).toBe(2);

    hub = await ServerProcess.start({ dataDir: hubDir, port: hubPort, adminToken });
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved$/ }).count(), SYNC).toBe(2);
    const onHubNow = await onHub<HubSubmission>(`/api/v1/courses/${courseId}/assignments/${reading.id}/submissions/${studentId}?include[]=submission_comments`);
    expect(onHubNow.score).toBe(8);
    expect(onHubNow.submission_comments.filter((c) => c.comment === 'Graded on the train.')).toHaveLength(1);
    await closeTab(page);
  });
});
