import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { GradeGroup, StudentEnrollment } from '../../src/contracts/feedback-dtos.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';
import { gradeAs, submitText } from '../helpers/submission-fixtures.ts';

/** A student reads their grades and the feedback on their work: nothing of a grade before the teacher posts it. */
describe('the student’s Grades and feedback', () => {
  const rig = new UiDemoRig();
  let posted: Assignment;
  let held: Assignment;

  const teacherCall = async (method: string, path: string, body?: unknown) => {
    const res = await api(rig.demo.server, rig.demo.teacher.token, method, `/api/v1/courses/${rig.demo.courseId}${path}`, body);
    if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.json)}`);
    return res.json as Assignment;
  };
  const comment = (assignment: Assignment, text_comment: string) =>
    teacherCall('PUT', `/assignments/${assignment.id}/submissions/${rig.demo.student.id}`, { comment: { text_comment } });

  beforeAll(async () => {
    await rig.start();
    const create = (name: string, muted: boolean) =>
      teacherCall('POST', '/assignments', { assignment: { name, published: true, points_possible: 10, submission_types: ['online_text_entry'], muted } });
    posted = await create('Posted essay', false);
    held = await create('Held essay', true);
    for (const [assignment, grade] of [[posted, '8'], [held, '9']] as const) {
      await submitText(rig.demo.server, rig.demo.student.token, rig.demo.courseId, assignment.id);
      await gradeAs(rig.demo.server, rig.demo.teacher.token, rig.demo.courseId, assignment.id, rig.demo.student.id, { posted_grade: grade });
    }
    await comment(posted, 'Well argued.');
    await comment(held, 'Your sources need dates.');
  });
  afterAll(() => rig.stop());

  const rowOf = (page: Page, name: string) => page.getByRole('table', { name: 'Grades' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

  async function openGrades(page: Page): Promise<void> {
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Grades' }).click();
    await expectScreen(page, DEMO.course.name, `Grades · ${DEMO.course.name}`);
  }

  it('the Grades table shows posted scores and comment counts, holds back the unposted one, and shows the API’s totals', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    await openGrades(page);

    await expect.poll(() => rowOf(page, 'Posted essay').innerText(), UI_WAIT).toMatch(/8 \/ 10\s+1 comment$/);
    const heldRow = await rowOf(page, 'Held essay').innerText();
    expect(heldRow).toContain('Not posted yet');
    expect(heldRow).not.toContain('9');
    expect(heldRow).not.toContain('comment');

    // Totals are the API's: each group's posted percentage and the enrollment's current score.
    const groups = (await api(rig.demo.server, rig.demo.student.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignment_groups?include[]=scores`)).json as GradeGroup[];
    const [enrollment] = (await api(rig.demo.server, rig.demo.student.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/enrollments?user_id=${rig.demo.student.id}&type[]=StudentEnrollment`)).json as StudentEnrollment[];
    for (const g of groups) expect(await rowOf(page, `${g.name} total`).innerText()).toContain(`${g.scores!.current_score}%`);
    expect(await rowOf(page, 'Total').innerText()).toContain(`${enrollment!.grades!.current_score}%`);

    // The comment is read in place: the row's `1 comment` button opens it inside the table, and closes it again.
    const disclosure = rowOf(page, 'Posted essay').getByRole('button', { name: '1 comment' });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    const shown = page.getByRole('table', { name: 'Grades' }).getByRole('list', { name: 'Comments on Posted essay' });
    expect(await shown.isVisible()).toBe(false);
    await disclosure.click();
    await expect.poll(() => disclosure.getAttribute('aria-expanded'), UI_WAIT).toBe('true');
    await shown.getByText('Well argued.').waitFor(UI_WAIT);
    expect(await shown.innerText()).toContain(DEMO.teacher.name);
    await expectNoAxeViolations(page);
    await disclosure.click();
    await shown.waitFor({ state: 'hidden', ...UI_WAIT });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('on the assignment, the teacher’s comment appears only once posted; the student adds comments of their own', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${held.id}`);
    await expectScreen(page, DEMO.course.name, `${held.name} · ${DEMO.course.name}`);
    const comments = page.getByRole('list', { name: 'Comments' });
    await page.getByText('Grade: Not posted yet').waitFor(UI_WAIT);
    expect(await page.getByText('Your sources need dates.').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Comment' }).fill('Which sources do you mean?');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await comments.getByText('Which sources do you mean?').waitFor(UI_WAIT);
    await expect.poll(() => page.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('');
    await expectNoAxeViolations(page);
    const seen = await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments/${held.id}/submissions/${rig.demo.student.id}?include[]=submission_comments`);
    expect((seen.json as { submission_comments: { comment: string }[] }).submission_comments.map((c) => c.comment)).toEqual([
      'Your sources need dates.',
      'Which sources do you mean?',
    ]);

    await teacherCall('PUT', `/assignments/${held.id}`, { assignment: { muted: false } });
    await page.reload();
    await page.getByText('Grade: 9 / 10').waitFor(UI_WAIT);
    await comments.getByText('Your sources need dates.').waitFor(UI_WAIT);
    await openGrades(page);
    await expect.poll(() => rowOf(page, 'Held essay').innerText(), UI_WAIT).toMatch(/9 \/ 10\s+2 comments$/);
    await closeTab(page);
  });
});
