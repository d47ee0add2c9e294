import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { PollSession } from '../../src/contracts/poll-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createChoice, createPoll, createSession, type Json } from '../helpers/poll-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

const QUESTION = 'Which gas do plants take in?';

/** A student answers a poll the teacher opened (seeded through the API); the teacher closes it from the UI; results show once published. */
describe('the Polls section', () => {
  const rig = new UiDemoRig();
  let poll: Json;
  let session: Json;
  let carbonDioxide: Json;

  beforeAll(async () => {
    await rig.start();
    const { server, teacher, courseId } = rig.demo;
    poll = await createPoll(server, teacher.token, { question: QUESTION });
    await createChoice(server, teacher.token, poll.id, { text: 'Oxygen', position: 1 });
    carbonDioxide = await createChoice(server, teacher.token, poll.id, { text: 'Carbon dioxide', position: 2, is_correct: true });
    session = await createSession(server, teacher.token, poll.id, { course_id: courseId });
    expect((await api(server, teacher.token, 'GET', sessionPath('open'))).status).toBe(200);
  });
  afterAll(() => rig.stop());

  const sessionPath = (action = '') => `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}${action && `/${action}`}`;
  const teacherSees = async () => ((await api(rig.demo.server, rig.demo.teacher.token, 'GET', sessionPath())).json as { poll_sessions: PollSession[] }).poll_sessions[0]!;
  const pollCard = (page: Page) => page.getByRole('list', { name: 'Polls' }).getByRole('listitem').filter({ hasText: QUESTION });

  async function openPolls(page: Page) {
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Polls' }).click();
    await expectScreen(page, DEMO.course.name, `Polls · ${DEMO.course.name}`);
  }

  it('the student picks a choice in the question’s radio group and submits; the answer is recorded once', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openPolls(page);

    const choices = pollCard(page).getByRole('radiogroup', { name: QUESTION });
    // One radio per choice, in the choices' positions; each is named by its label (checked by name below).
    expect(await choices.getByRole('radio').count()).toBe(2);
    expect(await choices.locator('label').allTextContents()).toEqual(['Oxygen', 'Carbon dioxide']);
    expect(await pollCard(page).getByRole('button', { name: 'Submit answer' }).isDisabled()).toBe(true);
    await choices.getByRole('radio', { name: 'Carbon dioxide' }).check();
    await expectNoAxeViolations(page);
    await pollCard(page).getByRole('button', { name: 'Submit answer' }).click();

    await pollCard(page).getByText('Your answer: Carbon dioxide').waitFor(UI_WAIT);
    expect(await pollCard(page).getByRole('radiogroup').count()).toBe(0);
    // Results are the teacher's until published: the student sees none yet.
    expect(await pollCard(page).getByRole('table').count()).toBe(0);

    const seen = await teacherSees();
    expect(seen.poll_submissions).toEqual([
      expect.objectContaining({ user_id: String(rig.demo.student.id), poll_choice_id: String(carbonDioxide.id) }),
    ]);
    expect(seen.results).toEqual({ [String(carbonDioxide.id)]: 1 });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('the teacher sees the results at once and closes the session with Close {question}; the student then sees the published results', async () => {
    const teacherPage = await openTab(rig.browser);
    await signIn(teacherPage, rig.demo.server.url, rig.demo.teacher);
    await openPolls(teacherPage);
    const teacherResults = pollCard(teacherPage).getByRole('table', { name: `Results: ${QUESTION}` });
    await teacherResults.waitFor(UI_WAIT);
    expect(await teacherResults.getByRole('row').allTextContents()).toEqual(['ChoiceAnswers', 'Oxygen0', 'Carbon dioxide1']);
    expect(await pollCard(teacherPage).getByRole('radiogroup').count()).toBe(0);
    await expectNoAxeViolations(teacherPage);
    await pollCard(teacherPage).getByRole('button', { name: `Close ${QUESTION}` }).click();
    await pollCard(teacherPage).getByRole('button', { name: `Open ${QUESTION}` }).waitFor(UI_WAIT);
    expect((await teacherSees()).is_published).toBe(false);
    await closeTab(teacherPage);

    const { server, teacher } = rig.demo;
    expect((await api(server, teacher.token, 'PUT', sessionPath(), { poll_sessions: [{ has_public_results: true }] })).status).toBe(200);
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openPolls(page);
    const results = pollCard(page).getByRole('table', { name: `Results: ${QUESTION}` });
    await results.waitFor(UI_WAIT);
    expect(await results.getByRole('row').allTextContents()).toEqual(['ChoiceAnswers', 'Oxygen0', 'Carbon dioxide1']);
    expect(await pollCard(page).textContent()).toContain('Closed');
    expect(await pollCard(page).textContent()).toContain('Your answer: Carbon dioxide');
    expect(await pollCard(page).getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(page);
    await closeTab(page);
  });

  it('a student whose session closed before they answered is told so, with no form', async () => {
    const { server, teacher, courseId } = rig.demo;
    const late = await createPoll(server, teacher.token, { question: 'Favourite season?' });
    await createChoice(server, teacher.token, late.id, { text: 'Spring' });
    await createSession(server, teacher.token, late.id, { course_id: courseId });
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openPolls(page);
    const card = page.getByRole('list', { name: 'Polls' }).getByRole('listitem').filter({ hasText: 'Favourite season?' });
    await card.getByText('This poll closed before you answered.').waitFor(UI_WAIT);
    expect(await card.getByRole('radiogroup').count()).toBe(0);
    await closeTab(page);
  });
});
