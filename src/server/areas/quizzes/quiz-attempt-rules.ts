import { createHash } from 'node:crypto';
import { HAND_GRADED_TYPES, scoreQuestion } from '../../domain/grading/quiz-scoring.ts';
import { round2 } from '../../domain/grading/posted-grade.ts';
import type { QuizData, ScoringPolicy } from '../../domain/records/content-records.ts';
import type { DrawnQuestion, QuestionResult, QuizQuestionData, QuizSubmissionData } from '../../domain/records/quiz-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { DELIVERY_GRACE_MS } from '../../sync/device-contacts.ts';
import { isoSeconds } from '../common/api-values.ts';
import { stableHash } from './question-answers.ts';
import type { StoredGroup, StoredQuestion } from './quiz-questions.service.ts';

/**
 * The rules of an attempt as pure functions of the stored data (decision 0100): which questions it draws,
 * when it ends, how it is scored and which score the quiz keeps.
 */

/** A student's submission before their first attempt: where extensions wait (Canvas's `settings_only`). */
export function blankSubmission(quiz: { id: number; data: QuizData }, userId: number): QuizSubmissionData {
  return {
    course_id: quiz.data.course_id, quiz_id: quiz.id, user_id: userId, attempt: 0, workflow_state: 'settings_only', started_at: null, end_at: null,
    finished_at: null, extra_attempts: 0, extra_time: 0, validation_token: '', questions: [], answers: {}, flagged: [], results: {}, score: null,
    fudge_points: 0, kept_score: null, history: [], submission_id: null,
  };
}

/**
 * The token that names a student's attempt (Canvas's `validation_token`), the same wherever the attempt is started:
 * a device's offline start and its replay on the hub must agree on it, since the device's later answers carry it
 * (decision 0120). It proves nothing the owner's sign-in does not: only the owner may answer.
 */
export function attemptToken(quizId: number, userId: number, attempt: number): string {
  return createHash('sha256').update(`quiz-attempt:${quizId}:${userId}:${attempt}`).digest('hex').slice(0, 48);
}

/**
 * The questions of a new attempt, in position order with groups where they stand: each group draws `pick_count`
 * of its questions, each worth the group's question_points. The draw is derived from `seed` (the attempt's token),
 * so a replay of a device's start draws what the device drew, and each attempt draws anew.
 */
export function drawQuestions(questions: readonly StoredQuestion[], groups: readonly StoredGroup[], seed: string): DrawnQuestion[] {
  const slots: Array<{ position: number; id: number; drawn: DrawnQuestion[] }> = [];
  for (const q of questions) if (q.data.quiz_group_id === null || !groups.some((g) => g.id === q.data.quiz_group_id)) slots.push({ position: q.data.position, id: q.id, drawn: [{ id: q.id, points: q.data.points_possible }] });
  for (const g of groups) {
    const pool = questions.filter((q) => q.data.quiz_group_id === g.id).map((q) => q.id);
    const order = (id: number) => stableHash(`${seed}:${id}`);
    const picked = pool.sort((a, b) => order(a) - order(b) || a - b).slice(0, Math.max(0, g.data.pick_count));
    slots.push({ position: g.data.position, id: g.id, drawn: picked.map((id) => ({ id, points: g.data.question_points })) });
  }
  return slots.sort((a, b) => a.position - b.position || a.id - b.id).flatMap((s) => s.drawn);
}

/** When an attempt started at `startedAt` must end: its time limit (with the student's extra time), or the quiz's lock date if sooner. */
export function attemptEnd(quiz: QuizData, extraTime: number, startedAt: number): string | null {
  const ends: number[] = [];
  if (quiz.time_limit !== null) ends.push(startedAt + (quiz.time_limit + extraTime) * 60_000);
  if (quiz.lock_at !== null) ends.push(Date.parse(quiz.lock_at));
  return ends.length === 0 ? null : isoSeconds(Math.min(...ends));
}

/** Whether an answer made at `at` comes too late for the running attempt. */
export function isOverdue(sub: QuizSubmissionData, at: number): boolean {
  return sub.workflow_state === 'untaken' && sub.end_at !== null && Date.parse(sub.end_at) <= at;
}

/**
 * Whether the clock finishes the running attempt at `now` (on the next read or start). An attempt a device started
 * is left alone while the device is still delivering it — until the time a reconnected device takes to deliver its
 * outbox (decision 0062) has passed since its last replayed write: its answers and turn-in are judged at their
 * proven times as they arrive, not at the first read after its end (decision 0120).
 */
