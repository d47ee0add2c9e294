import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Submission } from '../../src/contracts/grading-dtos.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import { NO_FILES_ON_DEVICES } from '../../src/contracts/upload-limits.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectScreen, openTab } from '../helpers/ui-screens.ts';

/**
 * A student's device connected to a hub (a second process with the demo course): with the hub stopped, the student
 * submits text, then resubmits; both wait to sync; once the hub is back the page says Submitted and the hub has
 * both attempts, once each. Submission files cannot reach a hub yet, so the device refuses them up front, saying so.
 */
describe('submitting on a device while its hub is down', () => {
  const rig = new HubRig();
  const student = DEMO.students[1]!;
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  async function onHub<T>(path: string): Promise<T> {
    const res = await fetch(rig.hub.url + path, { headers: { authorization: `Bearer ${rig.adminToken}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  }

  const submissionState = (page: Page) => page.locator('.submission-state');

  it('keeps the attempts on the device as waiting to sync, then the hub has both', { timeout: 300_000 }, async () => {
    const assignments = await onHub<Assignment[]>(`/api/v1/courses/${rig.courseId}/assignments?per_page=100`);
    const journal = assignments.find((a) => a.name === 'Field Journal Week 1')!;
    const roster = await onHub<CourseUser[]>(`/api/v1/courses/${rig.courseId}/users?per_page=100`);
    const studentId = roster.find((u) => u.login_id === student.login)!.id;

    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await connectToHub(page, rig.device.url, rig.hub.url, student);

    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/assignments/${journal.id}`);
    await expectScreen(page, DEMO.course.name, `${journal.name} · ${DEMO.course.name}`);
    await page.getByRole('status').filter({ hasText: 'Not submitted yet.' }).waitFor(SYNC);

    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);

    await page.getByRole('textbox', { name: 'Your answer' }).fill('Saw two herons at the creek.');
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await expect.poll(() => submissionState(page).textContent(), SYNC).toMatch(/^Waiting to sync · attempt 1, saved on this device /);

    await page.getByRole('textbox', { name: 'Your answer' }).fill('Saw two herons and a kingfisher at the creek.');
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await expect.poll(() => submissionState(page).textContent(), SYNC).toMatch(/^Waiting to sync · attempt 2, saved on this device /);

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    await expect.poll(() => submissionState(page).textContent(), SYNC).toMatch(/^Submitted .* · attempt 2$/);

    const path = `/api/v1/courses/${rig.courseId}/assignments/${journal.id}/submissions/${studentId}?include[]=submission_history`;
    await expect.poll(async () => (await onHub<Submission>(path)).attempt, SYNC).toBe(2);
    const onTheHub = await onHub<Submission>(path);
    // Each attempt arrived once, with its own time.
    expect(onTheHub).toMatchObject({ submission_type: 'online_text_entry', workflow_state: 'submitted', body: '<p>Saw two herons and a kingfisher at the creek.</p>' });
    expect(onTheHub.submission_history?.map((s) => [s.attempt, s.body])).toEqual([
      [1, '<p>Saw two herons at the creek.</p>'],
      [2, '<p>Saw two herons and a kingfisher at the creek.</p>'],
    ]);
    expect(onTheHub.submission_history?.every((s) => s.submitted_at !== null)).toBe(true);

    // Files cannot travel to the hub yet: the screen says so instead of taking a file, and the device's API refuses
    // the upload before anything is stored, so no attempt can point at a file neither side has.
    await page.getByRole('radio', { name: 'File upload' }).check();
    await page.getByText(NO_FILES_ON_DEVICES).waitFor();
    expect(await page.getByLabel('File', { exact: true }).count()).toBe(0);
    const { visibleToken } = await rig.device.core.services.tokens.issue({ userId: studentId, purpose: 'test' }, fixtureStamp());
    const upload = await api(rig.device, visibleToken, 'POST', `/api/v1/courses/${rig.courseId}/assignments/${journal.id}/submissions/self/files`, {
      name: 'journal.pdf',
      size: 10,
    });
    expect(upload).toMatchObject({ status: 400, json: { message: NO_FILES_ON_DEVICES } });
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
