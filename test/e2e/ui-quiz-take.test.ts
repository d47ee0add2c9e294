import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseModule } from '../../src/contracts/lms-dtos.ts';
import type { QuizSubmission } from '../../src/contracts/quiz-attempt-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createQuizWithQuestions } from '../helpers/quiz-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

const choices = (right: string[], wrong: string[]) => [
  ...right.map((answer_text) => ({ answer_text, answer_weight: 100 })),
  ...wrong.map((answer_text) => ({ answer_text, answer_weight: 0 })),
];

/** A timed graded quiz of five types, taken by a student, graded by the teacher, all by role and accessible name. */
describe('taking a quiz and grading the attempt', () => {
  const rig = new UiDemoRig();
  const title = 'Rivers and rain';
  let quizId = 0;
  let assignmentId = 0;

  beforeAll(async () => {
    await rig.start();
    const { server, teacher, courseId } = rig.demo;
    const { quiz } = await createQuizWithQuestions(
      server,
      { id: courseId, teacher },
      [
        { question_type: 'multiple_choice_question', points_possible: 2, question_text: '<p>Which process turns vapour into droplets?</p>', answers: choices(['Condensation'], ['Evaporation', 'Runoff']) },
        { question_type: 'multiple_answers_question', points_possible: 2, question_text: '<p>Which are greenhouse gases?</p>', answers: choices(['Carbon dioxide', 'Methane'], ['Nitrogen']) },
        { question_type: 'numerical_question', points_possible: 1, question_text: '<p>At how many °C does water boil at sea level?</p>', answers: [{ numerical_answer_type: 'exact_answer', exact: 100, margin: 0 }] },
        { question_type: 'essay_question', points_possible: 5, question_text: '<p>Explain the water cycle in a sentence.</p>' },
        { question_type: 'file_upload_question', points_possible: 2, question_text: '<p>Upload your rain gauge readings.</p>' },
      ],
      { title, quiz_type: 'assignment', time_limit: 30, allowed_attempts: 1 },
    );
    quizId = quiz.id;
    assignmentId = Number(quiz.assignment_id);
    // Students reach quizzes through modules: a published module holding the quiz.
    const course = `/api/v1/courses/${courseId}`;
    const module = (await api(server, teacher.token, 'POST', `${course}/modules`, { module: { name: 'Quizzes' } })).json as CourseModule;
    expect((await api(server, teacher.token, 'POST', `${course}/modules/${module.id}/items`, { module_item: { type: 'Quiz', content_id: quizId } })).status).toBe(200);
    expect((await api(server, teacher.token, 'PUT', `${course}/modules/${module.id}`, { module: { published: true } })).status).toBe(200);
  });
  afterAll(() => rig.stop());

  const question = (page: Page, n: number) => page.getByRole('group', { name: `Question ${n}`, exact: true });
  const savedAnswers = (page: Page) => page.getByRole('status').filter({ hasText: /^Answer saved$/ });

  async function attemptOf(id: number): Promise<QuizSubmission> {
    const res = await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/quizzes/${id}/submissions`);
    const mine = (res.json as { quiz_submissions: QuizSubmission[] }).quiz_submissions.find((s) => s.user_id === rig.demo.student.id);
    if (!mine) throw new Error('no attempt');
    return mine;
  }

  it('the student answers each type, reloads mid-attempt, submits; the teacher grades the essay; the student sees the score', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await page.getByRole('link', { name: title }).click();
    await expectScreen(page, DEMO.course.name, `${title} · ${DEMO.course.name}`);
    const rules = page.getByRole('definition');
    expect(await rules.allTextContents()).toEqual(expect.arrayContaining(['Graded quiz', '12 pts', '5', '30 minutes', '1', 'Shown after each attempt']));

    await page.getByRole('button', { name: 'Take the quiz' }).click();
    const timer = page.getByRole('status', { name: 'Time remaining' });
    await expect.poll(() => timer.textContent(), UI_WAIT).toMatch(/^Time remaining 0:(29|30):\d\d$/);
    await question(page, 1).getByRole('radio', { name: 'Condensation' }).check();
    await question(page, 2).getByRole('checkbox', { name: 'Carbon dioxide' }).check();
    await question(page, 2).getByRole('checkbox', { name: 'Methane' }).check();
    await question(page, 3).getByRole('textbox', { name: 'Your answer' }).fill('100');
    await question(page, 4).getByRole('textbox', { name: 'Your answer' }).click();
    await page.keyboard.type('Water evaporates, condenses and falls as rain.');
    await question(page, 4).getByRole('button', { name: 'Flag to come back to' }).click();
    // The file goes up through the quiz's assignment, as a submission file (decision 0118), then answers the question.
    await question(page, 5).getByLabel('File').setInputFiles({ name: 'gauge.txt', mimeType: 'text/plain', buffer: Buffer.from('Mon 4 mm\nTue 12 mm\n') });
    await question(page, 5).getByText('1 file given.').waitFor(UI_WAIT);
    await expect.poll(() => savedAnswers(page).count(), UI_WAIT).toBe(5);
    await expectNoAxeViolations(page);

    // A reload reads the attempt again from the server: every answer and the flag are still there.
    await page.reload();
    await expect.poll(() => question(page, 1).getByRole('radio', { name: 'Condensation' }).isChecked(), UI_WAIT).toBe(true);
    expect(await question(page, 2).getByRole('checkbox', { name: 'Methane' }).isChecked()).toBe(true);
    expect(await question(page, 2).getByRole('checkbox', { name: 'Nitrogen' }).isChecked()).toBe(false);
    expect(await question(page, 3).getByRole('textbox', { name: 'Your answer' }).inputValue()).toBe('100');
    await expect.poll(() => question(page, 4).getByRole('textbox', { name: 'Your answer' }).textContent(), UI_WAIT).toBe('Water evaporates, condenses and falls as rain.');
    expect(await question(page, 4).getByRole('button', { name: 'Flag to come back to' }).getAttribute('aria-pressed')).toBe('true');
    await question(page, 5).getByText('1 file given.').waitFor();

    await page.getByRole('button', { name: 'Submit quiz' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Submit this quiz?' });
    await confirm.getByText('Every question is answered. 1 question is flagged.').waitFor();
    await confirm.getByRole('button', { name: /^Submit/ }).click();
    await page.getByRole('status').filter({ hasText: 'Attempt 1: Waiting for grading' }).waitFor(UI_WAIT);
    await page.getByText('Score: 5 of 12. Kept score: 5.').waitFor();
    await page.getByText('You have no attempts left.').waitFor();
    await expectNoAxeViolations(page);
    expect(await attemptOf(quizId)).toMatchObject({ workflow_state: 'pending_review', score: 5, attempt: 1 });

    // The teacher finds the attempt from the quiz page and scores the essay.
    const teacher = await openTab(rig.browser);
    const teacherErrors = watchPageErrors(teacher);
    await signIn(teacher, rig.demo.server.url, rig.demo.teacher);
    await teacher.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/quizzes/${quizId}`);
    await expectScreen(teacher, DEMO.course.name, `${title} · ${DEMO.course.name}`);
    await teacher.getByRole('link', { name: 'Grade attempts' }).click();
    await expectScreen(teacher, DEMO.course.name, `Attempts · ${DEMO.course.name}`);
    await teacher.getByRole('table', { name: 'Attempts' }).getByRole('link', { name: rig.demo.student.name }).click();
    await expectScreen(teacher, DEMO.course.name, `Grade attempt · ${DEMO.course.name}`);
    expect(await teacher.getByRole('textbox', { name: /^Score for question [123]$/ }).count()).toBe(0);
    await teacher.getByRole('textbox', { name: 'Score for question 4' }).fill('4');
    await teacher.getByRole('textbox', { name: 'Comment on question 4' }).fill('Mention precipitation.');
    await teacher.getByRole('region', { name: 'Question 5' }).getByRole('button', { name: 'Download gauge.txt' }).waitFor(UI_WAIT);
    await teacher.getByRole('textbox', { name: 'Score for question 5' }).fill('2');
    await teacher.getByRole('button', { name: 'Save grades' }).click();
    await teacher.getByRole('status').filter({ hasText: 'Grades saved' }).waitFor(UI_WAIT);
    await teacher.getByRole('status').filter({ hasText: 'Graded. Score: 11 of 12.' }).waitFor(UI_WAIT);
    await expectNoAxeViolations(teacher);
    expect(await attemptOf(quizId)).toMatchObject({ workflow_state: 'complete', score: 11 });
    const grade = await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments/${assignmentId}/submissions/${rig.demo.student.id}`);
    expect(grade.json).toMatchObject({ score: 11, workflow_state: 'graded' });

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Attempt 1: Graded' }).waitFor(UI_WAIT);
    await page.getByText('Score: 11 of 12. Kept score: 11.').waitFor();
    await page.getByRole('region', { name: 'Question 4' }).getByText('Comment: Mention precipitation.').waitFor();
    expect(errors).toEqual([]);
    expect(teacherErrors).toEqual([]);
    await closeTab(teacher);
    await closeTab(page);
  });

  it('when the time runs out, the attempt ends with the answers saved and its result shows', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    // The quiz closes a few seconds from now: the attempt's end is then, sooner than its time limit.
    const { quiz } = await createQuizWithQuestions(
      rig.demo.server,
      { id: rig.demo.courseId, teacher: rig.demo.teacher },
      [{ question_type: 'true_false_question', points_possible: 1, question_text: '<p>Rain is fresh water.</p>', answers: choices(['True'], ['False']) }],
      { title: 'Closing soon', quiz_type: 'practice_quiz', time_limit: 30, lock_at: new Date(Date.now() + 8_000).toISOString() },
    );
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/quizzes/${quiz.id}`);
    await page.getByRole('button', { name: 'Take the quiz' }).click();
    await question(page, 1).getByRole('radio', { name: 'True' }).check();
    await expect.poll(() => savedAnswers(page).count(), UI_WAIT).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Attempt 1: Graded' }).waitFor(UI_WAIT);
    await page.getByText('Score: 1 of 1. Kept score: 1.').waitFor();
    expect(await attemptOf(quiz.id)).toMatchObject({ workflow_state: 'complete', score: 1 });
    expect(errors).toEqual([]);
    await closeTab(page);
  });
});
