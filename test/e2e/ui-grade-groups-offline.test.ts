import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { GradeGroup } from '../../src/contracts/feedback-dtos.ts';
import type { CourseUser } from '../../src/contracts/lms-dtos.ts';
import { callOk, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { closeTab, expectScreen } from '../helpers/ui-screens.ts';

const WIDE = { width: 2400, height: 900 };

/**
 * The gradebook's group columns come from the grid's own data, not from a server round trip for totals: a grade
 * saved on a device whose hub is down moves its group's column at once, to the figure the device's API gives.
 */
describe('the gradebook’s group columns on a device with the hub down', () => {
  const rig = new HubRig();
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  it('a grade saved offline moves its group column', { timeout: 240_000 }, async () => {
    const { page, token: visibleToken } = await rig.connectTeacherDevice(WIDE);
    const course = `/api/v1/courses/${rig.courseId}`;
    // The course's content and roster may still be coming down from the hub.
    const groupsNow = () => callOk<GradeGroup[]>(rig.device.url, visibleToken, 'GET', `${course}/assignment_groups?include[]=assignments`);
    await expect.poll(async () => (await groupsNow()).flatMap((g) => g.assignments).some((a) => a.name === 'Reading Response: Silent Spring'), SYNC).toBe(true);
    const group = (await groupsNow()).find((g) => g.assignments.some((a) => a.name === 'Reading Response: Silent Spring'))!;
    // Nothing in it is muted, so the teacher's view is the posted one the API reports per student.
    expect(group.assignments.some((a) => a.muted)).toBe(false);
    await expect.poll(async () => (await callOk<CourseUser[]>(rig.device.url, visibleToken, 'GET', `${course}/students`)).length, SYNC).toBeGreaterThan(0);
    const [student] = await callOk<CourseUser[]>(rig.device.url, visibleToken, 'GET', `${course}/students`);
    const apiGroupScore = async () => {
      const groups = await callOk<GradeGroup[]>(rig.device.url, visibleToken, 'GET', `${course}/assignment_groups?include[]=scores&student_id=${student!.id}`);
      return groups.find((g) => g.id === group.id)!.scores!.current_score;
    };

    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);
    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/grades`);
    await expectScreen(page, DEMO.course.name, `Grades · ${DEMO.course.name}`);
    const grid = page.getByRole('grid', { name: 'Gradebook' });
    await grid.waitFor(SYNC);
    await page.getByRole('searchbox', { name: 'Search students' }).fill(student!.name);
    const index = await grid.getByRole('columnheader').filter({ has: page.locator('.gradebook-group-name', { hasText: group.name }) }).getAttribute('aria-colindex');
    const groupCell = () => grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: student!.name, exact: true }) }).locator(`[aria-colindex="${index}"]`).textContent();
    const before = await groupCell();

    // Full marks where the student had none, or none where they had full marks: either way the group moves.
    const box = grid.getByRole('textbox', { name: `Grade for ${student!.name}, Reading Response: Silent Spring` });
    const typed = (await box.inputValue()) === '10' ? '0' : '10';
    await box.fill(typed);
    await box.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Saved on this computer, waiting to sync' }).waitFor(SYNC);
    const expected = await apiGroupScore();
    await expect.poll(groupCell, SYNC).toBe(`${expected}%`);
    expect(await groupCell()).not.toBe(before);
    await closeTab(page);
  });
});
