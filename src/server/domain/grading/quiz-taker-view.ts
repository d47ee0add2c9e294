import { quizSettings, type QuizData } from '../records/content-records.ts';
import type { QuizAnswer, QuizGroupData, QuizQuestionData, QuizSubmissionData } from '../records/quiz-records.ts';

/**
 * What someone taking a quiz may know of it (decisions 0100 and 0120), one function per rule, read by the quiz
 * API's serializers and by the sync pull alike: a student's device holds exactly what REST shows its student.
 */

/** -1 (Canvas's "unlimited") stays unlimited whatever the extension. */
export function attemptsAllowed(quiz: QuizData, sub: QuizSubmissionData | undefined): number {
  return quiz.allowed_attempts < 0 ? -1 : quiz.allowed_attempts + (sub?.extra_attempts ?? 0);
}

export function attemptsLeft(quiz: QuizData, sub: QuizSubmissionData | undefined): number {
  const allowed = attemptsAllowed(quiz, sub);
  return allowed < 0 ? -1 : Math.max(0, allowed - (sub?.history.length ?? 0));
}

/** Whether the student may see how their finished attempts were scored (Canvas's `hide_results`). */
export function resultsVisible(quiz: QuizData, sub: QuizSubmissionData): boolean {
  const hide = quizSettings(quiz).hide_results;
  if (hide === 'always') return false;
  if (hide === 'until_after_last_attempt') return attemptsLeft(quiz, sub) === 0;
  return true;
}

/**
 * Whether the student may see the correct answers of a finished attempt: when results show, the quiz shows
 * correct answers, the show/hide dates allow it now, and (if so set) they have no attempt left.
 */
export function correctAnswersVisible(quiz: QuizData, sub: QuizSubmissionData, now: number): boolean {
  const s = quizSettings(quiz);
  if (sub.workflow_state === 'untaken' || sub.finished_at === null || !resultsVisible(quiz, sub) || !s.show_correct_answers) return false;
  if (s.show_correct_answers_at !== null && Date.parse(s.show_correct_answers_at) > now) return false;
  if (s.hide_correct_answers_at !== null && Date.parse(s.hide_correct_answers_at) <= now) return false;
  return !s.show_correct_answers_last_attempt || attemptsLeft(quiz, sub) === 0;
}

/** Whether the attempt's owner sees its scores now: while it runs (the earlier attempts' kept score), or as `hide_results` allows. */
export function scoresShownToTaker(quiz: QuizData, sub: QuizSubmissionData): boolean {
  return sub.workflow_state === 'untaken' || resultsVisible(quiz, sub);
}

/**
 * The owner's copy of their quiz submission: without scores, per-question results, fudge points and the earlier
 * attempts' scores while `hide_results` withholds them (the history keeps its entries, which count the attempts).
 */
export function takerSubmission(quiz: QuizData, sub: QuizSubmissionData): QuizSubmissionData {
  if (scoresShownToTaker(quiz, sub)) return sub;
  return { ...sub, score: null, kept_score: null, fudge_points: 0, results: {}, history: sub.history.map((h) => ({ ...h, score: 0 })) };
}

/** A grader's copy of someone else's quiz submission: all of it but the token that answers it, which is its owner's. */
export function graderSubmission(sub: QuizSubmissionData): Omit<QuizSubmissionData, 'validation_token'> {
  const { validation_token: _owners, ...rest } = sub;
  return rest;
}

/** Types whose answers are the accepted texts or numbers: a taker sees none of them. */
const HIDDEN_ANSWERS: ReadonlySet<string> = new Set(['short_answer_question', 'fill_in_multiple_blanks_question', 'numerical_question']);

/** A taker's view of one answer: the choice (for matching its left side), never its weight, comments or pair. */
export type TakerAnswer = Pick<QuizAnswer, 'id' | 'text' | 'blank_id'>;

export function takerAnswers(question: Pick<QuizQuestionData, 'question_type' | 'answers'>): TakerAnswer[] {
  if (HIDDEN_ANSWERS.has(question.question_type)) return [];
  return question.answers.map((a) => ({ id: a.id, text: a.text, ...(a.blank_id === undefined ? {} : { blank_id: a.blank_id }) }));
}

/**
 * A question as a taker's device holds it: what the attempt's questions API shows a taker (the text, the
 * choices, a matching question's right sides) and nothing that tells the right answer — no weights, comments,
 * accepted texts or numbers, pairs or listed distractors. `answers_withheld` marks the copy: it cannot score.
 */
export type TakerQuestionData = Omit<QuizQuestionData, 'answers' | 'correct_comments' | 'incorrect_comments' | 'neutral_comments' | 'matching_answer_incorrect_matches'> & {
  answers: TakerAnswer[];
  answers_withheld: true;
};

export function takerQuestion(question: QuizQuestionData): TakerQuestionData {
  const { correct_comments: _c, incorrect_comments: _i, neutral_comments: _n, matching_answer_incorrect_matches: _m, ...shown } = question;
  return { ...shown, answers: takerAnswers(question), answers_withheld: true };
}

/** A question group as a taker's device holds it: what drawing an attempt needs, not its name. */
export function takerGroup(group: QuizGroupData): QuizGroupData {
  return { ...group, name: '' };
}

/** Whether the question holds its answers' weights (a taker's copy does not): an attempt drawing one cannot be scored here. */
export function canScore(question: QuizQuestionData): boolean {
  return question.answers_withheld !== true;
}
