import type { QuestionResult, QuizAnswer, QuizQuestionData } from '../records/quiz-records.ts';

/**
 * Automatic scoring of Classic Quizzes' questions, as Canvas scores them (decision 0100): pure functions
 * of the question, the points it is worth in the attempt and the stored answer (already in its canonical form,
 * `areas/quizzes/quiz-answer-formats.ts`). Essays and file uploads are left to a grader.
 */

/** Types a grader must score: an attempt holding one stays pending_review until they do. */
export const HAND_GRADED_TYPES: ReadonlySet<string> = new Set(['essay_question', 'file_upload_question']);

/** The weight of a correct answer (any positive weight is stored as this). */
export const CORRECT = 100;

export function isBlank(answer: unknown): boolean {
  if (answer === undefined || answer === null || answer === '') return true;
  if (Array.isArray(answer)) return answer.length === 0;
  if (typeof answer === 'object') return Object.values(answer).every((v) => v === null || v === undefined || v === '');
  return false;
}

/** Short answers and blanks: Canvas compares trimmed and case-insensitively. */
export function sameText(given: unknown, expected: string): boolean {
  return typeof given === 'string' && given.trim().toLowerCase() === expected.trim().toLowerCase();
}

/** Points for `right` of `parts` parts, and Canvas's `correct` word for it. */
function partial(points: number, right: number, parts: number): QuestionResult {
  if (parts <= 0) return { points: 0, correct: 'false' };
  const share = Math.max(0, Math.min(right, parts)) / parts;
  return { points: points * share, correct: share === 1 ? 'true' : share === 0 ? 'false' : 'partial' };
}

const whole = (points: number, right: boolean): QuestionResult => (right ? { points, correct: 'true' } : { points: 0, correct: 'false' });

/** Float-safe "within": numbers typed as decimals (0.1 + 0.2) must not miss a bound by a rounding error. */
function within(value: number, low: number, high: number): boolean {
  const slack = 1e-9 * Math.max(1, Math.abs(low), Math.abs(high));
  return value >= low - slack && value <= high + slack;
}

/** Rounded to `digits` significant digits, as a comparable number. */
function significant(value: number, digits: number): number {
  return Number(value.toPrecision(Math.min(Math.max(digits, 1), 100)));
}

export function numericalMatches(a: QuizAnswer, value: number): boolean {
  switch (a.numerical_answer_type) {
    case 'range_answer':
      return within(value, a.start ?? 0, a.end ?? 0);
    case 'precision_answer':
      return significant(value, a.precision ?? 1) === significant(a.approximate ?? 0, a.precision ?? 1);
    default: {
      const margin = a.margin ?? 0;
      return within(value, (a.exact ?? 0) - margin, (a.exact ?? 0) + margin);
    }
  }
}

/** The blanks of a blanks question, each with its answers. */
export function blanksOf(q: QuizQuestionData): Map<string, QuizAnswer[]> {
  const blanks = new Map<string, QuizAnswer[]>();
  for (const a of q.answers) {
    const id = a.blank_id ?? '';
    blanks.set(id, [...(blanks.get(id) ?? []), a]);
  }
  return blanks;
}

export function asRecord(answer: unknown): Record<string, unknown> {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
}

/**
 * One question's result. `points` is what it is worth in this attempt (a group's question_points, else its own).
 * Unanswered questions score 0 with `correct` "undefined", as do those a grader scores.
 */
export function scoreQuestion(q: QuizQuestionData, points: number, answer: unknown): QuestionResult {
  if (q.question_type === 'text_only_question' || HAND_GRADED_TYPES.has(q.question_type) || isBlank(answer)) return { points: 0, correct: 'undefined' };
  const correctIds = new Set(q.answers.filter((a) => a.weight >= CORRECT).map((a) => a.id));
  switch (q.question_type) {
    case 'multiple_choice_question':
    case 'true_false_question':
      return whole(points, correctIds.has(Number(answer)));
    case 'multiple_answers_question': {
      // Each right choice adds a share, each wrong one takes a share away; the total never goes below 0.
      const chosen = new Set((answer as unknown[]).map(Number));
      let right = 0;
      for (const id of chosen) right += correctIds.has(id) ? 1 : -1;
      return partial(points, right, correctIds.size);
    }
    case 'short_answer_question':
      return whole(points, q.answers.some((a) => sameText(answer, a.text)));
    case 'numerical_question':
      return whole(points, typeof answer === 'number' && q.answers.some((a) => numericalMatches(a, answer)));
    case 'fill_in_multiple_blanks_question': {
      const given = asRecord(answer);
      const blanks = blanksOf(q);
      const right = [...blanks].filter(([blank, answers]) => answers.some((a) => a.weight >= CORRECT && sameText(given[blank], a.text))).length;
      return partial(points, right, blanks.size);
    }
    case 'multiple_dropdowns_question': {
      const given = asRecord(answer);
      const blanks = blanksOf(q);
      const right = [...blanks.keys()].filter((blank) => correctIds.has(Number(given[blank])) && blanks.get(blank)!.some((a) => a.id === Number(given[blank]))).length;
      return partial(points, right, blanks.size);
    }
    case 'matching_question': {
      // The first pairing given for a left side counts; a repeat cannot win a second share.
      const paired = new Map<number, number>();
      for (const pair of answer as Array<{ answer_id: number; match_id: number }>) if (!paired.has(pair.answer_id)) paired.set(pair.answer_id, pair.match_id);
      const right = q.answers.filter((a) => paired.get(a.id) === a.match_id).length;
      return partial(points, right, q.answers.length);
    }
    default:
      return { points: 0, correct: 'undefined' };
  }
}
