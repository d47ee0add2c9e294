/**
 * Shapes of Classic Quizzes' questions, question groups (`course` collection) and attempts (`course_user`), with
 * Canvas's field names (docs/decisions/0100-quiz-attempts-and-scoring.md).
 */

// The question types are part of the API's contract: the quiz editor offers the same list the server accepts.
import type { QuestionType } from '../../../contracts/quiz-dtos.ts';
export { QUESTION_TYPES, type QuestionType } from '../../../contracts/quiz-dtos.ts';

export const NUMERICAL_ANSWER_TYPES = ['exact_answer', 'range_answer', 'precision_answer'] as const;
export type NumericalAnswerType = (typeof NUMERICAL_ANSWER_TYPES)[number];

/** One answer of a question as stored: the fields of its type are set, the others absent. */
export interface QuizAnswer {
  /** Unique within the question; choices, dropdown options and matching left sides are answered by it. */
  id: number;
  text: string;
  /** 100 for a correct answer, 0 otherwise (Canvas's `weight`). */
  weight: number;
  comments?: string;
  /** fill_in_multiple_blanks and multiple_dropdowns: the blank (`[color]` in the text) it fills. */
  blank_id?: string;
  /** matching: the left side (`text`), its correct right side and that side's id among `matches`. */
  left?: string;
  right?: string;
  match_id?: number;
  numerical_answer_type?: NumericalAnswerType;
  exact?: number;
  margin?: number;
  start?: number;
  end?: number;
  approximate?: number;
  precision?: number;
}

/** A matching question's right side (the correct ones and the distractors). */
export interface QuizMatch {
  match_id: number;
  text: string;
}

export interface QuizQuestionData {
  course_id: number;
  quiz_id: number;
  quiz_group_id: number | null;
  position: number;
  question_name: string;
  /** Sanitized HTML. */
  question_text: string;
  question_type: QuestionType;
  points_possible: number;
  correct_comments: string;
  incorrect_comments: string;
  neutral_comments: string;
  answers: QuizAnswer[];
  matches: QuizMatch[];
  /** matching: the distractors as the teacher listed them, one per line. */
  matching_answer_incorrect_matches?: string;
  workflow_state: 'active' | 'deleted';
  /**
   * Set on a taker's copy on a device (decision 0120): the answers carry no weights, the comments and pairs are
   * not there, so an attempt drawing it is scored by the hub, not here.
   */
  answers_withheld?: true;
}

export interface QuizGroupData {
  course_id: number;
  quiz_id: number;
  name: string;
  /** How many of its questions each attempt draws. */
  pick_count: number;
  /** Every drawn question is worth this, whatever its own points. */
  question_points: number;
  position: number;
  workflow_state: 'active' | 'deleted';
}

/** Canvas's quiz submission states; `settings_only` holds extensions for someone who has not started yet. */
export type QuizSubmissionState = 'settings_only' | 'untaken' | 'pending_review' | 'complete';

/** A question as an attempt drew it: its id, and the points it is worth in this quiz (a group's question_points). */
export interface DrawnQuestion {
  id: number;
  points: number;
}

/** The outcome of one question in a finished attempt. */
export interface QuestionResult {
  points: number;
  correct: 'true' | 'false' | 'partial' | 'undefined';
  /** Set by a grader (essays, uploads, or an override); replaces the automatic points. */
  graded_by_hand?: boolean;
  comment?: string;
}

/** What a finished attempt leaves behind for kept-score policies and the attempt history. */
export interface FinishedAttempt {
  attempt: number;
  score: number;
  started_at: string;
  finished_at: string;
  workflow_state: 'pending_review' | 'complete';
}

/**
 * One per student and quiz, as Canvas's QuizSubmission: the current (or last) attempt in full, and the scores of
 * earlier attempts, which the scoring policy keeps from.
 */
export interface QuizSubmissionData {
  course_id: number;
  quiz_id: number;
  user_id: number;
  attempt: number;
  workflow_state: QuizSubmissionState;
  started_at: string | null;
  end_at: string | null;
  finished_at: string | null;
  extra_attempts: number;
  extra_time: number;
  /** Names the attempt being answered; answering needs it (Canvas's `validation_token`). */
  validation_token: string;
  questions: DrawnQuestion[];
  /** The answers given so far, by question id, in Canvas's answer formats. */
  answers: Record<string, unknown>;
  flagged: number[];
  /** By question id; set when the attempt finishes (and by graders). */
  results: Record<string, QuestionResult>;
  score: number | null;
  fudge_points: number;
  kept_score: number | null;
  history: FinishedAttempt[];
  /** The student's submission of the quiz's assignment, once a finished attempt reached it. */
  submission_id: number | null;
  /**
   * An attempt a device replayed (decision 0120): the device's own times of its start and turn-in, which
   * `started_at` and `finished_at` keep only as far as the hub can prove them, and when the hub received the
   * turn-in. Absent for an attempt made here.
   */
  device_started_at?: string;
  device_finished_at?: string | null;
  received_at?: string | null;
  /** Turned in on a device that could not score it (it lacks the weights): the hub scores it when the device syncs. */
  awaiting_sync?: boolean;
}

export function quizSubmissionKey(quizId: number, userId: number): string {
  return `quiz_submission:${quizId}:${userId}`;
}
