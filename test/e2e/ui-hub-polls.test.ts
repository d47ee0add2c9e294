import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { CourseUser } from '../../src/contracts/lms-dtos.ts';
import type { PollSession } from '../../src/contracts/poll-dtos.ts';
import { callOk, connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { closeTab, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

const QUESTION = 'Which layer of the atmosphere holds the ozone?';

/**
 * A student's device connected to a hub from the UI: a poll the teacher runs on the hub appears in the course's Polls
 * section on the device; the student answers it with the hub gone, and the answer reaches the hub when it is back.
 */
describe('polls on a device connected to a hub', () => {
  const rig = new HubRig();
  const student = DEMO.students[2]!;
  let teacherToken: string;
  let sessionPath: string;
  let studentId: number;

  beforeAll(async () => {
    await rig.start();
    const roster = await rig.onHub<CourseUser[]>(`/api/v1/courses/${rig.courseId}/users?per_page=100`);
    const teacherId = roster.find((u) => u.login_id === DEMO.teacher.login)!.id;
    studentId = roster.find((u) => u.login_id === student.login)!.id;
    ({ visible_token: teacherToken } = await callOk<{ visible_token: string }>(rig.hub.url, rig.adminToken, 'POST', `/api/v1/users/${teacherId}/tokens`, { token: { purpose: 'e2e' } }));
    const asTeacher = <T>(method: string, path: string, body?: unknown) => callOk<T>(rig.hub.url, teacherToken, method, path, body);
    const { polls } = await asTeacher<{ polls: { id: number }[] }>('POST', '/api/v1/polls', { polls: [{ question: QUESTION }] });
    const pollPath = `/api/v1/polls/${polls[0]!.id}`;
    for (const text of ['Troposphere', 'Stratosphere']) await asTeacher('POST', `${pollPath}/poll_choices`, { poll_choices: [{ text, is_correct: text === 'Stratosphere' }] });
    const { poll_sessions } = await asTeacher<{ poll_sessions: { id: string }[] }>('POST', `${pollPath}/poll_sessions`, { poll_sessions: [{ course_id: rig.courseId }] });
    sessionPath = `${pollPath}/poll_sessions/${poll_sessions[0]!.id}`;
    await asTeacher('GET', `${sessionPath}/open`);
  });
  afterAll(() => rig.stop());

  it('shows the hub’s poll on the device, takes the answer offline, and the teacher sees it on the hub once synced', { timeout: 240_000 }, async () => {
    const page = await openTab(rig.browser);
    await connectToHub(page, rig.device.url, rig.hub.url, student);
    await page.goto(`${rig.device.url}/#/courses/${rig.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Polls' }).click();
    await expectScreen(page, DEMO.course.name, `Polls · ${DEMO.course.name}`);
    const card = page.getByRole('list', { name: 'Polls' }).getByRole('listitem').filter({ hasText: QUESTION });
    const choices = card.getByRole('radiogroup', { name: QUESTION });
    await choices.waitFor(UI_WAIT);
    expect(await choices.locator('label').allTextContents()).toEqual(['Troposphere', 'Stratosphere']);

    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);
    await choices.getByRole('radio', { name: 'Stratosphere' }).check();
    await card.getByRole('button', { name: 'Submit answer' }).click();
    await card.getByText('Your answer: Stratosphere').waitFor(UI_WAIT);
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline.* · 1 change waiting$/);

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    const [onHub] = (await callOk<{ poll_sessions: PollSession[] }>(rig.hub.url, teacherToken, 'GET', sessionPath)).poll_sessions;
    expect(onHub!.poll_submissions).toEqual([expect.objectContaining({ user_id: String(studentId) })]);
    expect(Object.values(onHub!.results ?? {})).toEqual([1]);
    await closeTab(page);
  });
});
