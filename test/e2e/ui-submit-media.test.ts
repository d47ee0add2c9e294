import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Submission } from '../../src/contracts/grading-dtos.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { FAKE_MEDIA_ARGS } from '../helpers/chromium.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** WebM files (what Chromium's MediaRecorder writes) open with the EBML magic number. */
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** A student records an answer in Chromium with a fake microphone; the teacher plays it in the Grader. */
describe('submitting a media recording', () => {
  const rig = new UiDemoRig(FAKE_MEDIA_ARGS);
  let oral: Assignment;

  beforeAll(async () => {
    await rig.start();
    const res = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `/api/v1/courses/${rig.demo.courseId}/assignments`, {
      assignment: { name: 'Oral report', published: true, points_possible: 10, submission_types: ['media_recording'] },
    });
    if (res.status !== 200) throw new Error(`assignment create failed: ${res.status} ${JSON.stringify(res.json)}`);
    oral = res.json as Assignment;
  });
  afterAll(() => rig.stop());

  async function openAssignment(page: Page): Promise<void> {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${oral.id}`);
    await expectScreen(page, DEMO.course.name, `${oral.name} · ${DEMO.course.name}`);
  }

  it('says what to do when the microphone is refused', async () => {
    const page = await openTab(rig.browser);
    // The person says no to the browser's question (the fake UI would say yes). Source text: the test program is
    // type-checked without the DOM library.
    await page.addInitScript("navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));");
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openAssignment(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('alert').filter({ hasText: 'Outpost may not use your microphone or camera. Allow it in your browser’s or computer’s settings, then press Start recording again.' }).waitFor(UI_WAIT);
    expect(await page.getByRole('button', { name: 'Start recording' }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    await closeTab(page);
  });

  it('records sound, then video; plays back, submits; the bytes reach the server and the Grader plays both attempts', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openAssignment(page);

    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await page.getByRole('alert').filter({ hasText: 'Record your answer first, and stop the recording.' }).waitFor();

    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('status').filter({ hasText: 'Recording. Press Stop recording when you are done.' }).waitFor(UI_WAIT);
    // Some sound first: the timer shows each second the recorder has been given.
    await page.getByRole('timer').filter({ hasText: '0:02' }).waitFor(UI_WAIT);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('status').filter({ hasText: /^Recorded 0:\d\d\. Play it below/ }).waitFor(UI_WAIT);
    await page.locator('audio[aria-label="Recording preview"]').waitFor();
    await expectNoAxeViolations(page);

    // The upload's bytes as the page sent them, to compare with what the server keeps.
    let sent: Buffer | undefined;
    await page.route('**/api/v1/file_uploads/**', async (route) => {
      sent = route.request().postDataBuffer() ?? undefined;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await page.getByRole('status').filter({ hasText: /^Submitted .* · attempt 1$/ }).waitFor(UI_WAIT);
    await page.locator('audio[aria-label="Submitted audio recording"]').waitFor(UI_WAIT);

    const path = `/api/v1/courses/${rig.demo.courseId}/assignments/${oral.id}/submissions/${rig.demo.student.id}`;
    const saved = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', path)).json as Submission;
    expect(saved).toMatchObject({ attempt: 1, submission_type: 'media_recording', media_comment: { media_type: 'audio', 'content-type': 'audio/webm' } });
    const download = await fetch(saved.media_comment!.url, { headers: { authorization: `Bearer ${rig.demo.teacher.token}` } });
    expect(download.status).toBe(200);
    const stored = Buffer.from(await download.arrayBuffer());
    expect(stored.subarray(0, 4)).toEqual(EBML);
    expect(stored.length).toBeGreaterThan(1000);
    expect(sent?.includes(stored)).toBe(true);

    // A second attempt with the (fake) camera: a video, previewed and submitted the same way.
    await page.getByRole('checkbox', { name: 'Record video too' }).check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('timer').filter({ hasText: '0:02' }).waitFor(UI_WAIT);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.locator('video[aria-label="Recording preview"]').waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await page.getByRole('status').filter({ hasText: /^Submitted .* · attempt 2$/ }).waitFor(UI_WAIT);
    const second = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', path)).json as Submission;
    expect(second).toMatchObject({ attempt: 2, submission_type: 'media_recording', media_comment: { media_type: 'video', 'content-type': 'video/webm' } });
    expect(errors).toEqual([]);
    await closeTab(page);

    const grader = await openTab(rig.browser);
    const graderErrors = watchPageErrors(grader);
    await signIn(grader, rig.demo.server.url, rig.demo.teacher);
    await grader.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${oral.id}`);
    await expectScreen(grader, DEMO.course.name, `${oral.name} · ${DEMO.course.name}`);
    await grader.getByRole('link', { name: 'Grade submissions' }).click();
    await expectScreen(grader, DEMO.course.name, `Grade ${oral.name} · ${DEMO.course.name}`);
    await grader.getByRole('combobox', { name: 'Student' }).selectOption({ label: rig.demo.student.name });
    await grader.getByRole('heading', { level: 3, name: rig.demo.student.name }).waitFor(UI_WAIT);
    await grader.locator('video[aria-label="Submitted video recording"]').waitFor(UI_WAIT);
    await grader.getByRole('button', { name: 'Attempt 1' }).click();
    const player = grader.locator('audio[aria-label="Submitted audio recording"]');
    await player.waitFor(UI_WAIT);
    expect(await player.getAttribute('controls')).not.toBeNull();
    // The player has the bytes: the browser reads the recording's length from them.
    await expect.poll(() => player.evaluate((audio) => (audio as unknown as { readyState: number }).readyState), UI_WAIT).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(grader);
    expect(graderErrors).toEqual([]);
    await closeTab(grader);
  });
});
