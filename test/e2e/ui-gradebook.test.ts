import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

/** Wide enough that the demo's twelve assignment columns are all rendered. */
const WIDE = { width: 2400, height: 900 };

describe('the gradebook: every student × assignment, graded in place through the local API', () => {
  const rig = new UiDemoRig();
  let assignments: Assignment[];
  /** The course's assignment groups: each has a column between the student and the Total. */
  let groupCount: number;
  const course = DEMO.course.name;
  const byName = [...DEMO.students].sort((a, b) => a.name.localeCompare(b.name));

  beforeAll(async () => {
    await rig.start();
    assignments = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments?per_page=100`)).json as Assignment[];
    groupCount = ((await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignment_groups`)).json as unknown[]).length;
  });
  afterAll(() => rig.stop());

  const studentId = async (name: string): Promise<number> => {
    const roster = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/users?per_page=100`)).json as Array<{ id: number; name: string }>;
    return roster.find((u) => u.name === name)!.id;
  };
  const assignmentNamed = (name: string) => assignments.find((a) => a.name === name)!;
  const gradeBox = (page: Page, student: string, assignment: string) => page.getByRole('textbox', { name: `Grade for ${student}, ${assignment}` });
  /**
   * A cell's grade, or undefined when its box is not there within a second (the virtualised grid may be putting the
   * row back after a scroll): each poll asks briefly, so the poll's own timeout decides, not one long wait inside it.
   */
  const shownGrade = (page: Page, student: string, assignment: string) => gradeBox(page, student, assignment).inputValue({ timeout: 1000 }).catch(() => undefined);
  /** The student's cell in the Total column, which comes after one column per assignment group. */
  const totalOf = async (page: Page, student: string) => {
    const index = await page.getByRole('columnheader', { name: 'Total', exact: true }).getAttribute('aria-colindex');
    return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: student, exact: true }) }).locator(`[aria-colindex="${index}"]`).textContent();
  };

  /** Scrolls the grid until the cell of `student` × `assignment` is rendered (only the cells in view are). */
  async function reveal(page: Page, student: string, assignment: string): Promise<void> {
    const grid = page.getByRole('grid', { name: 'Gradebook' });
    // A column header reads the assignment's name, then its group and points.
    const shown = (role: 'rowheader' | 'columnheader', name: string) => page.getByRole(role, { name, exact: role === 'rowheader' }).count();
    for (const [role, name, axis] of [['rowheader', student, 'scrollTop'], ['columnheader', assignment, 'scrollLeft']] as const) {
      await grid.evaluate((el, a) => (el[a] = 0), axis);
      // The grid renders the rows of the new scroll position after its scroll event: let it, before counting.
      await page.waitForTimeout(50);
      for (let step = 0; step < 200 && (await shown(role, name)) === 0; step++) {
        await grid.evaluate((el, a) => (el[a] += a === 'scrollTop' ? el.clientHeight / 2 : el.clientWidth / 2), axis);
        await page.waitForTimeout(50);
      }
    }
  }
  /** Types a grade and presses Enter; done when no cell is saving and the status line has no refusal. */
  const typeGrade = async (page: Page, student: string, assignment: string, typed: string) => {
    await reveal(page, student, assignment);
    const box = gradeBox(page, student, assignment);
    await box.fill(typed);
    await box.press('Enter');
    await expect.poll(() => page.locator('.gradebook-saving').count(), UI_WAIT).toBe(0);
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    await page.getByRole('status').filter({ hasText: /^Saved/ }).waitFor(UI_WAIT);
  };

  async function openGradebook(page: Page): Promise<void> {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Grades' }).click();
    await expectScreen(page, course, `Grades · ${course}`);
    await page.getByRole('grid', { name: 'Gradebook' }).waitFor();
  }

  it('saves a grade of each grading type with Enter, moves the Total, and shows them after a reload', async () => {
    const page = await openTab(rig.browser, WIDE);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGradebook(page);
    expect(await page.getByRole('columnheader', { name: 'Total' }).count()).toBe(1);
    const student = byName.at(-1)!.name;
    const totalBefore = await totalOf(page, student);

    const entries: Array<[assignment: string, typed: string, shown: string]> = [
      ['Reading Response: Silent Spring', '8', '8'],
      ['Carbon Footprint Calculator', '85', '85%'],
      ['Ecosystem Poster', 'B', 'B'],
      ['Field Journal Week 1', 'complete', 'complete'],
      ['Recycling Audit', 'B+', 'B+'],
    ];
    for (const [assignment, typed, shown] of entries) {
      await typeGrade(page, student, assignment, typed);
      expect(await gradeBox(page, student, assignment).inputValue()).toBe(shown);
    }
    await expect.poll(() => totalOf(page, student), UI_WAIT).not.toBe(totalBefore);
    // A not-graded assignment has no grade to type.
    await reveal(page, student, 'Ungraded Survey: Study Habits');
    expect(await gradeBox(page, student, 'Ungraded Survey: Study Habits').count()).toBe(0);

    await page.reload();
    await page.getByRole('grid', { name: 'Gradebook' }).waitFor(UI_WAIT);
    for (const [assignment, , shown] of entries) {
      await reveal(page, student, assignment);
      await expect.poll(() => gradeBox(page, student, assignment).inputValue(), UI_WAIT).toBe(shown);
    }
    await reveal(page, student, 'Reading Response: Silent Spring');
    const userId = await studentId(student);
    const reading = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments/${assignmentNamed('Reading Response: Silent Spring').id}/submissions/${userId}`)).json as { score: number };
    expect(reading.score).toBe(8);
    // The teacher's total counts unposted grades too.
    const [enrollment] = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/enrollments?user_id=${userId}`)).json as Array<{ grades: { unposted_current_score: number } }>;
    expect(await totalOf(page, student)).toContain(`${enrollment!.grades.unposted_current_score}%`);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('moves like a spreadsheet: arrows, Home/End, Enter to edit and Escape to cancel', async () => {
    const page = await openTab(rig.browser, WIDE);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGradebook(page);
    // The grid's own first rows and columns (students by sortable name, assignments by group and position).
    const [first, second] = (await page.getByRole('rowheader').allTextContents()).map((name) => ({ name }));
    const [a1, a2] = (await page.getByRole('columnheader').locator('.gradebook-heading-name').allTextContents()).map((name) => ({ name }));
    const focusedLabel = () => page.evaluate('document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent');

    await gradeBox(page, first!.name, a1!.name).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedLabel()).toBe(`Grade for ${first!.name}, ${a2!.name}`);
    await page.keyboard.press('ArrowDown');
    expect(await focusedLabel()).toBe(`Grade for ${second!.name}, ${a2!.name}`);
    await page.keyboard.press('Home');
    expect(await focusedLabel()).toBe(second!.name);
    // Across the group columns and the Total to the first assignment.
    for (let i = 0; i < groupCount + 2; i++) await page.keyboard.press('ArrowRight');
    expect(await focusedLabel()).toBe(`Grade for ${second!.name}, ${a1!.name}`);

    // Enter edits, Escape puts the grade back without saving.
    const box = gradeBox(page, second!.name, a1!.name);
    const before = await box.inputValue();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('19');
    expect(await box.inputValue()).toBe('19');
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe(before);
    // Still navigating: the arrow moves on.
    await page.keyboard.press('ArrowUp');
    expect(await focusedLabel()).toBe(`Grade for ${first!.name}, ${a1!.name}`);

    // End goes to the last assignment, Control+End to the last student.
    await page.keyboard.press('Control+End');
    // The last row is drawn when it is scrolled to (the grid is virtualised): the focus reaches it a frame later.
    await expect
      .poll(() => page.evaluate('document.activeElement?.closest("[role=row]")?.getAttribute("aria-rowindex")'), UI_WAIT)
      .toBe(String(DEMO.students.length + 1));
    expect(await page.evaluate('document.activeElement?.closest("[role=gridcell]")?.getAttribute("aria-colindex") ?? document.activeElement?.getAttribute("aria-colindex")')).toBe(
      String(assignments.length + groupCount + 2),
    );
    await closeTab(page);
  });

  it('filters by student name and section, and sorts by name', async () => {
    const page = await openTab(rig.browser, WIDE);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGradebook(page);
    const names = () => page.getByRole('rowheader').allTextContents();
    const roster = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/students`)).json as Array<{ name: string; sortable_name: string }>;
    const bySortable = roster.sort((a, b) => a.sortable_name.localeCompare(b.sortable_name)).map((s) => s.name);
    expect((await names())[0]).toBe(bySortable[0]);
    await page.getByRole('combobox', { name: 'Sort students by' }).selectOption({ label: 'Name, Z to A' });
    await expect.poll(async () => (await names())[0], UI_WAIT).toBe(bySortable.at(-1));
    const target = byName[1]!.name;
    await page.getByRole('searchbox', { name: 'Search students' }).fill(target.split(' ')[0]!);
    await expect.poll(names, UI_WAIT).toContain(target);
    expect((await names()).every((n) => n.includes(target.split(' ')[0]!))).toBe(true);
    await page.getByRole('searchbox', { name: 'Search students' }).fill('');
    const sectionChoices = await page.getByRole('combobox', { name: 'Section' }).locator('option').allTextContents();
    expect(sectionChoices[0]).toBe('All sections');
    // The demo puts every other student in the evening section.
    await page.getByRole('combobox', { name: 'Section' }).selectOption({ label: 'Section B (Evenings)' });
    const evening = DEMO.students.filter((_, i) => i % 2 === 1).map((s) => s.name);
    await expect.poll(async () => (await names()).sort(), UI_WAIT).toEqual(evening.sort());
    await closeTab(page);
  });

  it('sets a default grade for an assignment through update_grades, following its progress, and only where no grade was entered', async () => {
    const page = await openTab(rig.browser, WIDE);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    const assignment = assignments.find((a) => a.published && a.grading_type === 'points' && a.name !== 'Reading Response: Silent Spring')!;
    const submissionsPath = `/api/v1/courses/${rig.demo.courseId}/assignments/${assignment.id}/submissions?per_page=100`;
    const roster = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/students`)).json as Array<{ id: number; name: string }>;
    // One student already has a grade: the default must leave it alone.
    const [graded, ...others] = roster;
    await api(rig.demo.server, rig.demo.teacher.token, 'PUT', `/api/v1/courses/${rig.demo.courseId}/assignments/${assignment.id}/submissions/${graded!.id}`, { submission: { posted_grade: '3' } });
    const before = new Map(((await api(rig.demo.server, rig.demo.teacher.token, 'GET', submissionsPath)).json as Array<{ user_id: number; entered_grade: string | null; excused: boolean }>).map((s) => [s.user_id, s]));
    const ungraded = roster.filter((st) => before.get(st.id)?.entered_grade == null && !before.get(st.id)?.excused);
    expect(ungraded.length).toBeGreaterThan(0);
    expect(ungraded.map((st) => st.id)).not.toContain(graded!.id);

    await openGradebook(page);
    await page.getByRole('button', { name: `Set default grade for ${assignment.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Set default grade for ${assignment.name}` });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Default grade' }).fill('7');
    expect(await dialog.getByRole('checkbox', { name: 'Overwrite grades already entered' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Set default grade' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Setting default grade' });
    // A native <progress>: its value is the bar's aria-valuenow.
    await expect.poll(() => bar.evaluate((el) => (el as unknown as { value: number }).value), UI_WAIT).toBe(100);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('status').filter({ hasText: `Default grade given to ${ungraded.length} students.` }).waitFor(UI_WAIT);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await dialog.count()).toBe(0);

    // The cells show what the server stored: 7 where there was no grade, the earlier grade elsewhere.
    const after = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', submissionsPath)).json as Array<{ user_id: number; entered_grade: string | null }>;
    for (const st of [graded!, ...others]) {
      const stored = after.find((s) => s.user_id === st.id)!;
      expect(stored.entered_grade).toBe(ungraded.includes(st) ? '7' : before.get(st.id)!.entered_grade);
      await reveal(page, st.name, assignment.name);
      await expect.poll(() => shownGrade(page, st.name, assignment.name), UI_WAIT).toBe(before.get(st.id)!.excused ? '' : stored.entered_grade);
    }
    await reveal(page, graded!.name, assignment.name);
    await expect.poll(() => shownGrade(page, graded!.name, assignment.name), UI_WAIT).toBe('3');

    // Overwrite gives everyone the default.
    await page.getByRole('button', { name: `Set default grade for ${assignment.name}` }).click();
    await dialog.getByRole('textbox', { name: 'Default grade' }).fill('9');
    await dialog.getByRole('checkbox', { name: 'Overwrite grades already entered' }).check();
    await dialog.getByRole('button', { name: 'Set default grade' }).click();
    await dialog.getByRole('status').filter({ hasText: `Default grade given to ${roster.length} students.` }).waitFor(UI_WAIT);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await reveal(page, graded!.name, assignment.name);
    await expect.poll(() => shownGrade(page, graded!.name, assignment.name), UI_WAIT).toBe('9');
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('shows an assignment’s grade distribution as a table of score ranges, excused and ungraded students left out', async () => {
    const page = await openTab(rig.browser, WIDE);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    // A points assignment no other test grades: the last one.
    const assignment = assignments.filter((a) => a.published && a.grading_type === 'points' && a.points_possible! > 0).at(-1)!;
    const roster = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/students`)).json as Array<{ id: number }>;
    // The first student excused, then full marks and zero in turn: known counts in the top and bottom bins only.
    const [excused, ...graded] = roster;
    const grade = (userId: number, submission: object) =>
      api(rig.demo.server, rig.demo.teacher.token, 'PUT', `/api/v1/courses/${rig.demo.courseId}/assignments/${assignment.id}/submissions/${userId}`, { submission });
    await grade(excused!.id, { excuse: true });
    for (const [i, st] of graded.entries()) await grade(st.id, { posted_grade: String(i % 2 === 0 ? assignment.points_possible : 0) });
    const full = Math.ceil(graded.length / 2);

    await openGradebook(page);
    await reveal(page, byName[0]!.name, assignment.name);
    await page.getByRole('button', { name: `Grade distribution for ${assignment.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Grade distribution for ${assignment.name}` });
    await dialog.waitFor();
    const table = dialog.getByRole('table', { name: `Grade distribution for ${assignment.name}` });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Score range', 'Students']);
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(['0% to under 10%', String(graded.length - full)]);
    expect(rows.at(-1)).toEqual(['90% to 100%', String(full)]);
    expect(rows.slice(1, -1).every(([, count]) => count === '0')).toBe(true);
    expect(await dialog.textContent()).toContain(`${graded.length} of ${roster.length} students graded, out of ${assignment.points_possible} points.`);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('adds a Notes column and keeps a note typed inline (Enter saves it through the custom column API)', async () => {
    const page = await openTab(rig.browser, WIDE);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await openGradebook(page);
    const student = byName[0]!.name;
    const note = () => page.getByRole('textbox', { name: `Notes for ${student}` });
    await page.getByRole('button', { name: 'Add notes column' }).click();
    await page.getByRole('columnheader', { name: 'Notes' }).waitFor(UI_WAIT);
    await reveal(page, student, 'Notes');
    expect(await page.getByRole('columnheader', { name: 'Notes' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add notes column' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await note().fill('Asked for an extension');
    await note().press('Enter');
    await expect.poll(() => page.locator('.gradebook-saving').count(), UI_WAIT).toBe(0);
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    const columns = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/custom_gradebook_columns`)).json as Array<{ id: number; title: string; teacher_notes: boolean }>;
    expect(columns).toMatchObject([{ title: 'Notes', teacher_notes: true }]);
    const entries = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/custom_gradebook_columns/${columns[0]!.id}/data`)).json;
    expect(entries).toEqual([{ user_id: await studentId(student), content: 'Asked for an extension' }]);

    await page.reload();
    await page.getByRole('grid', { name: 'Gradebook' }).waitFor(UI_WAIT);
    await reveal(page, student, 'Notes');
    await expect.poll(() => note().inputValue(), UI_WAIT).toBe('Asked for an extension');
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
