import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quiz, QuizQuestion } from '../../src/contracts/quiz-authoring-dtos.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createQuizWithQuestions, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectNoAxeViolations, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';

describe('the teacher writes a quiz, publishes it and reads how the class answered', () => {
  const rig = new UiDemoRig();
  const course = DEMO.course.name;
  const title = 'Water cycle check';

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  const quizNamed = async (name: string) =>
    ((await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/quizzes?per_page=100`)).json as Quiz[]).find((q) => q.title === name);

  it('by role and name: settings, two questions of different types kept through a reload, Save quiz, Publish, the list, and the statistics after an attempt', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/modules`);
    await page.getByRole('navigation', { name: 'Course sections' }).getByRole('link', { name: 'Quizzes' }).click();
    await expectScreen(page, course, `Quizzes · ${course}`);
    await page.getByRole('link', { name: DEMO.quizzes[0]!.title, exact: true }).waitFor(UI_WAIT);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'New quiz' }).click();
    await expectScreen(page, course, `New quiz · ${course}`);

    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Time limit (minutes)' }).fill('20');
    await page.getByRole('textbox', { name: 'Allowed attempts' }).fill('2');
    await page.getByRole('button', { name: 'Add question' }).click();
    expect(await page.getByRole('combobox', { name: 'Question type' }).inputValue()).toBe('multiple_choice_question');
    await page.getByRole('textbox', { name: 'Question text' }).fill('Which step lifts water into the air?');
    await page.getByRole('textbox', { name: 'Points' }).fill('2');
    await page.getByRole('textbox', { name: 'Answer 1', exact: true }).fill('Evaporation');
    await page.getByRole('textbox', { name: 'Answer 2', exact: true }).fill('Erosion');
    // Done refuses a choice question with no correct answer, and says why.
    await page.getByRole('button', { name: 'Done with question 1' }).click();
    await page.getByRole('alert').filter({ hasText: 'Mark the one correct answer.' }).waitFor(UI_WAIT);
    await page.getByRole('radio', { name: 'Answer 1 is correct' }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Done with question 1' }).click();

    // A reload keeps the work as a draft, offered back.
    await page.reload();
    await expectScreen(page, course, `New quiz · ${course}`);
    await page.getByRole('button', { name: 'Restore draft' }).click();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(title);
    await page.getByRole('button', { name: 'Edit question 1' }).waitFor(UI_WAIT);

    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByRole('combobox', { name: 'Question type' }).selectOption({ label: 'Fill in the blank' });
    await page.getByRole('textbox', { name: 'Question text' }).fill('Water vapour cooling into droplets is called…');
    await page.getByRole('textbox', { name: 'Accepted answer 1' }).fill('condensation');
    await page.getByRole('button', { name: 'Done with question 2' }).click();
    await page.getByRole('button', { name: 'Save quiz' }).click();
    await expectScreen(page, course, `Edit ${title} · ${course}`);
    await page.getByRole('status').filter({ hasText: 'Quiz saved.' }).waitFor(UI_WAIT);
    await expectNoAxeViolations(page);

    const saved = (await quizNamed(title))!;
    expect(saved).toMatchObject({ time_limit: 20, allowed_attempts: 2, published: false, question_count: 2, points_possible: 3, quiz_type: 'assignment' });
    const questions = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/quizzes/${saved.id}/questions`)).json as QuizQuestion[];
    expect(questions.map((q) => [q.question_type, q.points_possible, q.answers.map((a) => [a.text, a.weight])])).toEqual([
      ['multiple_choice_question', 2, [['Evaporation', 100], ['Erosion', 0]]],
      ['short_answer_question', 1, [['condensation', 100]]],
    ]);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expectScreen(page, course, `Quizzes · ${course}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await row.waitFor(UI_WAIT);
    expect(await row.getByRole('checkbox', { name: 'Published' }).isChecked()).toBe(true);
    expect((await quizNamed(title))?.published).toBe(true);

    // A student's attempt, made through the API, shows in the statistics.
    const [evaporation] = questions[0]!.answers;
    await takeQuiz(rig.demo.server, rig.demo.student.token, rig.demo.courseId, saved.id, [
      { id: questions[0]!.id, answer: evaporation!.id },
      { id: questions[1]!.id, answer: 'Condensation' },
    ]);
    await page.getByRole('link', { name: `Statistics for ${title}` }).click();
    await expectScreen(page, course, `Statistics: ${title} · ${course}`);
    const answers = page.getByRole('table', { name: 'Answers to question 1' });
    await answers.waitFor(UI_WAIT);
    expect(await answers.getByRole('row', { name: /Evaporation/u }).getByRole('cell').allTextContents()).toEqual(['Yes', '1']);
    expect(await answers.getByRole('row', { name: /Erosion/u }).getByRole('cell').allTextContents()).toEqual(['No', '0']);
    expect(await page.getByRole('table', { name: 'Summary' }).getByRole('row', { name: /Students who finished/u }).getByRole('cell').textContent()).toBe('1');
    expect(await page.getByRole('figure', { name: 'Answers to question 1' }).getByText('1 student', { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('edits a saved quiz: its questions open as saved, one changed and one deleted reach the API on Save quiz', async () => {
    const teacher = { id: rig.demo.courseId, teacher: rig.demo.teacher };
    const { quiz } = await createQuizWithQuestions(rig.demo.server, teacher, [
      { question_type: 'numerical_question', question_text: '<p>g in m/s²?</p>', points_possible: 1, answers: [{ numerical_answer_type: 'exact_answer', exact: 9.8, margin: 0.1 }] },
      { question_type: 'essay_question', question_text: '<p>Explain gravity.</p>', points_possible: 3 },
    ], { title: 'Gravity' });
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/quizzes`);
    await page.getByRole('link', { name: 'Edit Gravity' }).click();
    await expectScreen(page, course, `Edit Gravity · ${course}`);
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    expect(await page.getByRole('textbox', { name: 'Question text' }).inputValue()).toBe('g in m/s²?');
    expect(await page.getByRole('textbox', { name: 'Answer 1: value' }).inputValue()).toBe('9.8');
    await page.getByRole('textbox', { name: 'Answer 1: margin of error' }).fill('0.2');
    await page.getByRole('button', { name: 'Done with question 1' }).click();
    await page.getByRole('button', { name: 'Delete question 2' }).click();
    await page.getByRole('button', { name: 'Save quiz' }).click();
    await page.getByRole('status').filter({ hasText: 'Quiz saved.' }).waitFor(UI_WAIT);
    const questions = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/quizzes/${quiz.id}/questions`)).json as QuizQuestion[];
    expect(questions.map((q) => [q.question_type, q.answers.map((a) => [a.exact, a.margin])])).toEqual([['numerical_question', [[9.8, 0.2]]]]);
    expect((await quizNamed('Gravity'))?.points_possible).toBe(1);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('a student sees the published quizzes only, without the teacher’s controls', async () => {
    const hidden = (await api(rig.demo.server, rig.demo.teacher.token, 'POST', `/api/v1/courses/${rig.demo.courseId}/quizzes`, { quiz: { title: 'Draft quiz' } })).json as Quiz;
    expect(hidden.published).toBe(false);
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/quizzes`);
    await expectScreen(page, course, `Quizzes · ${course}`);
    await page.getByRole('link', { name: DEMO.quizzes[0]!.title, exact: true }).waitFor(UI_WAIT);
    expect(await page.getByRole('link', { name: 'Draft quiz' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New quiz' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await expectNoAxeViolations(page);
    await closeTab(page);
  });
});
