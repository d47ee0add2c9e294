import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { PollSession } from '../../src/contracts/poll-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createChoice, createPoll, createSession, type Json } from '../helpers/poll-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

const QUESTION = 'Which gas do plants take in?';

/** A student answers a poll the teacher opened (seeded through the API), and sees the results once they are published. */
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
    // The radios are named by their labels, in the choices' positions.
    expect(await choices.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent))).toEqual([
      'Oxygen',
      'Carbon dioxide',
    ]);
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

  it('once the teacher closes the session and publishes its results, the student sees them with their answer', async () => {
    const { server, teacher } = rig.demo;
    expect((await api(server, teacher.token, 'GET', sessionPath('close'))).status).toBe(200);
    expect((await api(server, teacher.token, 'PUT', sessionPath(), { poll_sessions: [{ has_public_results: true }] })).status).toBe(200);

    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await openPolls(page);
    const results = pollCard(page).getByRole('table', { name: `Results: ${QUESTION}` });
    await results.waitFor(UI_WAIT);
    expect(await results.getByRole('row').allTextContents()).toEqual(['ChoiceAnswers', 'Oxygen0', 'Carbon dioxide1']);
    expect(await pollCard(page).textContent()).toContain('Closed');
    expect(await pollCard(page).textContent()).toContain('Your answer: Carbon dioxide');
    await expectNoAxeViolations(page);
    await closeTab(page);
  });

  it('teachers have no Polls section (they run polls through the API)', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await expectScreen(page, DEMO.course.name, `Modules · ${DEMO.course.name}`);
    expect(await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Polls' }).count()).toBe(0);
    await closeTab(page);
  });
});
