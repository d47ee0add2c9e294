import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Assignment } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { gradeEveryone } from '../helpers/gradebook-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, openTab } from '../helpers/ui-screens.ts';
import { enrollManyStudents } from '../helpers/submission-fixtures.ts';

/** Issue 15's size: 1,000 students × 50 assignments. */
const EXTRA_STUDENTS = 1000 - DEMO.students.length;
const ASSIGNMENTS = 50;
/** Loading 50,000 submissions on a shared test machine takes a while; no timing is asserted. */
const LARGE_WAIT = { timeout: 120_000 };

describe('a 1,000 × 50 gradebook', () => {
  const rig = new UiDemoRig();
  /** Each assignment group has a column between the student and the Total. */
  let groupCount: number;

  beforeAll(async () => {
    await rig.start();
    const course = `/api/v1/courses/${rig.demo.courseId}`;
    const existing = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `${course}/assignments?per_page=100`)).json as Assignment[];
    for (let i = existing.length; i < ASSIGNMENTS; i++) {
      const res = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `${course}/assignments`, { assignment: { name: `Quiz ${i + 1}`, published: true, points_possible: 10 } });
      expect(res.status).toBe(200);
    }
    groupCount = ((await api(rig.demo.server, rig.demo.teacher.token, 'GET', `${course}/assignment_groups`)).json as unknown[]).length;
    const assignments = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `${course}/assignments?per_page=100`)).json as Assignment[];
    const students = await enrollManyStudents(rig.demo.server, rig.demo.courseId, EXTRA_STUDENTS);
    await gradeEveryone(rig.demo.server, rig.demo.courseId, rig.demo.teacher.id, students, assignments.filter((a) => a.name.startsWith('Quiz ')).map((a) => a.id));
  }, 600_000);
  afterAll(() => rig.stop());

  it('opens, and the keyboard reaches the last student and the last assignment', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/grades`);
    const grid = page.getByRole('grid', { name: 'Gradebook' });
    await grid.waitFor(LARGE_WAIT);
    expect(await grid.getAttribute('aria-rowcount')).toBe('1001');
    expect(await grid.getAttribute('aria-colcount')).toBe(String(ASSIGNMENTS + groupCount + 2));
    // Only what is in view is rendered.
    expect(await page.getByRole('row').count()).toBeLessThan(100);

    await page.getByRole('rowheader').first().focus();
    await page.keyboard.press('Control+End');
    const focused = (attribute: string, role: string) =>
      page.evaluate(`document.activeElement?.closest('[role=${role}]')?.getAttribute('${attribute}') ?? null`);
    await expect.poll(() => focused('aria-rowindex', 'row')).toBe('1001');
    await expect.poll(() => focused('aria-colindex', 'gridcell')).toBe(String(ASSIGNMENTS + groupCount + 2));
    // The focused cell is scrolled into the grid's view, clear of the sticky header row.
    const inView = await page.evaluate(`(() => {
      const cell = document.activeElement.getBoundingClientRect();
      const grid = document.querySelector('[role=grid]').getBoundingClientRect();
      return cell.top >= grid.top + 40 && cell.bottom <= grid.bottom && cell.right <= grid.right;
    })()`);
    expect(inView).toBe(true);
    expect(errors).toEqual([]);
    await closeTab(page);
  }, 300_000);
});
