import { describe, expect, it } from 'vitest';
import { blankAnswer, blanksIn, newQuestion, questionWriteOf, withType, type QuestionDraft } from '../../../src/renderer/src/features/quiz-authoring/question-drafts.ts';
import { quizSaveOf, type QuizFormValues } from '../../../src/renderer/src/features/quiz-authoring/quiz-form-values.ts';

/** What the quiz editor sends for each question type, and what it asks to put right first. */
describe('quiz editor requests', () => {
  const draft = (fields: Partial<QuestionDraft>): QuestionDraft => ({ ...newQuestion(fields.type), text: 'Why?', points: '2', ...fields });

  it('choices: weights from the marks; one correct for multiple choice, at least one for multiple answers', () => {
    const mc = draft({ answers: [blankAnswer({ text: 'Rain', correct: true }), blankAnswer({ text: ' Sand ' })] });
    expect(questionWriteOf(mc, 3)).toEqual({
      question_name: 'Question 3',
      question_type: 'multiple_choice_question',
      question_text: '<p>Why?</p>',
      points_possible: 2,
      answers: [{ answer_text: 'Rain', answer_weight: 100 }, { answer_text: 'Sand', answer_weight: 0 }],
    });
    expect(questionWriteOf({ ...mc, answers: mc.answers.map((a) => ({ ...a, correct: false })) }, 1)).toBe('Mark the one correct answer.');
    expect(questionWriteOf({ ...mc, answers: [...mc.answers, blankAnswer()] }, 1)).toBe('Give every answer some text.');
    const ma = withType(mc, 'multiple_answers_question');
    expect(ma.answers).toBe(mc.answers);
    expect(questionWriteOf({ ...ma, answers: ma.answers.map((a) => ({ ...a, correct: true })) }, 1)).toMatchObject({ answers: [{ answer_weight: 100 }, { answer_weight: 100 }] });
    expect(questionWriteOf({ ...ma, answers: ma.answers.map((a) => ({ ...a, correct: false })) }, 1)).toBe('Mark at least one correct answer.');
  });

  it('true/false keeps Canvas’s two texts; short answers are all accepted; text-only is worth nothing', () => {
    expect(questionWriteOf(draft({ type: 'true_false_question' }), 1)).toMatchObject({ answers: [{ answer_text: 'True', answer_weight: 100 }, { answer_text: 'False', answer_weight: 0 }] });
    const short = draft({ type: 'short_answer_question', answers: [blankAnswer({ text: 'Paris' }), blankAnswer()] });
    expect(questionWriteOf(short, 1)).toMatchObject({ answers: [{ answer_text: 'Paris', answer_weight: 100 }] });
    expect(questionWriteOf({ ...short, answers: [] }, 1)).toBe('Give at least one accepted answer.');
    expect(questionWriteOf(draft({ type: 'text_only_question', points: '5' }), 1)).toMatchObject({ points_possible: 0, answers: [] });
    expect(questionWriteOf(draft({ type: 'essay_question' }), 1)).toMatchObject({ answers: [] });
  });

  it('numbers: exact with an optional margin, ranges, precision; a missing number is named', () => {
    const num = (a: Partial<ReturnType<typeof blankAnswer>>) => questionWriteOf(draft({ type: 'numerical_question', answers: [blankAnswer(a)] }), 1);
    expect(num({ first: '9,8' })).toMatchObject({ answers: [{ numerical_answer_type: 'exact_answer', exact: 9.8, margin: 0, answer_weight: 100 }] });
    expect(num({ kind: 'range_answer', first: '1', second: '5' })).toMatchObject({ answers: [{ numerical_answer_type: 'range_answer', start: 1, end: 5 }] });
    expect(num({ kind: 'precision_answer', first: '3.14', second: '3' })).toMatchObject({ answers: [{ approximate: 3.14, precision: 3 }] });
    expect(num({ kind: 'range_answer', first: '1' })).toBe('Every answer needs a number in each of its fields.');
    expect(num({ first: '1', second: 'x' })).toBe('Every answer needs a number in each of its fields.');
  });

  it('blanks: named in the text; answers of blanks no longer in the text are left out; a dropdown needs its correct option', () => {
    expect(blanksIn('Roses are [color], violets [ color ] and [size].')).toEqual(['color', 'size']);
    const blanks = draft({
      type: 'fill_in_multiple_blanks_question',
      text: 'Water boils at [t] degrees',
      answers: [blankAnswer({ text: '100', blank: 't' }), blankAnswer({ text: 'old', blank: 'gone' })],
    });
    expect(questionWriteOf(blanks, 1)).toMatchObject({ answers: [{ answer_text: '100', blank_id: 't', answer_weight: 100 }] });
    expect(questionWriteOf({ ...blanks, text: 'No blanks' }, 1)).toBe('Name each blank in the question text in square brackets, for example [color].');
    expect(questionWriteOf({ ...blanks, text: 'Two [t] and [u]' }, 1)).toBe('Give every blank at least one answer, and every answer some text.');
    const dropdowns = withType(blanks, 'multiple_dropdowns_question');
    expect(questionWriteOf(dropdowns, 1)).toBe('Mark the correct option for every blank.');
    expect(questionWriteOf({ ...dropdowns, answers: [blankAnswer({ text: '100', blank: 't', correct: true }), blankAnswer({ text: '50', blank: 't' })] }, 1)).toMatchObject({
      answers: [{ answer_weight: 100 }, { answer_weight: 0 }],
    });
  });

  it('matching: both sides of every pair, distractors one per line', () => {
    const pairs = draft({ type: 'matching_question', answers: [blankAnswer({ text: 'Ice', right: 'solid' })], distractors: 'plasma\n\n gas ' });
    expect(questionWriteOf(pairs, 1)).toMatchObject({ answers: [{ answer_match_left: 'Ice', answer_match_right: 'solid' }], matching_answer_incorrect_matches: 'plasma\ngas' });
    expect(questionWriteOf({ ...pairs, answers: [blankAnswer({ text: 'Ice' })] }, 1)).toBe('Give every pair both of its sides.');
  });

  it('the quiz: settings checked, each question’s problem named by its place, unchanged saved questions not sent again', () => {
    const values: QuizFormValues = {
      title: ' Check ', description: '', quizType: 'assignment', timeLimit: '', allowedAttempts: '', shuffleAnswers: true, dueAt: '', unlockAt: '', lockAt: '',
      questions: [], removed: [7],
    };
    expect(quizSaveOf(values, 'UTC')).toEqual({
      quiz: { title: 'Check', description: '', quiz_type: 'assignment', time_limit: null, allowed_attempts: -1, shuffle_answers: true, due_at: null, unlock_at: null, lock_at: null },
      questions: [],
      removed: [7],
    });
    expect(quizSaveOf({ ...values, timeLimit: '1.5' }, 'UTC')).toMatch(/^Time limit must be/u);
    expect(quizSaveOf({ ...values, allowedAttempts: '0' }, 'UTC')).toMatch(/^Allowed attempts must be/u);
    const good = draft({ type: 'essay_question' });
    const plan = quizSaveOf({ ...values, questions: [good, draft({ type: 'short_answer_question', answers: [] })] }, 'UTC');
    expect(plan).toBe('Question 2: Give at least one accepted answer.');
    const saved = quizSaveOf({ ...values, questions: [good] }, 'UTC');
    if (typeof saved === 'string') throw new Error(saved);
    const sent = JSON.stringify({ ...saved.questions[0]!.write, question_name: undefined });
    const again = quizSaveOf({ ...values, questions: [{ ...good, id: 5, saved: sent }, { ...good, key: 'changed', id: 6, saved: sent, points: '3' }] }, 'UTC');
    expect(typeof again === 'string' ? again : again.questions.map((q) => [q.id, q.changed])).toEqual([[5, false], [6, true]]);
  });
});
