import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { completeAttempt, createQuizWithQuestions, startAttempt, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Question = { id: number; answers: Array<{ id: number; text: string; match_id?: number; blank_id?: string }>; matches?: Array<{ match_id: number; text: string }> };
/** An answer built from the created question (its answer and match ids are the server's). */
type Case = [label: string, answer: (q: Question) => unknown, score: number];

const id = (q: Question, text: string) => q.answers.find((a) => a.text === text)!.id;
const match = (q: Question, text: string) => q.matches!.find((m) => m.text === text)!.match_id;

/** Each question type worth 4 points, and what each answer scores over HTTP, as Canvas scores it. */
const TABLE: Array<{ question: Record<string, unknown>; cases: Case[] }> = [
  {
    question: { question_type: 'true_false_question', answers: [{ answer_text: 'True', answer_weight: 100 }, { answer_text: 'False', answer_weight: 0 }] },
    cases: [['true: right', (q) => id(q, 'True'), 4], ['true: wrong', (q) => id(q, 'False'), 0], ['true: blank', () => null, 0], ['true: id as text', (q) => String(id(q, 'True')), 4]],
  },
  {
    question: { question_type: 'multiple_answers_question', answers: ['a', 'b', 'c', 'x', 'y'].map((t) => ({ answer_text: t, answer_weight: 'abc'.includes(t) ? 100 : 0 })) },
    cases: [
      ['many: all three', (q) => ['a', 'b', 'c'].map((t) => id(q, t)), 4],
      ['many: two', (q) => ['a', 'b'].map((t) => id(q, t)), 2.67],
      ['many: duplicates count once', (q) => ['a', 'a', 'a'].map((t) => id(q, t)), 1.33],
      ['many: three right, one wrong', (q) => ['a', 'b', 'c', 'x'].map((t) => id(q, t)), 2.67],
      ['many: wrong ones floor at 0', (q) => ['a', 'x', 'y'].map((t) => id(q, t)), 0],
    ],
  },
  {
    question: { question_type: 'short_answer_question', answers: [{ answer_text: 'Mitochondria' }, { answer_text: 'the mitochondria' }] },
    cases: [['short: case and spaces', () => '  mitochondria ', 4], ['short: other accepted', () => 'The Mitochondria', 4], ['short: wrong', () => 'nucleus', 0]],
  },
  {
    question: {
      question_type: 'fill_in_multiple_blanks_question',
      question_text: 'Roses are [c1], violets are [c2]',
      answers: [{ answer_text: 'red', answer_weight: 100, blank_id: 'c1' }, { answer_text: 'blue', answer_weight: 100, blank_id: 'c2' }, { answer_text: 'purple', answer_weight: 100, blank_id: 'c2' }],
    },
    cases: [['blanks: both', () => ({ c1: 'Red', c2: 'purple ' }), 4], ['blanks: one', () => ({ c1: 'red', c2: 'green' }), 2], ['blanks: one blank', () => ({ c1: '', c2: 'blue' }), 2]],
  },
  {
    question: {
      question_type: 'multiple_dropdowns_question',
      answers: [
        { answer_text: 'red', answer_weight: 100, blank_id: 'c1' }, { answer_text: 'green', answer_weight: 0, blank_id: 'c1' },
        { answer_text: 'blue', answer_weight: 100, blank_id: 'c2' }, { answer_text: 'black', answer_weight: 0, blank_id: 'c2' },
      ],
    },
    cases: [['dropdowns: both', (q) => ({ c1: id(q, 'red'), c2: id(q, 'blue') }), 4], ['dropdowns: one', (q) => ({ c1: id(q, 'green'), c2: id(q, 'blue') }), 2], ['dropdowns: swapped', (q) => ({ c1: id(q, 'blue'), c2: id(q, 'red') }), 0]],
  },
  {
    question: {
      question_type: 'matching_question',
      answers: [['1', 'one'], ['2', 'two'], ['3', 'three'], ['4', 'four']].map(([l, r]) => ({ answer_match_left: l, answer_match_right: r })),
      matching_answer_incorrect_matches: 'five',
    },
    cases: [
      ['matching: all', (q) => ['1', '2', '3', '4'].map((l, i) => ({ answer_id: id(q, l), match_id: match(q, ['one', 'two', 'three', 'four'][i]!) })), 4],
      ['matching: two right, one distractor', (q) => [{ answer_id: id(q, '1'), match_id: match(q, 'one') }, { answer_id: id(q, '2'), match_id: match(q, 'two') }, { answer_id: id(q, '3'), match_id: match(q, 'five') }], 2],
      ['matching: one side matched twice', (q) => [{ answer_id: id(q, '1'), match_id: match(q, 'one') }, { answer_id: id(q, '1'), match_id: match(q, 'one') }], 1],
    ],
  },
  {
    question: {
      question_type: 'numerical_question',
      answers: [
        { numerical_answer_type: 'exact_answer', exact: 9.81, margin: 0.05 },
        { numerical_answer_type: 'range_answer', start: -2, end: -1 },
        { numerical_answer_type: 'precision_answer', approximate: 0.000123456, precision: 3 },
      ],
    },
    cases: [
      ['numerical: in the margin', () => 9.85, 4], ['numerical: outside', () => 9.9, 0], ['numerical: as text', () => '9.8', 4],
      ['numerical: range', () => -1.5, 4], ['numerical: precision', () => 0.0001234, 4], ['numerical: precision off', () => 0.000124, 0],
    ],
  },
];

describe('automatic quiz scoring over HTTP', () => {
  let server: TestServer;
  let course: ContentCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'quiz-scoring-admin' });
    course = await createContentCourse(server, 'Quiz scoring');
  });
  afterAll(() => server.stop());

  for (const { question, cases } of TABLE) {
    it(`${question.question_type as string}: ${cases.map(([label]) => label.split(': ')[1]).join(', ')}`, async () => {
      const { quiz, questions } = await createQuizWithQuestions(server, course, [{ ...question, points_possible: 4 }], { allowed_attempts: -1, scoring_policy: 'keep_latest' });
      const q = questions[0] as unknown as Question;
      for (const [label, answer, score] of cases) {
        const done = await takeQuiz(server, course.student.token, course.id, quiz.id, [{ id: q.id, answer: answer(q) }]);
        expect(done.score, label).toBeCloseTo(score, 2);
        expect(done.workflow_state, label).toBe('complete');
      }
    });
  }

  it('takes form-encoded answers as Canvas clients send them', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [{ ...TABLE[3]!.question, points_possible: 4 }, { ...TABLE[1]!.question, points_possible: 4 }]);
    const [blanks, many] = questions as unknown as [Question, Question];
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id);
    const body = new URLSearchParams([
      ['attempt', '1'],
      ['validation_token', attempt.validation_token],
      ['quiz_questions[0][id]', String(blanks.id)],
      ['quiz_questions[0][answer][c1]', 'red'],
      ['quiz_questions[0][answer][c2]', 'blue'],
      ['quiz_questions[1][id]', String(many.id)],
      ['quiz_questions[1][answer][]', String(id(many, 'a'))],
      ['quiz_questions[1][answer][]', String(id(many, 'b'))],
      ['quiz_questions[1][answer][]', String(id(many, 'c'))],
    ]).toString();
    const res = await formApi(server, course.student.token, 'POST', `/api/v1/quiz_submissions/${attempt.id}/questions`, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await completeAttempt(server, course.student.token, course.id, quiz.id, attempt)).score).toBe(8);
  });
});
