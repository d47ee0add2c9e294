import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import type { SyncConflict } from '../../src/contracts/session-dtos.ts';
import type { Submission } from '../../src/contracts/grading-dtos.ts';
import { freePort } from '../helpers/server-process.ts';
import { callOk, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { closeTab, expectNoAxeViolations, expectScreen } from '../helpers/ui-screens.ts';

/** Wide enough that the demo's assignment columns are all rendered. */
const WIDE = { width: 2400, height: 900 };

/**
 * A grade given offline on the device, and a later grade for the same student given on the hub meanwhile: after the
 * sync the hub's grade stands and the device records the conflict, which its gradebook marks in the cell.
 */
describe('the gradebook on a device: a grade that ended in a sync conflict', () => {
  const rig = new HubRig();
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  it('marks the cell (its name says “grade in conflict”) and leads to the conflict review', { timeout: 240_000 }, async () => {
    const { page, token: visibleToken } = await rig.connectTeacherDevice(WIDE);
    const course = `/api/v1/courses/${rig.courseId}`;
    const roster = await callOk<CourseUser[]>(rig.device.url, visibleToken, 'GET', `${course}/students`);
    const assignments = await callOk<Assignment[]>(rig.device.url, visibleToken, 'GET', `${course}/assignments?per_page=100`);
    // A submission the hub already holds (the student handed it in): a submission first made by two grades, one on
    // each side, would be two new records, which replay does not compare.
    const points = new Set(assignments.filter((a) => a.published && a.grading_type === 'points').map((a) => a.id));
    // Asked by state: the course has hundreds of submissions, and which students a first page holds depends on the
    // order their ids were given out in (the seed creates users in parallel).
    const handedIn = async () =>
      (await callOk<Submission[]>(rig.device.url, visibleToken, 'GET', `${course}/students/submissions?student_ids[]=all&workflow_state=submitted&per_page=100`)).find(
        (s) => points.has(s.assignment_id) && s.submitted_at !== null,
      );
    // The students' work may still be coming down from the hub.
    await expect.poll(handedIn, SYNC).toBeDefined();
    const target = (await handedIn())!;
    const student = roster.find((u) => u.id === target.user_id)!;
    const assignment = assignments.find((a) => a.id === target.assignment_id)!;
    const submissionPath = `${course}/assignments/${assignment.id}/submissions/${student.id}`;

    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);
    await callOk(rig.device.url, visibleToken, 'PUT', submissionPath, { submission: { posted_grade: '4' } });

    // Later, on the hub (started for a moment on a port the device does not know), the same teacher grades it 6.
    const aside = await rig.startHub(await freePort());
    const teacherId = (await callOk<CourseUser[]>(aside.url, rig.adminToken, 'GET', `${course}/users?per_page=100`)).find((u) => u.login_id === DEMO.teacher.login)!.id;
    const { visible_token: hubToken } = await callOk<{ visible_token: string }>(aside.url, rig.adminToken, 'POST', `/api/v1/users/${teacherId}/tokens`, { token: { purpose: 'e2e' } });
    await callOk(aside.url, hubToken, 'PUT', submissionPath, { submission: { posted_grade: '6' } });
    await aside.stop();

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    await expect.poll(async () => (await callOk<SyncConflict[]>(rig.device.url, visibleToken, 'GET', '/api/v1/sync/conflicts')).length, SYNC).toBe(1);
    // The hub's later grade stands on the device too.
    await expect.poll(async () => (await callOk<Submission>(rig.device.url, visibleToken, 'GET', submissionPath)).entered_grade, SYNC).toBe('6');

    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/grades`);
    await expectScreen(page, DEMO.course.name, `Grades · ${DEMO.course.name}`);
    const grid = page.getByRole('grid', { name: 'Gradebook' });
    await grid.waitFor(SYNC);
    // The student's row first, so their cell is in view.
    await page.getByRole('searchbox', { name: 'Search students' }).fill(student.name);
    const marked = grid.getByRole('textbox', { name: /, grade in conflict$/ });
    await expect.poll(() => marked.count(), SYNC).toBe(1);
    expect(await marked.getAttribute('aria-label')).toBe(`Grade for ${student.name}, ${assignment.name}, grade in conflict`);
    // The cell shows the grade that stands, with the mark beside it.
    expect(await marked.inputValue()).toBe('6');
    const cell = grid.getByRole('gridcell').filter({ has: page.getByRole('textbox', { name: /, grade in conflict$/ }) });
    expect(await cell.getByRole('link', { name: /Conflict/ }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Review grade conflicts' }).click();
    await expectScreen(page, 'Review conflicts');
    await page.getByRole('region').first().waitFor();
    // Keeping the hub's grade settles the conflict: back in the gradebook, the cell is no longer marked.
    await page.getByRole('button', { name: 'Keep it as it is now' }).click();
    await page.getByText('No conflicts wait for you.').waitFor(SYNC);
    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/grades`);
    await grid.waitFor(SYNC);
    await page.getByRole('searchbox', { name: 'Search students' }).fill(student.name);
    await grid.getByRole('textbox', { name: `Grade for ${student.name}, ${assignment.name}`, exact: true }).waitFor(SYNC);
    expect(await marked.count()).toBe(0);
    await closeTab(page);
  });
});
