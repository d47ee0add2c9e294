import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createContentCourse, createQuiz, type ContentCourse } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { addQuestion, startAttempt } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Answer = { id: number; text: string; weight: number; match_id?: number; blank_id?: string };
type Question = { id: number; answers: Answer[]; matches?: Array<{ match_id: number; text: string }>; [k: string]: unknown };

describe('quiz questions and groups API', () => {
  let server: TestServer;
  let course: ContentCourse;
  const quizPath = (id: number) => `/api/v1/courses/${course.id}/quizzes/${id}`;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'quiz-questions-admin' });
    course = await createContentCourse(server, 'Quiz questions');
  });
  afterAll(() => server.stop());

  it('creates questions in Canvas’s request form and answers in its response form; the quiz and its assignment are worth their points', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Capitals', points_possible: 50, published: true });
    const q = (await addQuestion(server, course, quiz.id, {
      question_name: 'France',
      question_text: '<p>Capital?</p><script>alert(1)</script>',
      question_type: 'multiple_choice_question',
      points_possible: 3,
      answers: [{ answer_text: 'Paris', answer_weight: 100, answer_comments: 'Yes' }, { answer_text: 'Lyon', answer_weight: 0 }],
    })) as unknown as Question;
    expect(q).toMatchObject({ quiz_id: quiz.id, question_name: 'France', question_type: 'multiple_choice_question', points_possible: 3, position: 1 });
    expect(q.question_text).toBe('<p>Capital?</p>');
    expect(q.answers.map((a) => [a.text, a.weight])).toEqual([['Paris', 100], ['Lyon', 0]]);
    expect(q.answers[0]).toMatchObject({ comments: 'Yes' });
    await addQuestion(server, course, quiz.id, { question_type: 'essay_question', points_possible: 5 });
    await addQuestion(server, course, quiz.id, { question_type: 'text_only_question', points_possible: 9 });

    const after = (await api(server, course.teacher.token, 'GET', quizPath(quiz.id))).json as Record<string, unknown>;
    expect(after).toMatchObject({ points_possible: 8, question_count: 3 });
    expect(after.question_types).toEqual(['essay_question', 'multiple_choice_question', 'text_only_question']);
    const assignment = await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/assignments/${after.assignment_id as number}`);
    expect(assignment.json).toMatchObject({ points_possible: 8 });
    // The quiz sits in its assignment's group (the gradebook's columns and totals come from there).
    expect(after.assignment_group_id).toBe((assignment.json as { assignment_group_id: number }).assignment_group_id);
    expect(after.assignment_group_id).toEqual(expect.any(Number));
    // Once there are questions, the quiz is worth theirs: a PUT of points_possible is ignored, as in Canvas.
    expect((await api(server, course.teacher.token, 'PUT', quizPath(quiz.id), { quiz: { points_possible: 99 } })).json).toMatchObject({ points_possible: 8 });

    const list = await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/questions`);
    expect((list.json as Question[]).map((x) => x.question_type)).toEqual(['multiple_choice_question', 'essay_question', 'text_only_question']);
    expect((await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/questions/${q.id}`)).json).toMatchObject({ id: q.id, points_possible: 3 });
  });

  it('matching questions: form-encoded answers, right sides listed with distractors, ids that do not give the pairs away', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Match' });
    const body = new URLSearchParams({
      'question[question_type]': 'matching_question',
      'question[points_possible]': '4',
      'question[answers][0][answer_match_left]': 'dog',
      'question[answers][0][answer_match_right]': 'bark',
      'question[answers][1][answer_match_left]': 'cat',
      'question[answers][1][answer_match_right]': 'meow',
      'question[matching_answer_incorrect_matches]': 'moo\nquack',
    }).toString();
    const res = await formApi(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/questions`, body);
    expect(res.status).toBe(200);
    const q = res.json as Question;
    expect(q.answers.map((a) => [a.text, (a as unknown as { right: string }).right])).toEqual([['dog', 'bark'], ['cat', 'meow']]);
    expect(q.matches!.map((m) => m.text).sort()).toEqual(['bark', 'meow', 'moo', 'quack']);
    const byText = new Map(q.matches!.map((m) => [m.text, m.match_id]));
    expect(q.answers.map((a) => a.match_id)).toEqual([byText.get('bark'), byText.get('meow')]);
    expect(q.matching_answer_incorrect_matches).toBe('moo\nquack');
  });

  it('numerical and blanks questions keep their type’s fields; updates replace answers; deletes answer 204', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Mixed' });
    const num = (await addQuestion(server, course, quiz.id, {
      question_type: 'numerical_question',
      points_possible: 2,
      answers: [
        { numerical_answer_type: 'exact_answer', exact: 3.14, margin: 0.01 },
        { numerical_answer_type: 'range_answer', start: 1, end: 2 },
        { numerical_answer_type: 'precision_answer', approximate: 2.718, precision: 2 },
      ],
    })) as unknown as Question;
    expect(num.answers).toMatchObject([
      { numerical_answer_type: 'exact_answer', exact: 3.14, margin: 0.01 },
      { numerical_answer_type: 'range_answer', start: 1, end: 2 },
      { numerical_answer_type: 'precision_answer', approximate: 2.718, precision: 2 },
    ]);
    const blanks = (await addQuestion(server, course, quiz.id, {
      question_type: 'fill_in_multiple_blanks_question',
      question_text: 'Roses are [color1]',
      answers: [{ answer_text: 'red', answer_weight: 100, blank_id: 'color1' }],
    })) as unknown as Question;
    expect(blanks.answers[0]).toMatchObject({ text: 'red', weight: 100, blank_id: 'color1' });

    const updated = await api(server, course.teacher.token, 'PUT', `${quizPath(quiz.id)}/questions/${num.id}`, {
      question: { points_possible: 5, answers: [{ numerical_answer_type: 'exact_answer', exact: 10 }] },
    });
    expect(updated.json).toMatchObject({ points_possible: 5, answers: [{ exact: 10, margin: 0 }] });
    expect((await api(server, course.teacher.token, 'GET', quizPath(quiz.id))).json).toMatchObject({ points_possible: 5, question_count: 2 });

    expect((await api(server, course.teacher.token, 'DELETE', `${quizPath(quiz.id)}/questions/${num.id}`)).status).toBe(204);
    expect((await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/questions/${num.id}`)).status).toBe(404);
    expect((await api(server, course.teacher.token, 'GET', quizPath(quiz.id))).json).toMatchObject({ points_possible: 0, question_count: 1 });
  });

  it('groups draw pick_count questions at question_points; deleting one keeps its questions', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Pool' });
    const created = await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/groups`, { quiz_groups: [{ name: 'Pool A', pick_count: 2, question_points: 3 }] });
    expect(created.status).toBe(200);
    const group = (created.json as { quiz_groups: Array<{ id: number }> }).quiz_groups[0]!;
    expect(group).toMatchObject({ name: 'Pool A', pick_count: 2, question_points: 3, quiz_id: quiz.id });
    for (let i = 0; i < 3; i++) {
      await addQuestion(server, course, quiz.id, { quiz_group_id: group.id, points_possible: 10, answers: [{ answer_text: 'x', answer_weight: 100 }] });
    }
    await addQuestion(server, course, quiz.id, { points_possible: 1, answers: [{ answer_text: 'y', answer_weight: 100 }] });
    expect((await api(server, course.teacher.token, 'GET', quizPath(quiz.id))).json).toMatchObject({ points_possible: 7, question_count: 3 });

    const put = await api(server, course.teacher.token, 'PUT', `${quizPath(quiz.id)}/groups/${group.id}`, { quiz_groups: [{ pick_count: 3 }] });
    expect((put.json as { quiz_groups: unknown[] }).quiz_groups[0]).toMatchObject({ pick_count: 3, question_points: 3 });
    expect((await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/groups/${group.id}`)).json).toMatchObject({ name: 'Pool A', pick_count: 3 });
    expect((await api(server, course.teacher.token, 'GET', quizPath(quiz.id))).json).toMatchObject({ points_possible: 10, question_count: 4 });

    expect((await api(server, course.teacher.token, 'DELETE', `${quizPath(quiz.id)}/groups/${group.id}`)).status).toBe(204);
    expect((await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/groups/${group.id}`)).status).toBe(404);
    const questions = (await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/questions`)).json as Question[];
    expect(questions.map((q) => q.quiz_group_id)).toEqual([null, null, null, null]);
    expect((await api(server, course.teacher.token, 'GET', quizPath(quiz.id))).json).toMatchObject({ points_possible: 31, question_count: 4 });
  });

  it('reorders questions and groups in one sequence; an attempt draws them in that order', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Order', published: true });
    const [q1, q2] = [await addQuestion(server, course, quiz.id, { question_name: 'one' }), await addQuestion(server, course, quiz.id, { question_name: 'two' })];
    const group = ((await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/groups`, { quiz_groups: [{ name: 'G', pick_count: 1 }] })).json as { quiz_groups: Array<{ id: number }> }).quiz_groups[0]!;
    await addQuestion(server, course, quiz.id, { question_name: 'in group', quiz_group_id: group.id });
    const res = await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/reorder`, { order: [{ id: group.id, type: 'group' }, { id: q2.id }] });
    expect(res.status).toBe(204);
    expect((await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/groups/${group.id}`)).json).toMatchObject({ position: 1 });
    const list = (await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/questions`)).json as Question[];
    expect(Object.fromEntries(list.map((q) => [q.question_name, q.position]))).toMatchObject({ two: 2, one: 3 });
    expect((await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/reorder`, { order: [{ id: q1.id, type: 'group' }] })).status).toBe(400);
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id);
    const drawn = (await api(server, course.student.token, 'GET', `/api/v1/quiz_submissions/${attempt.id}/questions?include[]=quiz_question`)).json as { quiz_submission_questions: Array<{ quiz_question: { question_name: string } }> };
    expect(drawn.quiz_submission_questions.map((q) => q.quiz_question.question_name)).toEqual(['in group', 'two', 'one']);
  });

  it('students and outsiders never reach questions (401), tokens are required, bad input is a 400 that writes nothing', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Secret', published: true });
    const q = await addQuestion(server, course, quiz.id, { points_possible: 1, answers: [{ answer_text: 'right', answer_weight: 100 }] });
    for (const [method, path] of [
      ['GET', `${quizPath(quiz.id)}/questions`],
      ['GET', `${quizPath(quiz.id)}/questions/${q.id}`],
      ['POST', `${quizPath(quiz.id)}/questions`],
      ['PUT', `${quizPath(quiz.id)}/questions/${q.id}`],
      ['DELETE', `${quizPath(quiz.id)}/questions/${q.id}`],
      ['POST', `${quizPath(quiz.id)}/groups`],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : path.endsWith('groups') ? { quiz_groups: [{ name: 'x' }] } : {};
      expectUnauthorized(await api(server, course.student.token, method, path, body), `${method} ${path}`);
      expectUnauthorized(await api(server, course.outsider.token, method, path, body), `${method} ${path}`);
      expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
    }
    for (const [question, field] of [
      [{ question_type: 'riddle_question' }, 'question_type'],
      [{ question_type: 'fill_in_multiple_blanks_question', answers: [{ answer_text: 'red', answer_weight: 100 }] }, 'answers'],
      [{ question_type: 'numerical_question', answers: [{ numerical_answer_type: 'range_answer', start: 5 }] }, 'answers'],
      [{ quiz_group_id: 999999 }, 'quiz_group_id'],
      [{ points_possible: -1 }, 'points_possible'],
    ] as const) {
      const res = await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/questions`, { question });
      expect(res.status, JSON.stringify(question)).toBe(400);
      expect(JSON.stringify(res.json), JSON.stringify(question)).toContain(field);
    }
    expect(((await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/questions`)).json as unknown[]).length).toBe(1);
    expect((await api(server, course.teacher.token, 'GET', `${quizPath(999999)}/questions`)).status).toBe(404);
  });
});
