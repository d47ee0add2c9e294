import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, hasHorizontalOverflow, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** A 1×1 transparent PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface SubmissionJson {
  score: number | null;
  grade: string | null;
  excused: boolean;
  submission_comments: Array<{ comment: string; author_id: number }>;
}

describe('the grader: one student at a time, graded and commented through the local API', () => {
  const rig = new UiDemoRig();
  let assignments: Assignment[];
  const course = DEMO.course.name;
  /** The demo's students as the grader lists them (by name); the first third submitted the reading response. */
  const byName = [...DEMO.students].sort((a, b) => a.name.localeCompare(b.name));

  beforeAll(async () => {
    await rig.start();
    assignments = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments?per_page=100`)).json as Assignment[];
  });
  afterAll(() => rig.stop());

  const assignmentNamed = (name: string) => assignments.find((a) => a.name === name)!;
  const studentId = async (name: string): Promise<number> => {
    const roster = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/users?per_page=100`)).json as Array<{ id: number; name: string }>;
    return roster.find((u) => u.name === name)!.id;
  };
  const submissionOf = async (assignmentId: number, userId: number): Promise<SubmissionJson> =>
    (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments/${assignmentId}/submissions/${userId}?include[]=submission_comments`)).json as SubmissionJson;

  async function openGrader(page: Page, assignment: Assignment): Promise<void> {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${assignment.id}`);
    await expectScreen(page, course, `${assignment.name} · ${course}`);
    await page.getByRole('link', { name: 'Grade submissions' }).click();
    await expectScreen(page, course, `Grade ${assignment.name} · ${course}`);
  }

  const chosen = (page: Page) => page.getByRole('combobox', { name: 'Student' }).locator('option:checked').textContent();

  it('grades two students with the keyboard, excuses one, keeps a comment draft across students and adds it', async () => {
    const reading = assignmentNamed('Reading Response: Silent Spring');
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGrader(page, reading);

    // The first student by name submitted and was graded by the demo seed, with a comment.
    const [first, second, third] = byName;
    expect(await chosen(page)).toBe(first!.name);
    await page.getByRole('heading', { level: 3, name: first!.name }).waitFor();
    // At the start of the list "Previous student" says it is unavailable but keeps the focus that pressed it.
    const previous = page.getByRole('button', { name: 'Previous student' });
    expect(await previous.getAttribute('aria-disabled')).toBe('true');
    await previous.focus();
    await page.keyboard.press('Enter');
    expect(await chosen(page)).toBe(first!.name);
    expect(await previous.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
    await expect.poll(() => page.frameLocator('iframe[title="Submitted text"]').locator('body').textContent(), UI_WAIT).toBe(DEMO.responses[0]);
    expect(await page.getByRole('list', { name: 'Comments' }).textContent()).toContain('Thoughtful response');
    const grade = page.getByRole('textbox', { name: 'Grade' });
    expect(await grade.inputValue()).toBe('7');

    // Enter saves.
    await grade.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('9.5');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor(UI_WAIT);

    // Leaving the box saves too: Tab moves on, then Enter on "Next student".
    await page.getByRole('button', { name: 'Next student' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: second!.name }).waitFor();
    expect(await chosen(page)).toBe(second!.name);
    await grade.focus();
    await page.keyboard.type('6');
    await page.keyboard.press('Tab');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor(UI_WAIT);

    // A comment typed for the second student survives a visit to the third.
    await page.getByRole('textbox', { name: 'Comment' }).fill('Please resubmit with sources.');
    await page.getByRole('button', { name: 'Next student' }).click();
    await page.getByRole('heading', { level: 3, name: third!.name }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('');
    const excused = page.getByRole('checkbox', { name: 'Excused' });
    await excused.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor(UI_WAIT);
    expect(await excused.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Previous student' }).click();
    await page.getByRole('heading', { level: 3, name: second!.name }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('Please resubmit with sources.');
    expect(await grade.inputValue()).toBe('6');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('list', { name: 'Comments' }).getByText('Please resubmit with sources.').waitFor(UI_WAIT);
    expect(await page.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('');

    // The chooser jumps straight to a student.
    await page.getByRole('combobox', { name: 'Student' }).selectOption({ label: first!.name });
    await page.getByRole('heading', { level: 3, name: first!.name }).waitFor();
    expect(await grade.inputValue()).toBe('9.5');
    await expectNoAxeViolations(page);

    const firstId = await studentId(first!.name);
    const secondId = await studentId(second!.name);
    const thirdId = await studentId(third!.name);
    expect(await submissionOf(reading.id, firstId)).toMatchObject({ score: 9.5, grade: '9.5', excused: false });
    const secondWork = await submissionOf(reading.id, secondId);
    expect(secondWork).toMatchObject({ score: 6, excused: false });
    expect(secondWork.submission_comments.map((c) => [c.comment, c.author_id])).toEqual([['Please resubmit with sources.', rig.demo.teacher.id]]);
    expect(await submissionOf(reading.id, thirdId)).toMatchObject({ score: null, excused: true });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('shows the server’s reason when it refuses a grade, and the server’s wording of an accepted one', async () => {
    const journal = assignmentNamed('Field Journal Week 1'); // pass/fail
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGrader(page, journal);
    const grade = page.getByRole('textbox', { name: 'Grade' });
    expect(await page.getByText('complete or incomplete.').count()).toBe(1);
    await grade.fill('3');
    await grade.press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: 'The grade was not saved:' });
    await refusal.waitFor(UI_WAIT);
    // Sending the same value again after a refusal is a new try, not a no-op.
    await grade.fill('complete');
    await grade.press('Enter');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor(UI_WAIT);
    expect(await refusal.count()).toBe(0);
    expect(await grade.inputValue()).toBe('complete');
    await closeTab(page);
  });

  it('hides the students’ names on an anonymous assignment, in a fixed shuffled order', async () => {
    const carbon = assignmentNamed('Carbon Footprint Calculator'); // percent
    const put = await api(rig.demo.server, rig.demo.teacher.token, 'PUT', `/api/v1/courses/${rig.demo.courseId}/assignments/${carbon.id}`, { assignment: { anonymous_grading: true } });
    expect(put.status).toBe(200);
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGrader(page, carbon);
    const options = await page.getByRole('combobox', { name: 'Student' }).locator('option').allTextContents();
    expect(options).toEqual(DEMO.students.map((_, i) => `Student ${i + 1}`));
    const main = (await page.getByRole('main').textContent()) ?? '';
    for (const student of DEMO.students) expect(main).not.toContain(student.name);

    await page.getByRole('button', { name: 'Next student' }).click();
    await page.getByRole('heading', { level: 3, name: 'Student 2' }).waitFor();
    const grade = page.getByRole('textbox', { name: 'Grade' });
    await grade.fill('85');
    await grade.press('Enter');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor(UI_WAIT);
    expect(await grade.inputValue()).toBe('85%');
    await expectNoAxeViolations(page);

    // The same order on the next visit: "Student 2" is still the student just graded.
    await page.reload();
    await expectScreen(page, course, `Grade ${carbon.name} · ${course}`);
    await page.getByRole('combobox', { name: 'Student' }).selectOption({ label: 'Student 2' });
    await page.getByRole('heading', { level: 3, name: 'Student 2' }).waitFor();
    await expect.poll(() => grade.inputValue(), UI_WAIT).toBe('85%');
    await closeTab(page);
  });

  it('shows the work as submitted: attempts, a website, an image file with its preview, the late penalty and peer reviewers', async () => {
    const base = `/api/v1/courses/${rig.demo.courseId}`;
    const teacherCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await api(rig.demo.server, rig.demo.teacher.token, method, path, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res.json as T;
    };
    // Due half an hour short of 2.5 days ago: a submission now is 3 days late, 10% of 20 points a day.
    const report = await teacherCall<Assignment>('POST', `${base}/assignments`, {
      assignment: {
        name: 'Soil Report', published: true, points_possible: 20, peer_reviews: true, submission_types: ['online_url', 'online_upload'],
        due_at: new Date(Date.now() - 2.5 * 86_400_000 + 30 * 60_000).toISOString(),
      },
    });
    await teacherCall('POST', `${base}/late_policy`, {
      late_policy: { late_submission_deduction_enabled: true, late_submission_deduction: 10, late_submission_interval: 'day' },
    });
    const submissions = `${base}/assignments/${report.id}/submissions`;
    const asStudent = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await api(rig.demo.server, rig.demo.student.token, 'POST', path, body);
      expect(res.status, path).toBeLessThan(300);
      return res.json as T;
    };
    await asStudent(submissions, { submission: { submission_type: 'online_url', url: 'https://example.test/soil' } });
    const image = await asStudent<{ id: number }>(`${submissions}/self/files`, { name: 'sample.png', content: PIXEL_PNG });
    const submitted = await asStudent<{ id: number }>(submissions, { submission: { submission_type: 'online_upload', file_ids: [image.id] } });
    const [, reviewer] = byName;
    await teacherCall('POST', `${submissions}/${submitted.id}/peer_reviews`, { user_id: await studentId(reviewer!.name) });

    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGrader(page, report);
    await page.getByRole('heading', { level: 3, name: rig.demo.student.name }).waitFor();
    const attempts = page.getByRole('group', { name: 'Attempts' });
    expect(await attempts.getByRole('button', { name: 'Attempt 2' }).getAttribute('aria-pressed')).toBe('true');
    const files = page.getByRole('list', { name: 'Submitted files' });
    // The bytes come through the teacher's session: the download is the student's file, and the preview decodes.
    const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: 'Download sample.png' }).click()]);
    expect(download.suggestedFilename()).toBe('sample.png');
    expect((await readFile(await download.path())).toString('base64')).toBe(PIXEL_PNG);
    const preview = files.getByRole('img', { name: 'Preview of sample.png' });
    await expect.poll(() => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), UI_WAIT).toBe(1);
    await attempts.getByRole('button', { name: 'Attempt 1' }).click();
    expect(await page.getByRole('link', { name: 'https://example.test/soil' }).getAttribute('target')).toBe('_blank');
    expect(await files.count()).toBe(0);

    expect(await page.getByRole('region', { name: 'Grading' }).textContent()).toContain('Late');
    const grade = page.getByRole('textbox', { name: 'Grade' });
    await grade.fill('18');
    await grade.press('Enter');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor(UI_WAIT);
    await page.getByText('Late penalty: 6 pts deducted; the grade after it is 12.').waitFor(UI_WAIT);
    // The box keeps what the teacher entered: leaving it saves nothing twice.
    expect(await grade.inputValue()).toBe('18');
    expect(await page.getByRole('region', { name: 'Peer reviews' }).textContent()).toContain(`${reviewer!.name}: review not done yet`);
    await expectNoAxeViolations(page);
    expect(await submissionOf(report.id, rig.demo.student.id)).toMatchObject({ score: 12, grade: '12', excused: false });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('fits a 360 px screen without horizontal scrolling', async () => {
    const page = await openTab(rig.browser, { width: 360, height: 740 });
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGrader(page, assignmentNamed('Reading Response: Silent Spring'));
    await page.getByRole('textbox', { name: 'Grade' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await closeTab(page);
  });

  it('is out of a student’s reach: no link, and the address refuses', async () => {
    const reading = assignmentNamed('Reading Response: Silent Spring');
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${reading.id}`);
    await expectScreen(page, course, `${reading.name} · ${course}`);
    expect(await page.getByRole('link', { name: 'Grade submissions' }).count()).toBe(0);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${reading.id}/grade`);
    await expectScreen(page, course, `Grade submissions · ${course}`);
    await page.getByRole('alert').filter({ hasText: 'Only the course’s teachers and TAs grade submissions.' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Student' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Grade' }).count()).toBe(0);
    // The server refuses too, whatever a client asks.
    const asked = await api(rig.demo.server, rig.demo.student.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments/${reading.id}/gradeable_students`);
    expect(asked.status).toBe(401);
    await closeTab(page);
  });
});
