import type { NumericalAnswerType, QuestionResult, QuizAnswer, QuizQuestionData, QuizSubmissionData } from '../records/quiz-records.ts';
import { asRecord, blanksOf, CORRECT, HAND_GRADED_TYPES, isBlank, numericalMatches, sameText } from './quiz-scoring.ts';

/**
 * Canvas's quiz statistics (student and item analysis), worked out from finished attempts: pure functions of the
 * questions and the attempts, so the numbers are the same wherever they are computed. Canvas's field names;
 * the API area only wraps them (docs/canvas-compatibility.md §20.5).
 */

/** How one student answered one question in their finished attempt. */
export interface QuestionResponse {
  answer: unknown;
  result: QuestionResult | undefined;
  /** What the question was worth in that attempt. */
  points: number;
}

/** One answer (or a catch-all: `none` for no answer, `other` for an answer matching none) and how many gave it. */
export interface AnswerStatistics {
  id: number | 'none' | 'other';
  text: string;
  correct: boolean;
  responses: number;
  numerical_answer_type?: NumericalAnswerType;
  exact?: number;
  margin?: number;
  start?: number;
  end?: number;
  approximate?: number;
  precision?: number;
}

/** A blank of a blanks question, or a left side of a matching one, with its own answers. */
export interface AnswerSetStatistics {
  id: string;
  text: string;
  answers: AnswerStatistics[];
}

export interface QuestionStatistics {
  id: number;
  question_type: QuizQuestionData['question_type'];
  question_text: string;
  position: number;
  /** Students who answered it (a non-blank answer). */
  responses: number;
  answered_student_count: number;
  correct_student_count: number;
  partially_correct_student_count: number;
  incorrect_student_count: number;
  answers?: AnswerStatistics[];
  answer_sets?: AnswerSetStatistics[];
  /** Essays and uploads: attempts a grader has scored, those given full points, and how the scores spread. */
  graded?: number;
  full_credit?: number;
  point_distribution?: Array<{ score: number; count: number }>;
}

export interface SubmissionStatistics {
  unique_count: number;
  score_average: number | null;
  score_high: number | null;
  score_low: number | null;
  score_stdev: number | null;
  /** Percentage of the quiz's points (rounded) → how many students scored it. */
  scores: Record<string, number>;
  correct_count_average: number | null;
  incorrect_count_average: number | null;
  /** Seconds. */
  duration_average: number | null;
}

const NO_ANSWER = 'No Answer';
const OTHER = 'Other';

const count = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length;

/** The `none` entry for those who left the question blank, when anyone did (Canvas lists it only then). */
function noAnswer(blank: number): AnswerStatistics[] {
  return blank > 0 ? [{ id: 'none', text: NO_ANSWER, correct: false, responses: blank }] : [];
}

function choice(a: QuizAnswer, responses: number): AnswerStatistics {
  return { id: a.id, text: a.text, correct: a.weight >= CORRECT, responses };
}

/** Given texts against the listed ones (each listed text once, correct by its weight; a text matching none is `other`). */
function textAnswers(accepted: readonly QuizAnswer[], given: readonly unknown[]): AnswerStatistics[] {
  const answered = given.filter((g) => !isBlank(g));
  const matched = (g: unknown) => accepted.findIndex((a) => sameText(g, a.text));
  const rows = accepted.map((a, i) => choice(a, count(answered, (g) => matched(g) === i)));
  const other = count(answered, (g) => matched(g) === -1);
  return [...rows, ...(other > 0 ? [{ id: 'other' as const, text: OTHER, correct: false, responses: other }] : []), ...noAnswer(given.length - answered.length)];
}

function numericalAnswers(q: QuizQuestionData, given: readonly unknown[]): AnswerStatistics[] {
  const answered = given.filter((g): g is number => typeof g === 'number');
  const matched = (g: number) => q.answers.findIndex((a) => numericalMatches(a, g));
  const rows = q.answers.map((a, i): AnswerStatistics => {
    const { id, text, numerical_answer_type, exact, margin, start, end, approximate, precision } = a;
    const fields = Object.fromEntries(Object.entries({ numerical_answer_type, exact, margin, start, end, approximate, precision }).filter(([, v]) => v !== undefined));
    return { id, text, correct: true, responses: count(answered, (g) => matched(g) === i), ...fields };
  });
  const other = count(answered, (g) => matched(g) === -1);
  return [...rows, ...(other > 0 ? [{ id: 'other' as const, text: OTHER, correct: false, responses: other }] : []), ...noAnswer(given.length - answered.length)];
}

function blankSets(q: QuizQuestionData, given: readonly unknown[]): AnswerSetStatistics[] {
  return [...blanksOf(q)].map(([blank, answers]) => {
    const filled = given.map((g) => asRecord(g)[blank]);
    if (q.question_type === 'fill_in_multiple_blanks_question') return { id: blank, text: blank, answers: textAnswers(answers, filled) };
    const chosen = filled.filter((f) => !isBlank(f)).map(Number);
    return { id: blank, text: blank, answers: [...answers.map((a) => choice(a, count(chosen, (c) => c === a.id))), ...noAnswer(filled.length - chosen.length)] };
  });
}