export function finishedByClock(sub: Stored<QuizSubmissionData>, now: number): boolean {
  const delivering = sub.data.device_started_at !== undefined && now - sub.updated_at < DELIVERY_GRACE_MS;
  return !delivering && isOverdue(sub.data, now);
}

/** The score a quiz keeps of its finished attempts. */
export function keptScore(policy: ScoringPolicy, scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  if (policy === 'keep_latest') return scores[scores.length - 1]!;
  if (policy === 'keep_average') return round2(scores.reduce((a, b) => a + b, 0) / scores.length);
  return Math.max(...scores);
}

/** The attempt's score: its questions' points (a grader's where given) and the fudge points. */
export function attemptScore(results: Record<string, QuestionResult>, fudge: number): number {
  return round2(Object.values(results).reduce((sum, r) => sum + r.points, 0) + fudge);
}

/** Surveys have no right answers: taking one earns its points (a graded survey's are its grade). */
function isSurvey(quiz: QuizData): boolean {
  return quiz.quiz_type === 'survey' || quiz.quiz_type === 'graded_survey';
}

/**
 * An attempt stays pending_review while a question only a grader can score has not been scored by one. A survey
 * has nothing to grade.
 */
export function reviewState(sub: QuizSubmissionData, quiz: QuizData, questions: ReadonlyMap<number, Stored<QuizQuestionData>>): 'pending_review' | 'complete' {
  if (isSurvey(quiz)) return 'complete';
  const waiting = sub.questions.some((d) => {
    const q = questions.get(d.id);
    return q !== undefined && HAND_GRADED_TYPES.has(q.data.question_type) && !sub.results[String(d.id)]?.graded_by_hand;
  });
  return waiting ? 'pending_review' : 'complete';
}

/** The submission with its attempt finished at `now`: every drawn question scored, the history and kept score updated. */
export function finishAttempt(sub: QuizSubmissionData, quiz: QuizData, questions: ReadonlyMap<number, Stored<QuizQuestionData>>, now: number): QuizSubmissionData {
  const results: Record<string, QuestionResult> = {};
  for (const d of sub.questions) {
    const q = questions.get(d.id);
    if (!q) results[String(d.id)] = { points: 0, correct: 'undefined' };
    // Canvas gives a survey's questions their points whatever the answer.
    else if (isSurvey(quiz)) results[String(d.id)] = { points: q.data.question_type === 'text_only_question' ? 0 : d.points, correct: 'undefined' };
    else results[String(d.id)] = scoreQuestion(q.data, d.points, sub.answers[String(d.id)]);
  }
  // Time ran out: the attempt ends at its end, not when someone next looked at it.
  const finishedAt = sub.end_at !== null && Date.parse(sub.end_at) < now ? sub.end_at : isoSeconds(now);
  const scored = { ...sub, results, finished_at: finishedAt };
  return settle({ ...scored, workflow_state: reviewState(scored, quiz, questions) }, quiz);
}

/**
 * The attempt turned in at `at` on a device that cannot score it (its questions are a taker's copies): finished,
 * unscored, waiting for the hub, which scores the same answers when the device's turn-in replays there.
 */
export function finishUnscored(sub: QuizSubmissionData, at: number): QuizSubmissionData {
  const finishedAt = sub.end_at !== null && Date.parse(sub.end_at) < at ? sub.end_at : isoSeconds(at);
  return { ...sub, workflow_state: 'pending_review', finished_at: finishedAt, results: {}, score: null, awaiting_sync: true };
}

/** Score, history entry and kept score of the current attempt, after it finished or a grader changed it. */
export function settle(sub: QuizSubmissionData, quiz: QuizData): QuizSubmissionData {
  const score = attemptScore(sub.results, sub.fudge_points);
  const state = sub.workflow_state === 'pending_review' ? 'pending_review' : 'complete';
  const entry = { attempt: sub.attempt, score, started_at: sub.started_at ?? sub.finished_at!, finished_at: sub.finished_at!, workflow_state: state } as const;
  const history = [...sub.history.filter((h) => h.attempt !== sub.attempt), entry].sort((a, b) => a.attempt - b.attempt);
  const policy = quiz.scoring_policy ?? 'keep_highest';
  return { ...sub, score, history, kept_score: keptScore(policy, history.map((h) => h.score)) };
}
