import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Submission } from '../../src/contracts/grading-dtos.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import { connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { signIn, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectScreen, openTab } from '../helpers/ui-screens.ts';

/**
 * A student's device connected to a hub (a second process with the demo course): with the hub stopped, the student
 * submits text, resubmits, then hands in a file; all wait to sync; once the hub is back the page says Submitted and
 * the hub has the three attempts, once each, the last one with the hub's copy of the file, and the teacher there sees
 * when each was made and when it arrived.
 */
describe('submitting on a device while its hub is down', () => {
  const rig = new HubRig();
  const student = DEMO.students[1]!;
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const submissionState = (page: Page) => page.locator('.submission-state');

  it('keeps the attempts on the device as waiting to sync, then the hub has all three', { timeout: 300_000 }, async () => {
    const assignments = await rig.onHub<Assignment[]>(`/api/v1/courses/${rig.courseId}/assignments?per_page=100`);
    const journal = assignments.find((a) => a.name === 'Field Journal Week 1')!;
    const roster = await rig.onHub<CourseUser[]>(`/api/v1/courses/${rig.courseId}/users?per_page=100`);
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

    const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 7]);
    await page.getByRole('radio', { name: 'File upload' }).check();
    await page.getByLabel('File', { exact: true }).setInputFiles([{ name: 'herons.png', mimeType: 'image/png', buffer: photo }]);
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await expect.poll(() => submissionState(page).textContent(), SYNC).toMatch(/^Waiting to sync · attempt 3, saved on this device /);

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    // Made offline, received later: once the hub's record is back on the device the page gives both times.
    await expect.poll(() => submissionState(page).textContent(), SYNC).toMatch(/^Submitted .+ \(received .+\) · attempt 3$/);

    const path = `/api/v1/courses/${rig.courseId}/assignments/${journal.id}/submissions/${studentId}?include[]=submission_history`;
    await expect.poll(async () => (await rig.onHub<Submission>(path)).attempt, SYNC).toBe(3);
    const onTheHub = await rig.onHub<Submission>(path);
    // Each attempt arrived once, with its own time; the file is the hub's, with the bytes chosen on the device.
    expect(onTheHub).toMatchObject({ submission_type: 'online_upload', workflow_state: 'submitted' });
    expect(onTheHub.submission_history?.map((s) => [s.attempt, s.submission_type, s.body ?? null])).toEqual([
      [1, 'online_text_entry', '<p>Saw two herons at the creek.</p>'],
      [2, 'online_text_entry', '<p>Saw two herons and a kingfisher at the creek.</p>'],
      [3, 'online_upload', null],
    ]);
    expect(onTheHub.submission_history?.every((s) => s.submitted_at !== null && s.received_at !== null)).toBe(true);
    expect(Date.parse(onTheHub.received_at!)).toBeGreaterThan(Date.parse(onTheHub.submitted_at!));
    const [attached, ...more] = onTheHub.attachments ?? [];
    expect(more).toEqual([]);
    expect(attached?.display_name).toBe('herons.png');
    const download = await fetch(attached!.url, { headers: { authorization: `Bearer ${rig.adminToken}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(photo);
    await expect.poll(() => page.getByRole('list', { name: 'Submitted files' }).getByRole('button').allTextContents(), SYNC).toEqual(['Download herons.png']);

    // The teacher, on the hub, reads when the attempt was made and when it arrived.
    const teacherPage = await openTab(rig.browser);
    await signIn(teacherPage, rig.hub.url, DEMO.teacher);
    await teacherPage.goto(`${rig.hub.url}/#/courses/${rig.courseId}/assignments/${journal.id}/grade`);
    await teacherPage.getByRole('combobox', { name: 'Student' }).selectOption({ label: student.name });
    await expect.poll(() => teacherPage.getByText(/^Attempt 3, submitted offline at .+, received .+$/).count(), SYNC).toBe(1);
    await closeTab(teacherPage);

    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
