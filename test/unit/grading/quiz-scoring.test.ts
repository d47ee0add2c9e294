import { describe, expect, it } from 'vitest';
import { scoreQuestion } from '../../../src/server/domain/grading/quiz-scoring.ts';
import type { QuizAnswer, QuizQuestionData } from '../../../src/server/domain/records/quiz-records.ts';

function question(question_type: QuizQuestionData['question_type'], answers: QuizAnswer[]): QuizQuestionData {
  return {
    course_id: 1, quiz_id: 1, quiz_group_id: null, position: 1, question_name: 'Q', question_text: '', question_type, points_possible: 4,
    correct_comments: '', incorrect_comments: '', neutral_comments: '', answers, matches: [], workflow_state: 'active',
  };
}

const choice = question('multiple_choice_question', [{ id: 1, text: 'A', weight: 100 }, { id: 2, text: 'B', weight: 0 }]);
// Three correct (1, 2, 3), two wrong (4, 5): each right choice is worth 4/3, each wrong one takes 4/3 away.
const many = question('multiple_answers_question', [1, 2, 3, 4, 5].map((id) => ({ id, text: `c${id}`, weight: id <= 3 ? 100 : 0 })));
const short = question('short_answer_question', [{ id: 1, text: 'Paris', weight: 100 }, { id: 2, text: 'paris, france', weight: 100 }]);
const blanks = question('fill_in_multiple_blanks_question', [
  { id: 1, text: 'red', weight: 100, blank_id: 'color' },
  { id: 2, text: 'crimson', weight: 100, blank_id: 'color' },
  { id: 3, text: 'apple', weight: 100, blank_id: 'fruit' },
]);
const dropdowns = question('multiple_dropdowns_question', [
  { id: 1, text: 'red', weight: 100, blank_id: 'color' },
  { id: 2, text: 'blue', weight: 0, blank_id: 'color' },
  { id: 3, text: 'apple', weight: 100, blank_id: 'fruit' },
  { id: 4, text: 'stone', weight: 0, blank_id: 'fruit' },
]);
const matching = question('matching_question', [
  { id: 1, text: 'a', left: 'a', right: 'A', match_id: 11, weight: 100 },
  { id: 2, text: 'b', left: 'b', right: 'B', match_id: 12, weight: 100 },
  { id: 3, text: 'c', left: 'c', right: 'C', match_id: 13, weight: 100 },
  { id: 4, text: 'd', left: 'd', right: 'D', match_id: 14, weight: 100 },
]);
const numerical = question('numerical_question', [
  { id: 1, text: '', weight: 100, numerical_answer_type: 'exact_answer', exact: 3.5, margin: 0.1 },
  { id: 2, text: '', weight: 100, numerical_answer_type: 'range_answer', start: 10, end: 20 },
  { id: 3, text: '', weight: 100, numerical_answer_type: 'precision_answer', approximate: 1234.5678, precision: 3 },
  { id: 4, text: '', weight: 100, numerical_answer_type: 'exact_answer', exact: 0.3, margin: 0 },
]);

describe('quiz question scoring (Canvas rules)', () => {
  it.each([
    ['choice: right', choice, 1, 4, 'true'],
    ['choice: wrong', choice, 2, 0, 'false'],
    ['choice: unknown id', choice, 99, 0, 'false'],
    ['choice: blank', choice, null, 0, 'undefined'],
    ['many: all right', many, [1, 2, 3], 4, 'true'],
    ['many: two of three', many, [1, 2], 8 / 3, 'partial'],
    ['many: right and a wrong one', many, [1, 2, 3, 4], 8 / 3, 'partial'],
    ['many: one right, one wrong', many, [1, 4], 0, 'false'],
    ['many: only wrong ones floor at 0', many, [4, 5], 0, 'false'],
    ['many: everything chosen', many, [1, 2, 3, 4, 5], 4 / 3, 'partial'],
    ['many: none chosen', many, [], 0, 'undefined'],
    ['short: exact', short, 'Paris', 4, 'true'],
    ['short: case and spaces', short, '  pARis ', 4, 'true'],
    ['short: the second accepted answer', short, 'Paris, France', 4, 'true'],
    ['short: wrong', short, 'Lyon', 0, 'false'],
    ['short: blank', short, '', 0, 'undefined'],
    ['blanks: both', blanks, { color: 'Crimson', fruit: ' apple' }, 4, 'true'],
    ['blanks: one of two', blanks, { color: 'red', fruit: 'pear' }, 2, 'partial'],
    ['blanks: one left blank', blanks, { color: 'red', fruit: '' }, 2, 'partial'],
    ['blanks: an unknown blank counts for nothing', blanks, { shape: 'red' }, 0, 'false'],
    ['dropdowns: both', dropdowns, { color: 1, fruit: 3 }, 4, 'true'],
    ['dropdowns: one', dropdowns, { color: 2, fruit: 3 }, 2, 'partial'],
    ['dropdowns: right answer in the wrong blank', dropdowns, { color: 3, fruit: 1 }, 0, 'false'],
    ['matching: all', matching, [{ answer_id: 1, match_id: 11 }, { answer_id: 2, match_id: 12 }, { answer_id: 3, match_id: 13 }, { answer_id: 4, match_id: 14 }], 4, 'true'],
    ['matching: three of four', matching, [{ answer_id: 1, match_id: 11 }, { answer_id: 2, match_id: 12 }, { answer_id: 3, match_id: 13 }, { answer_id: 4, match_id: 11 }], 3, 'partial'],
    ['matching: a repeated pair counts once', matching, [{ answer_id: 1, match_id: 11 }, { answer_id: 1, match_id: 11 }], 1, 'partial'],
    ['matching: the first pairing of a side stands', matching, [{ answer_id: 1, match_id: 12 }, { answer_id: 1, match_id: 11 }], 0, 'false'],
    ['numerical: exact', numerical, 3.5, 4, 'true'],
    ['numerical: inside the margin', numerical, 3.6, 4, 'true'],
    ['numerical: outside the margin', numerical, 3.61, 0, 'false'],
    ['numerical: range low end', numerical, 10, 4, 'true'],
    ['numerical: range high end', numerical, 20, 4, 'true'],
    ['numerical: past the range', numerical, 20.01, 0, 'false'],
    ['numerical: precision, 3 significant digits', numerical, 1230, 4, 'true'],
    ['numerical: precision, rounds the same', numerical, 1234, 4, 'true'],
    ['numerical: precision, off', numerical, 1250, 0, 'false'],
    ['numerical: 0.1 + 0.2 is 0.3', numerical, 0.1 + 0.2, 4, 'true'],
    ['numerical: blank', numerical, null, 0, 'undefined'],
  ] as const)('%s', (_label, q, answer, points, correct) => {
    const result = scoreQuestion(q, 4, answer);
    expect(result.points).toBeCloseTo(points, 9);
    expect(result.correct).toBe(correct);
  });

  it('leaves essays, uploads and text to a grader (0, undefined), and scores at the attempt’s points', () => {
    for (const type of ['essay_question', 'file_upload_question', 'text_only_question'] as const) {
      expect(scoreQuestion(question(type, []), 4, 'an answer')).toEqual({ points: 0, correct: 'undefined' });
    }
    // A group's question_points, not the question's own.
    expect(scoreQuestion(choice, 2.5, 1).points).toBe(2.5);
  });
});
