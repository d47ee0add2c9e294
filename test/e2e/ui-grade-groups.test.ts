import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentEnrollment } from '../../src/contracts/gradebook-dtos.ts';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { gradeAs } from '../helpers/submission-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

const COURSE = 'Weighted Ecology';
/** Points possible and the grade both students start with, per assignment. */
const WORK = [
  { name: 'Homework 1', group: 'Homework', points: 10, grade: 5 },
  { name: 'Homework 2', group: 'Homework', points: 10, grade: 8 },
  { name: 'Homework 3', group: 'Homework', points: 10, grade: 9 },
  { name: 'Midterm', group: 'Exams', points: 100, grade: 70 },
] as const;
const GROUP_HEADERS: Partial<Record<string, string>> = { Homework: 'Homework 40% of total', Exams: 'Exams 60% of total' };

/**
 * Assignment-group totals computed on the screen with the server's arithmetic: the gradebook's group columns
 * (the teacher's view) and a student's what-if scores, in a course weighting Homework 40 (drop the lowest) and
 * Exams 60. Every student starts at Homework 5, 8, 9 of 10 (the 5 is dropped: 17/20 = 85%) and Midterm 70/100
 * (70%): a total of 0.4 × 85 + 0.6 × 70 = 76%.
 */
describe('assignment-group totals on the gradebook and the student’s Grades', () => {
  const rig = new UiDemoRig();
  let courseId: number;
  let other: FixtureUser;
  const assignmentIds = new Map<string, number>();

  beforeAll(async () => {
    await rig.start();
    const { server, teacher, student } = rig.demo;
    courseId = (await createFixtureCourse(server, { name: COURSE })).id;
    other = await createFixtureUser(server, 'Gale Fixture');
    await enrollFixtureUser(server, courseId, teacher.id, 'TeacherEnrollment');
    for (const id of [student.id, other.id]) await enrollFixtureUser(server, courseId, id, 'StudentEnrollment');
    const call = async (method: string, path: string, body: unknown) => {
      const res = await api(server, teacher.token, method, `/api/v1/courses/${courseId}${path}`, body);
      if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.json)}`);
      return res.json as { id: number };
    };
    await call('PUT', '', { course: { apply_assignment_group_weights: true } });
    const groups = new Map([
      ['Homework', await call('POST', '/assignment_groups', { name: 'Homework', position: 1, group_weight: 40, rules: { drop_lowest: 1 } })],
      ['Exams', await call('POST', '/assignment_groups', { name: 'Exams', position: 2, group_weight: 60 })],
    ]);
    for (const [position, w] of WORK.entries()) {
      const fields = { name: w.name, published: true, points_possible: w.points, position: position + 1, assignment_group_id: groups.get(w.group)!.id, submission_types: ['online_text_entry'] };
      const { id } = await call('POST', '/assignments', { assignment: fields });
      assignmentIds.set(w.name, id);
      for (const userId of [student.id, other.id]) await gradeAs(server, teacher.token, courseId, id, userId, { posted_grade: String(w.grade) });
    }
  });
  afterAll(() => rig.stop());

  const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  /** The cell of `student` under the column named `column` (a group's header names its weight too). */
  const cellText = async (page: Page, student: string, column: string) => {
    const index = await page.getByRole('columnheader', { name: GROUP_HEADERS[column] ?? column, exact: true }).getAttribute('aria-colindex');
    return (await rowOf(page, student).locator(`[aria-colindex="${index}"]`).textContent())?.trim();
  };
  const serverTotal = async (userId: number) => {
    const [enrollment] = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${courseId}/enrollments?user_id=${userId}`)).json as StudentEnrollment[];
    return enrollment!.grades!;
  };

  it('the gradebook has a column per group with its weight, hand-computed figures, and moves them when a grade is saved', async () => {
    const page = await openTab(rig.browser, { width: 1600, height: 800 });
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${courseId}/grades`);
    await expectScreen(page, COURSE, `Grades · ${COURSE}`);
    await page.getByRole('grid', { name: 'Gradebook' }).waitFor(UI_WAIT);

    // Student, the groups in their order, then Total.
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.slice(0, 4)).toEqual(['Student', 'Homework40% of total', 'Exams60% of total', 'Total']);
    for (const name of [rig.demo.student.name, 'Gale Fixture']) {
      await expect.poll(() => cellText(page, name, 'Homework'), UI_WAIT).toBe('85%');
      expect(await cellText(page, name, 'Exams')).toBe('70%');
      expect(await cellText(page, name, 'Total')).toBe('76%');
    }
    expect(await serverTotal(other.id)).toMatchObject({ current_score: 76, unposted_current_score: 76 });

    // The keyboard walks through the group cells (read-only) to the Total and on to the first grade.
    await rowOf(page, 'Gale Fixture').getByRole('rowheader').focus();
    const focused = () => page.evaluate('document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent');
    for (const expected of ['85%', '70%', '76%', 'Grade for Gale Fixture, Homework 1']) {
      await page.keyboard.press('ArrowRight');
      expect(await focused()).toBe(expected);
    }

    // Homework 1 from 5 to 10: now the 8 is dropped (19/20 = 95%), and the total is 0.4 × 95 + 0.6 × 70 = 80.
    const box = page.getByRole('textbox', { name: 'Grade for Gale Fixture, Homework 1' });
    await box.fill('10');
    await box.press('Enter');
    await expect.poll(() => cellText(page, 'Gale Fixture', 'Homework'), UI_WAIT).toBe('95%');
    await expect.poll(() => cellText(page, 'Gale Fixture', 'Total'), UI_WAIT).toBe('80%');
    expect(await cellText(page, 'Gale Fixture', 'Exams')).toBe('70%');
    expect(await serverTotal(other.id)).toMatchObject({ current_score: 80, unposted_current_score: 80 });
    // The other student's row is untouched.
    expect(await cellText(page, rig.demo.student.name, 'Homework')).toBe('85%');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('a student tries what-if scores: the group and course totals follow, marked, and nothing is saved; reverting restores', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${courseId}/grades`);
    await expectScreen(page, COURSE, `Grades · ${COURSE}`);
    const table = page.getByRole('table', { name: 'Grades' });
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    const cells = (name: string) => row(name).getByRole('cell').allTextContents();
    await expect.poll(() => cells('Total'), UI_WAIT).toEqual(['', '', '76%', '', '']);

    // Midterm 90 instead of 70: Exams 90%, total 0.4 × 85 + 0.6 × 90 = 88.
    await page.getByRole('textbox', { name: 'What-if score for Midterm' }).fill('90');
    await expect.poll(() => cells('Total'), UI_WAIT).toEqual(['', '', '76%', '88% (what-if)', '']);
    expect(await cells('Exams total')).toEqual(['', '60% of the course', '70%', '90% (what-if)', '']);
    expect(await cells('Homework total')).toEqual(['', '40% of the course', '85%', '85% (what-if)', '']);
    // Homework 1 at 10 of 10 drops the 8 instead: Homework 95%, total 0.4 × 95 + 0.6 × 90 = 92.
    await page.getByRole('textbox', { name: 'What-if score for Homework 1' }).fill('10');
    await expect.poll(() => cells('Homework total'), UI_WAIT).toEqual(['', '40% of the course', '85%', '95% (what-if)', '']);
    expect((await cells('Total'))[3]).toBe('92% (what-if)');
    await expectNoAxeViolations(page);

    // One score back to actual, then all of them.
    await page.getByRole('button', { name: 'Revert to actual score for Midterm' }).click();
    expect(await page.getByRole('textbox', { name: 'What-if score for Midterm' }).inputValue()).toBe('');
    // Its Revert button is gone: focus is back in the box.
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('What-if score for Midterm');
    await expect.poll(async () => (await cells('Total'))[3], UI_WAIT).toBe('80% (what-if)');
    await page.getByRole('button', { name: 'Revert all scores to actual' }).click();
    await expect.poll(() => cells('Total'), UI_WAIT).toEqual(['', '', '76%', '', '']);
    expect(await page.getByRole('textbox', { name: 'What-if score for Homework 1' }).inputValue()).toBe('');

    // What-if scores never reach the server.
    const midterm = await api(rig.demo.server, rig.demo.student.token, 'GET', `/api/v1/courses/${courseId}/assignments/${assignmentIds.get('Midterm')}/submissions/${rig.demo.student.id}`);
    expect(midterm.json).toMatchObject({ score: 70 });
    expect(await serverTotal(rig.demo.student.id)).toMatchObject({ current_score: 76 });
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
