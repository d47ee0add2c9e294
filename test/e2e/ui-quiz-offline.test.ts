import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quiz, QuizSubmission } from '../../src/contracts/quiz-attempt-dtos.ts';
import type { CourseUser } from '../../src/contracts/lms-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { callOk, connectToHub, HubRig, SYNC, syncStatus } from '../helpers/ui-hub.ts';
import { watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

const choice = (text: string, points: number, right: string, wrong: string) => ({
  question_type: 'multiple_choice_question',
  points_possible: points,
  question_text: `<p>${text}</p>`,
  answers: [
    { answer_text: right, answer_weight: 100 },
    { answer_text: wrong, answer_weight: 0 },
  ],
});

/**
 * Issue 28 offline, in the browser: a student's device connected to a hub (a second process with the demo course);
 * with the hub stopped the student takes a quiz on the device, each answer saved on this computer, the attempt
 * waiting to sync, the tab closed and opened again mid-attempt with nothing lost, then turned in; once the hub is
 * back it scores the attempt and the quiz page shows the hub's score (the attempt under the hub's id, found by quiz).
 */
describe('taking a quiz on a device while its hub is down', () => {
  const rig = new HubRig();
  const student = DEMO.students[2]!;
  const title = DEMO.quizzes[0]!.title;
  let quiz: Quiz;

  beforeAll(async () => {
    await rig.start();
    const quizzes = await rig.onHub<Quiz[]>(`/api/v1/courses/${rig.courseId}/quizzes?per_page=100`);
    quiz = quizzes.find((q) => q.title === title)!;
    for (const question of [choice('Which process turns vapour into droplets?', 2, 'Condensation', 'Evaporation'), choice('What falls from clouds?', 3, 'Precipitation', 'Transpiration')]) {
      await callOk(rig.hub.url, rig.adminToken, 'POST', `/api/v1/courses/${rig.courseId}/quizzes/${quiz.id}/questions`, { question });
    }
  });
  afterAll(() => rig.stop());

  const question = (page: Page, n: number) => page.getByRole('group', { name: `Question ${n}`, exact: true });
  const savedHere = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved on this computer$/ });
  const waiting = (page: Page) => page.getByRole('status').filter({ hasText: /^Waiting to sync · / });

  it('keeps every answer on the device, then shows the hub’s score', { timeout: 300_000 }, async () => {
    const roster = await rig.onHub<CourseUser[]>(`/api/v1/courses/${rig.courseId}/users?per_page=100`);
    const studentId = roster.find((u) => u.login_id === student.login)!.id;
    let page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await connectToHub(page, rig.device.url, rig.hub.url, student);
    const quizUrl = `${rig.device.url}/#/courses/${rig.courseId}/quizzes/${quiz.id}`;
    await page.goto(quizUrl);
    await expectScreen(page, DEMO.course.name, `${title} · ${DEMO.course.name}`);
    await page.getByRole('button', { name: 'Take the quiz' }).waitFor(SYNC);

    await rig.hub.stop();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Offline/);

    await page.getByRole('button', { name: 'Take the quiz' }).click();
    await question(page, 1).getByRole('radio', { name: 'Condensation' }).check();
    await question(page, 2).getByRole('radio', { name: 'Transpiration' }).check();
    await expect.poll(() => savedHere(page).count(), UI_WAIT).toBe(2);
    await expect.poll(() => waiting(page).textContent(), UI_WAIT).toMatch(/^Waiting to sync · your answers are saved on this computer/);
    await expectNoAxeViolations(page);

    // The tab closed mid-attempt and opened again: the device's server has every answer.
    const context = page.context();
    await page.close();
    page = await context.newPage();
    const reopenedErrors = watchPageErrors(page);
    await page.goto(quizUrl);
    await page.getByRole('link', { name: 'Resume quiz' }).click();
    await expect.poll(() => question(page, 1).getByRole('radio', { name: 'Condensation' }).isChecked(), UI_WAIT).toBe(true);
    expect(await question(page, 2).getByRole('radio', { name: 'Transpiration' }).isChecked()).toBe(true);
    await waiting(page).waitFor(UI_WAIT);

    await page.getByRole('button', { name: 'Submit quiz' }).click();
    await page.getByRole('alertdialog', { name: 'Submit this quiz?' }).getByRole('button', { name: /^Submit/ }).click();
    await expect.poll(() => waiting(page).textContent(), UI_WAIT).toMatch(/^Waiting to sync · turned in on this computer /);
    await expectNoAxeViolations(page);

    rig.hub = await rig.startHub();
    await expect.poll(() => syncStatus(page).textContent(), SYNC).toMatch(/^Synced[^·]*$/);
    // The hub scored the turn-in; its copy replaced the device's and the page found it by quiz.
    await page.getByText('Score: 2 of 5. Kept score: 2.').waitFor(SYNC);
    await page.getByRole('status').filter({ hasText: 'Attempt 1: Graded' }).waitFor();
    expect(await waiting(page).count()).toBe(0);
    await expectNoAxeViolations(page);

    const onTheHub = await rig.onHub<{ quiz_submissions: QuizSubmission[] }>(`/api/v1/courses/${rig.courseId}/quizzes/${quiz.id}/submissions`);
    expect(onTheHub.quiz_submissions.filter((s) => s.user_id === studentId).map((s) => [s.attempt, s.workflow_state, s.score])).toEqual([[1, 'complete', 2]]);
    expect([...errors, ...reopenedErrors]).toEqual([]);
    await closeTab(page);
  });
});
