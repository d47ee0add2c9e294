import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Submission } from '../../src/contracts/grading-dtos.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { MAX_FILE_BYTES } from '../../src/contracts/upload-limits.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, hasHorizontalOverflow, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A student hands in work on the assignment screen; every attempt is checked through the API afterwards. */
describe('submitting work from the assignment screen', () => {
  const rig = new UiDemoRig();
  let essay: Assignment;
  let portfolio: Assignment;
  let lab: Assignment;
  let closed: Assignment;
  let soilLab: Assignment;

  const createAssignment = async (fields: Record<string, unknown>): Promise<Assignment> => {
    const res = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `/api/v1/courses/${rig.demo.courseId}/assignments`, {
      assignment: { published: true, points_possible: 10, ...fields },
    });
    if (res.status !== 200) throw new Error(`assignment create failed: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json as Assignment;
  };

  beforeAll(async () => {
    await rig.start();
    essay = await createAssignment({ name: 'Essay', submission_types: ['online_text_entry'], allowed_attempts: 2 });
    portfolio = await createAssignment({ name: 'Portfolio', submission_types: ['online_text_entry', 'online_url'] });
    lab = await createAssignment({ name: 'Lab report', submission_types: ['online_upload'], allowed_extensions: ['txt', 'pdf'] });
    const all = await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments?per_page=100`);
    soilLab = (all.json as Assignment[]).find((a) => a.name === 'Lab 2: Soil Composition')!;
    closed = await createAssignment({ name: 'Closed quiz prep', submission_types: ['online_text_entry'], lock_at: new Date(Date.now() - 3600_000).toISOString() });
  });
  afterAll(() => rig.stop());

  async function openAssignment(page: Page, assignment: Assignment): Promise<void> {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${assignment.id}`);
    await expectScreen(page, DEMO.course.name, `${assignment.name} · ${DEMO.course.name}`);
  }

  /** The student's submission as the teacher reads it through the API. */
  async function submissionOf(assignment: Assignment): Promise<Submission> {
    const path = `/api/v1/courses/${rig.demo.courseId}/assignments/${assignment.id}/submissions/${rig.demo.student.id}?include[]=submission_history`;
    const res = await api(rig.demo.server, rig.demo.teacher.token, 'GET', path);
    expect(res.status).toBe(200);
    return res.json as Submission;
  }

  const submittedLine = (page: Page, attempt: number) =>
    page.getByRole('status').filter({ hasText: new RegExp(`^Submitted .* · attempt ${attempt}$`) });

  it('text entry: rich text, then a resubmission with its history, until the attempts allowed are used', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openAssignment(page, essay);
    await page.getByRole('status').filter({ hasText: 'Not submitted yet.' }).waitFor();

    const answer = page.getByRole('textbox', { name: 'Your answer' });
    await answer.click();
    // Typing waits until the editor shows each Bold press (a busy machine may draw it later than the next key).
    const bold = page.getByRole('button', { name: 'Bold' });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed'), UI_WAIT).toBe('true');
    await page.keyboard.type('Rivers');
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed'), UI_WAIT).toBe('false');
    // The click left the focus in the text: the space goes there, not to the button.
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("role")'), UI_WAIT).toBe('textbox');
    await page.keyboard.type(' carry silt.');
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await submittedLine(page, 1).waitFor(UI_WAIT);
    await expect.poll(() => page.frameLocator('iframe[title="Submitted text"]').locator('body').innerHTML()).toContain('<strong>Rivers</strong> carry silt.');
    expect(await submissionOf(essay)).toMatchObject({ attempt: 1, submission_type: 'online_text_entry', body: '<p><strong>Rivers</strong> carry silt.</p>' });
    await expectNoAxeViolations(page);

    // The form starts empty for the next attempt.
    expect(await page.getByRole('textbox', { name: 'Your answer' }).textContent()).toBe('');
    await page.getByRole('textbox', { name: 'Your answer' }).fill('Second draft');
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await submittedLine(page, 2).waitFor(UI_WAIT);
    const attempts = page.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
    expect(await attempts.allTextContents()).toEqual([expect.stringMatching(/^Attempt 1 · \w/), expect.stringMatching(/^Attempt 2 · \w/)]);
    const saved = await submissionOf(essay);
    expect(saved).toMatchObject({ attempt: 2, body: '<p>Second draft</p>' });
    expect(saved.submission_history?.map((s) => s.attempt)).toEqual([1, 2]);

    // Two attempts allowed: the page says so instead of offering a third.
    await page.getByText('You have used all 2 attempts this assignment allows.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit assignment' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('website URL, chosen among the types the assignment takes; an empty address is refused with a message', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openAssignment(page, portfolio);
    const types = page.getByRole('group', { name: 'Submission type' });
    expect(await types.getByRole('radio').count()).toBe(2);
    expect(await types.getByRole('radio', { name: 'Text entry' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Website URL' }).check();
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter the address of the website first.' }).waitFor();
    await page.getByRole('textbox', { name: 'Website URL' }).fill('https://example.test/my-portfolio');
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await submittedLine(page, 1).waitFor(UI_WAIT);
    await page.getByRole('link', { name: 'https://example.test/my-portfolio' }).waitFor();
    expect(await submissionOf(portfolio)).toMatchObject({ attempt: 1, submission_type: 'online_url', url: 'https://example.test/my-portfolio' });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('files: several through the three-step upload, their bytes on the server; wrong type and too large refused first', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openAssignment(page, lab);
    const chooser = page.getByLabel('File', { exact: true });

    await chooser.setInputFiles([{ name: 'run.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await page.getByRole('alert').filter({ hasText: 'run.exe is not a file type this assignment takes. Allowed: txt, pdf. Nothing was uploaded.' }).waitFor();
    await chooser.setInputFiles([{ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(MAX_FILE_BYTES + 1, 1) }]);
    await page.getByRole('alert').filter({ hasText: /^big\.pdf is 1\.4 MB; the largest file Outpost takes is 1\.4 MB\. Nothing was uploaded\.$/ }).waitFor();
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await page.getByRole('alert').filter({ hasText: 'big.pdf is' }).waitFor();
    expect(await submissionOf(lab)).toMatchObject({ attempt: null, workflow_state: 'unsubmitted' });

    const notes = Buffer.from('Field notes: pH 7.2 at the bridge.\n');
    const report = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 250, 251, 252])]);
    await chooser.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: notes },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: report },
    ]);
    expect(await page.getByRole('alert').count()).toBe(0);
    // The bytes are held back until the progress bars have been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/file_uploads/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit assignment' }).click();
    await page.getByRole('progressbar', { name: 'Uploading notes.txt' }).waitFor();
    await page.getByRole('progressbar', { name: 'Uploading report.pdf' }).waitFor();
    release();
    await submittedLine(page, 1).waitFor(UI_WAIT);
    expect(await page.getByRole('list', { name: 'Submitted files' }).getByRole('button').allTextContents()).toEqual(['Download notes.txt', 'Download report.pdf']);

    const saved = await submissionOf(lab);
    expect(saved).toMatchObject({ attempt: 1, submission_type: 'online_upload' });
    expect(saved.attachments?.map((f) => f.display_name)).toEqual(['notes.txt', 'report.pdf']);
    for (const [file, bytes] of [[saved.attachments![0]!, notes], [saved.attachments![1]!, report]] as const) {
      const download = await fetch(file.url, { headers: { authorization: `Bearer ${rig.demo.teacher.token}` } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    }
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('a closed assignment and one behind a module prerequisite say why, and offer no submit button', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openAssignment(page, closed);
    await page.getByText(/^This assignment was locked \d{4}-/).waitFor();
    await page.getByText('You cannot submit while this assignment is locked.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit assignment' }).count()).toBe(0);

    // The demo's second unit opens once the first is complete.
    await openAssignment(page, soilLab);
    await page.getByText("This assignment hasn't been unlocked yet. It is part of the module Unit 2: Soil.").waitFor();
    await page.getByText('You cannot submit while this assignment is locked.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit assignment' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('fits a 360 px phone screen with the text editor and the file chooser', async () => {
    const page = await openTab(rig.browser, { width: 360, height: 740 });
    await signIn(page, rig.demo.server.url, rig.demo.student);
    for (const assignment of [portfolio, lab]) {
      await openAssignment(page, assignment);
      await page.getByRole('button', { name: 'Submit assignment' }).waitFor();
      expect(await hasHorizontalOverflow(page), assignment.name).toBe(false);
    }
    await closeTab(page);
  });
});
