import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankAnswer, newQuestion, questionWriteOf, type QuestionDraft } from '../../src/renderer/src/features/quiz-authoring/question-drafts.ts';
import { createContentCourse, createQuiz, type ContentCourse } from '../helpers/content-fixtures.ts';
import { addQuestion, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Saved = { id: number; answers: Array<{ id: number; text: string; blank_id?: string; match_id?: number }> };

/**
 * The quiz editor's requests (features/quiz-authoring/question-drafts.ts), one per question type, as the server
 * takes them: accepted, and a student who answers as the teacher marked gets every point.
 */
describe('the quiz editor’s questions on the server', () => {
  let server: TestServer;
  let course: ContentCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'quiz-editor-requests-admin' });
    course = await createContentCourse(server, 'Quiz editor');
  });
  afterAll(() => server.stop());

  const drafts: Array<[QuestionDraft, (q: Saved) => unknown]> = [
    [{ ...newQuestion('multiple_choice_question'), text: 'Which?', answers: [blankAnswer({ text: 'Rain', correct: true }), blankAnswer({ text: 'Sand' })] }, (q) => q.answers[0]!.id],
    [{ ...newQuestion('true_false_question'), text: 'Ice floats.' }, (q) => q.answers[0]!.id],
    [
      { ...newQuestion('multiple_answers_question'), text: 'Which fall?', answers: [blankAnswer({ text: 'Rain', correct: true }), blankAnswer({ text: 'Snow', correct: true }), blankAnswer({ text: 'Sand' })] },
      (q) => [q.answers[0]!.id, q.answers[1]!.id],
    ],
    [{ ...newQuestion('short_answer_question'), text: 'Capital of France?', answers: [blankAnswer({ text: 'Paris' })] }, () => 'paris'],
    [{ ...newQuestion('numerical_question'), text: 'g?', answers: [blankAnswer({ first: '9.8', second: '0.1' })] }, () => 9.85],
    [{ ...newQuestion('fill_in_multiple_blanks_question'), text: 'Water boils at [t]', answers: [blankAnswer({ text: '100', blank: 't' })] }, () => ({ t: '100' })],
    [
      { ...newQuestion('multiple_dropdowns_question'), text: 'Ice is [s]', answers: [blankAnswer({ text: 'gas', blank: 's' }), blankAnswer({ text: 'solid', blank: 's', correct: true })] },
      (q) => ({ s: q.answers[1]!.id }),
    ],
    [
      { ...newQuestion('matching_question'), text: 'Match', answers: [blankAnswer({ text: 'Ice', right: 'solid' }), blankAnswer({ text: 'Steam', right: 'gas' })], distractors: 'plasma' },
      (q) => q.answers.map((a) => ({ answer_id: a.id, match_id: a.match_id })),
    ],
  ];

  it('every type with answers is accepted and scores full marks (a point each) for the answers the teacher marked right', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { published: true, title: 'Every type' });
    const answers: Array<{ id: number; answer: unknown }> = [];
    for (const [index, [draft, rightAnswer]] of drafts.entries()) {
      const write = questionWriteOf(draft, index + 1);
      if (typeof write === 'string') throw new Error(write);
      const saved = (await addQuestion(server, course, quiz.id, { ...write })) as unknown as Saved;
      answers.push({ id: saved.id, answer: rightAnswer(saved) });
    }
    const done = await takeQuiz(server, course.student.token, course.id, quiz.id, answers);
    expect(done).toMatchObject({ workflow_state: 'complete', score: drafts.length });
  });
});