/** Per left side, the right side each student paired with it first (a repeat counts no more, as in scoring). */
function matchingSets(q: QuizQuestionData, given: readonly unknown[]): AnswerSetStatistics[] {
  const pairings = given.map((g) => {
    const first = new Map<number, number>();
    for (const pair of Array.isArray(g) ? (g as Array<{ answer_id: number; match_id: number }>) : []) if (!first.has(pair.answer_id)) first.set(pair.answer_id, pair.match_id);
    return first;
  });
  return q.answers.map((left) => {
    const chosen = pairings.flatMap((p) => (p.has(left.id) ? [p.get(left.id)!] : []));
    const answers = q.matches.map((m) => ({ id: m.match_id, text: m.text, correct: m.match_id === left.match_id, responses: count(chosen, (c) => c === m.match_id) }));
    return { id: String(left.id), text: left.left ?? left.text, answers: [...answers, ...noAnswer(pairings.length - chosen.length)] };
  });
}

function handGraded(responses: readonly QuestionResponse[]): Pick<QuestionStatistics, 'graded' | 'full_credit' | 'point_distribution'> {
  const scored = responses.filter((r) => r.result?.graded_by_hand);
  const byScore = new Map<number, number>();
  for (const r of scored) byScore.set(r.result!.points, (byScore.get(r.result!.points) ?? 0) + 1);
  return {
    graded: scored.length,
    full_credit: count(scored, (r) => r.points > 0 && r.result!.points >= r.points),
    point_distribution: [...byScore].map(([score, n]) => ({ score, count: n })).sort((a, b) => a.score - b.score),
  };
}

/** One question's statistics over the responses of every student whose attempt drew it. */
export function questionStatistics(id: number, q: QuizQuestionData, position: number, responses: readonly QuestionResponse[]): QuestionStatistics {
  const given = responses.map((r) => r.answer);
  const answered = count(given, (g) => !isBlank(g));
  const correctness = (word: QuestionResult['correct']) => count(responses, (r) => r.result?.correct === word);
  const stats: QuestionStatistics = {
    id,
    question_type: q.question_type,
    question_text: q.question_text,
    position,
    responses: answered,
    answered_student_count: answered,
    correct_student_count: correctness('true'),
    partially_correct_student_count: correctness('partial'),
    incorrect_student_count: correctness('false'),
  };
  switch (q.question_type) {
    case 'multiple_choice_question':
    case 'true_false_question': {
      const chosen = given.filter((g) => !isBlank(g)).map(Number);
      return { ...stats, answers: [...q.answers.map((a) => choice(a, count(chosen, (c) => c === a.id))), ...noAnswer(given.length - chosen.length)] };
    }
    case 'multiple_answers_question': {
      const chosen = given.map((g) => new Set(Array.isArray(g) ? g.map(Number) : []));
      return { ...stats, answers: [...q.answers.map((a) => choice(a, count(chosen, (c) => c.has(a.id)))), ...noAnswer(count(chosen, (c) => c.size === 0))] };
    }
    case 'short_answer_question':
      return { ...stats, answers: textAnswers(q.answers, given) };
    case 'numerical_question':
      return { ...stats, answers: numericalAnswers(q, given) };
    case 'fill_in_multiple_blanks_question':
    case 'multiple_dropdowns_question':
      return { ...stats, answer_sets: blankSets(q, given) };
    case 'matching_question':
      return { ...stats, answer_sets: matchingSets(q, given) };
    default:
      return HAND_GRADED_TYPES.has(q.question_type) ? { ...stats, ...handGraded(responses) } : stats;
  }
}

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** Scores, times and right/wrong counts of the finished attempts (each student's latest). */
export function submissionStatistics(attempts: readonly QuizSubmissionData[], pointsPossible: number | null): SubmissionStatistics {
  const scores = attempts.map((s) => s.score ?? 0);
  const average = mean(scores);
  const results = attempts.map((s) => Object.values(s.results));
  const byPercent: Record<string, number> = {};
  if (pointsPossible) for (const score of scores) {
    const percent = String(Math.round((score / pointsPossible) * 100));
    byPercent[percent] = (byPercent[percent] ?? 0) + 1;
  }
  return {
    unique_count: attempts.length,
    score_average: average,
    score_high: scores.length ? Math.max(...scores) : null,
    score_low: scores.length ? Math.min(...scores) : null,
    score_stdev: average === null ? null : Math.sqrt(mean(scores.map((s) => (s - average) ** 2))!),
    scores: byPercent,
    correct_count_average: mean(results.map((r) => count(r, (x) => x.correct === 'true'))),
    incorrect_count_average: mean(results.map((r) => count(r, (x) => x.correct === 'false'))),
    duration_average: mean(attempts.map((s) => (Date.parse(s.finished_at!) - Date.parse(s.started_at!)) / 1000)),
  };
}
