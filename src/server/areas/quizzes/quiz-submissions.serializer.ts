import type { Principal } from '../../domain/principal.ts';
import { attemptsLeft, canScore, correctAnswersVisible, resultsVisible, scoresShownToTaker } from '../../domain/grading/quiz-taker-view.ts';
import type { QuizData } from '../../domain/records/content-records.ts';
import type { QuizQuestionData, QuizSubmissionData } from '../../domain/records/quiz-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { quizQuestionJson, takerQuestionJson } from './quiz-questions.serializer.ts';

type StoredQuiz = Stored<QuizData>;

/** Canvas's QuizSubmission JSON; the validation token only to its owner. A student whose results are hidden gets no scores. */
export function quizSubmissionJson(record: Stored<QuizSubmissionData>, quiz: StoredQuiz, viewer: Principal, isGrader: boolean, baseUrl: string, now: number) {
  const s = record.data;
  const own = s.user_id === viewer.userId;
  const showScores = isGrader || scoresShownToTaker(quiz.data, s);
  const left = attemptsLeft(quiz.data, s);
  return {
    id: record.id,
    quiz_id: s.quiz_id,
    quiz_version: 1,
    user_id: s.user_id,
    submission_id: s.submission_id,
    started_at: s.started_at,
    finished_at: s.finished_at,
    end_at: s.end_at,
    attempt: s.attempt,
    extra_attempts: s.extra_attempts,
    extra_time: s.extra_time,
    manually_unlocked: false,
    time_spent: s.started_at === null ? null : Math.round(((s.finished_at === null ? now : Date.parse(s.finished_at)) - Date.parse(s.started_at)) / 1000),
    score: showScores ? s.score : null,
    score_before_regrade: null,
    kept_score: showScores ? s.kept_score : null,
    fudge_points: showScores ? s.fudge_points : null,
    has_seen_results: false,
    workflow_state: s.workflow_state,
    overdue_and_needs_submission: s.workflow_state === 'untaken' && s.end_at !== null && Date.parse(s.end_at) <= now,
    quiz_points_possible: quiz.data.points_possible,
    attempts_left: left,
    ...(own ? { validation_token: s.validation_token } : {}),
    // Outpost's extensions for an attempt taken on a device (decision 0120): its own clock's times, when the hub
    // received the turn-in, and whether it waits for the hub to score it.
    device_started_at: s.device_started_at ?? null,
    device_finished_at: s.device_finished_at ?? null,
    received_at: s.received_at ?? null,
    awaiting_sync: s.awaiting_sync === true,
    html_url: `${baseUrl}/courses/${quiz.data.course_id}/quizzes/${quiz.id}/submissions/${record.id}`,
    updated_at: isoSeconds(record.updated_at),
  };
}

/**
 * Canvas's QuizSubmissionQuestion JSON for each question the attempt drew: the answer given and the flag. With
 * `include[]=quiz_question` the question comes along as its taker may see it; after the attempt, a grader, or a
 * student whom the quiz allows, also gets the question's points and `correct`, and (correct answers shown) the
 * answers with their weights.
 */
export function attemptQuestionsJson(
  sub: QuizSubmissionData,
  quiz: QuizData,
  questions: ReadonlyMap<number, Stored<QuizQuestionData>>,
  opts: { includeQuestion: boolean; isGrader: boolean; now: number },
) {
  const finished = sub.workflow_state === 'pending_review' || sub.workflow_state === 'complete';
  const showResults = finished && (opts.isGrader || resultsVisible(quiz, sub));
  const showCorrect = finished && (opts.isGrader || correctAnswersVisible(quiz, sub, opts.now));
  const shuffleSeed = quiz.shuffle_answers ? `${sub.attempt}:${sub.validation_token}` : null;
  return sub.questions.flatMap((d) => {
    const q = questions.get(d.id);
    if (!q) return [];
    const result = sub.results[String(d.id)];
    return [{
      id: d.id,
      flagged: sub.flagged.includes(d.id),
      answer: sub.answers[String(d.id)] ?? null,
      // A taker's copy on a device has no correct answers to show: it shows what the attempt showed.
      ...(opts.includeQuestion ? { quiz_question: showCorrect && canScore(q.data) ? { ...quizQuestionJson(q), points_possible: d.points } : takerQuestionJson(q, d.points, shuffleSeed) } : {}),
      ...(showResults && result ? { points: result.points, correct: result.correct, ...(result.comment ? { comment: result.comment } : {}) } : {}),
    }];
  });
}
