import { takerAnswers } from '../../domain/grading/quiz-taker-view.ts';
import type { QuizAnswer, QuizQuestionData } from '../../domain/records/quiz-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { stableHash } from './question-answers.ts';
import type { StoredGroup } from './quiz-questions.service.ts';

/** Canvas's QuizGroup JSON. */
export function quizGroupJson(g: StoredGroup): Record<string, unknown> {
  return {
    id: g.id,
    quiz_id: g.data.quiz_id,
    name: g.data.name,
    pick_count: g.data.pick_count,
    question_points: g.data.question_points,
    assessment_question_bank_id: null,
    position: g.data.position,
  };
}

/** An answer as its editors see it: Canvas's response names (`text`, `weight`, …) and every field of its type. */
function answerJson(a: QuizAnswer): Record<string, unknown> {
  const { left, right, ...rest } = a;
  return { comments: '', ...rest, ...(left === undefined ? {} : { left, right }) };
}

function questionFields(q: Stored<QuizQuestionData>, points: number) {
  const d = q.data;
  return {
    id: q.id,
    quiz_id: d.quiz_id,
    quiz_group_id: d.quiz_group_id,
    assessment_question_id: null,
    position: d.position,
    question_name: d.question_name,
    question_type: d.question_type,
    question_text: d.question_text,
    points_possible: points,
    variables: null,
    formulas: null,
  };
}

/** Canvas's QuizQuestion JSON for those who edit the quiz: answers with weights, comments and matching pairs. */
export function quizQuestionJson(q: Stored<QuizQuestionData>): Record<string, unknown> {
  const d = q.data;
  return {
    ...questionFields(q, d.points_possible),
    correct_comments: d.correct_comments,
    incorrect_comments: d.incorrect_comments,
    neutral_comments: d.neutral_comments,
    answers: d.answers.map(answerJson),
    ...(d.question_type === 'matching_question'
      ? { matches: d.matches, matching_answer_incorrect_matches: d.matching_answer_incorrect_matches ?? '' }
      : {}),
  };
}

/** Types whose choices `shuffle_answers` puts in another order for each attempt (Canvas leaves true/false alone). */
const SHUFFLED: ReadonlySet<string> = new Set(['multiple_choice_question', 'multiple_answers_question', 'matching_question']);

/** The attempt's own order of a question's choices: the same on every read of the attempt, another in the next. */
function shuffled<T>(items: readonly T[], idOf: (item: T) => number, seed: string): T[] {
  return [...items].sort((a, b) => stableHash(`${seed}:${idOf(a)}`) - stableHash(`${seed}:${idOf(b)}`));
}

/**
 * The question as the attempt shows it to its taker, worth `points` in the attempt: nothing that tells the right
 * answer. `shuffleSeed` (the attempt's token, when the quiz shuffles answers) orders the choices.
 */
export function takerQuestionJson(q: Stored<QuizQuestionData>, points: number, shuffleSeed: string | null = null): Record<string, unknown> {
  const d = q.data;
  const seed = shuffleSeed !== null && SHUFFLED.has(d.question_type) ? `${shuffleSeed}:${q.id}` : null;
  // What a taker may see of the answers (`takerAnswers`): the choices, never their weights or comments.
  const shown = takerAnswers(d);
  return {
    ...questionFields(q, points),
    answers: seed === null ? shown : shuffled(shown, (a) => a.id, seed),
    ...(d.question_type === 'matching_question' ? { matches: seed === null ? d.matches : shuffled(d.matches, (m) => m.match_id, seed) } : {}),
  };
}
