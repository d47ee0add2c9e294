import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import { connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { closeTab, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

interface HubSubmission {
  score: number | null;
  submission_comments: Array<{ comment: string }>;
}

/**
 * Grading on a train: the device is connected to a hub (a second process), the hub goes away, the teacher grades and
 * comments in the grader, and once the hub is back the grade and the comment are on it, once each.
 */
describe('the grader with the hub out of reach', () => {
  const rig = new HubRig();
  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  it('saves the grade and comment on the device at once, and they reach the hub once it is back', { timeout: 240_000 }, async () => {
    const assignments = await rig.onHub<Assignment[]>(`/api/v1/courses/${rig.courseId}/assignments?per_page=100`);
    const reading = assignments.find((a) => a.name === 'Reading Response: Silent Spring')!;
    const roster = await rig.onHub<CourseUser[]>(`/api/v1/courses/${rig.courseId}/users?per_page=100`);
    const [first] = [...DEMO.students].sort((a, b) => a.name.localeCompare(b.name));
    const studentId = roster.find((u) => u.login_id === first!.login)!.id;

    const page = await openTab(rig.browser);
    await connectToHub(page, rig.device.url, rig.hub.url, DEMO.teacher);
    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);

    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/assignments/${reading.id}/grade`);
    await expectScreen(page, DEMO.course.name, `Grade ${reading.name} · ${DEMO.course.name}`);
    await page.getByRole('heading', { level: 3, name: first!.name }).waitFor();
    const grade = page.getByRole('textbox', { name: 'Grade' });
    await grade.fill('8');
    await grade.press('Enter');
    await page.getByRole('textbox', { name: 'Comment' }).fill('Graded on the train.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('list', { name: 'Comments' }).getByText('Graded on the train.').waitFor(UI_WAIT);
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline.* · 2 changes waiting$/);
    const waiting = page.getByRole('status').filter({ hasText: /^Saved on this computer, waiting to sync$/ });
    await expect.poll(() => waiting.count(), SYNC).toBe(2);

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved$/ }).count(), SYNC).toBe(2);
    const onHubNow = await rig.onHub<HubSubmission>(`/api/v1/courses/${rig.courseId}/assignments/${reading.id}/submissions/${studentId}?include[]=submission_comments`);
    expect(onHubNow.score).toBe(8);
    expect(onHubNow.submission_comments.filter((c) => c.comment === 'Graded on the train.')).toHaveLength(1);
    await closeTab(page);
  });
});
