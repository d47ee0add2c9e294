import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';
import { gradeAs } from '../helpers/submission-fixtures.ts';

/** The demo observer follows two students: the `Student` choice switches whose grades, feedback and to-do are shown. */
describe('an observer following two students', () => {
  const rig = new UiDemoRig();
  let quiz: Assignment;
  const [amara, bastian] = DEMO.students;

  beforeAll(async () => {
    await rig.start();
    const created = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `/api/v1/courses/${rig.demo.courseId}/assignments`, {
      assignment: { name: 'Map quiz', published: true, points_possible: 10, submission_types: ['on_paper'], due_at: new Date(Date.now() + 24 * 3600_000).toISOString() },
    });
    quiz = created.json as Assignment;
    const roster = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/users?per_page=100`)).json as CourseUser[];
    const idOf = (login: string) => roster.find((u) => u.login_id === login)!.id;
    await gradeAs(rig.demo.server, rig.demo.teacher.token, rig.demo.courseId, quiz.id, idOf(amara!.login), { posted_grade: '8' });
    await gradeAs(rig.demo.server, rig.demo.teacher.token, rig.demo.courseId, quiz.id, idOf(bastian!.login), { posted_grade: '6' });
  });
  afterAll(() => rig.stop());

  const quizRow = (page: Page) => page.getByRole('table', { name: 'Grades' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: quiz.name }) });
  const section = async (page: Page, name: string) => {
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name }).click();
    await expectScreen(page, DEMO.course.name, `${name} · ${DEMO.course.name}`);
  };

  it('switches students on Grades, To do and the assignment, read-only throughout', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, DEMO.observer);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    const student = page.getByRole('combobox', { name: 'Student' });
    await expect.poll(() => student.locator('option').allInnerTexts(), UI_WAIT).toEqual([amara!.name, bastian!.name]);

    await section(page, 'Grades');
    await expect.poll(() => quizRow(page).innerText(), UI_WAIT).toContain('8 / 10');
    await student.selectOption({ label: bastian!.name });
    await expect.poll(() => quizRow(page).innerText(), UI_WAIT).toContain('6 / 10');
    await expectNoAxeViolations(page);

    // The choice holds across sections: Bastian's to-do, which the observer cannot tick.
    await section(page, 'To do');
    const item = page.getByRole('list', { name: 'To do' }).getByRole('listitem').filter({ hasText: quiz.name });
    expect(await item.getByRole('checkbox', { name: 'Done' }).isDisabled()).toBe(true);
    expect(await student.locator('option:checked').innerText()).toBe(bastian!.name);

    await item.getByRole('link', { name: quiz.name }).click();
    await expectScreen(page, DEMO.course.name, `${quiz.name} · ${DEMO.course.name}`);
    await page.getByText('Grade: 6 / 10').waitFor(UI_WAIT);
    await student.selectOption({ label: amara!.name });
    await page.getByText('Grade: 8 / 10').waitFor(UI_WAIT);
    expect(await page.getByRole('textbox', { name: 'Comment' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
