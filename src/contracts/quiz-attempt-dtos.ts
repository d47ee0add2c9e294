import type { IsoDateTime } from './lms-dtos.ts';

/**
 * Canvas's Classic Quizzes JSON as the quiz page, the attempt screen and the attempt grader read it
 * (docs/canvas-compatibility.md §20), narrowed to the fields they use.
 */

export type QuizType = 'practice_quiz' | 'assignment' | 'graded_survey' | 'survey';
export type HideResults = null | 'always' | 'until_after_last_attempt';

/** `GET /api/v1/courses/:course_id/quizzes/:id` */
export interface Quiz {
  id: number;
  title: string;
  description: string | null;
  quiz_type: QuizType;
  /** The quiz's gradebook assignment (graded quizzes), whose upload route takes a file question's files. */
  assignment_id: number | null;
  /** Minutes, or null for no limit. */
  time_limit: number | null;
  /** -1 for unlimited. */
  allowed_attempts: number;
  scoring_policy: 'keep_highest' | 'keep_latest' | 'keep_average';
  hide_results: HideResults;
  show_correct_answers: boolean;
  one_question_at_a_time: boolean;
  question_count: number;
  points_possible: number | null;
  has_access_code: boolean;
  due_at: IsoDateTime | null;
  unlock_at: IsoDateTime | null;
  lock_at: IsoDateTime | null;
  published: boolean;
}

export type QuizSubmissionState = 'settings_only' | 'untaken' | 'pending_review' | 'complete';

/** Canvas's QuizSubmission: one per student and quiz, holding the latest attempt (`attempt` counts them). */
export interface QuizSubmission {
  id: number;
  quiz_id: number;
  user_id: number;
  attempt: number | null;
  workflow_state: QuizSubmissionState;
  started_at: IsoDateTime | null;
  finished_at: IsoDateTime | null;
  end_at: IsoDateTime | null;
  /** Null for a student whose quiz hides results. */
  score: number | null;
  kept_score: number | null;
  fudge_points: number | null;
  quiz_points_possible: number | null;
  /** -1 for unlimited. */
  attempts_left: number;
  /** Outpost's: turned in on a device, not yet scored by its hub (docs/canvas-compatibility.md §20.5). */
  awaiting_sync?: boolean;
  /** Given to the attempt's owner only: the proof every answer, flag and completion carries. */
  validation_token?: string;
}

export type QuestionType =
  | 'multiple_choice_question'
  | 'true_false_question'
  | 'multiple_answers_question'
  | 'short_answer_question'
  | 'fill_in_multiple_blanks_question'
  | 'multiple_dropdowns_question'
  | 'matching_question'
  | 'numerical_question'
  | 'essay_question'
  | 'file_upload_question'
  | 'text_only_question';

/**
 * A question's answer. A taker sees `id` and `text` (and `blank_id`) only; a grader, or a student once the quiz
 * shows correct answers, also `weight` (100 for right) and the matching pairs.
 */
export interface QuizQuestionAnswer {
  id: number;
  text: string;
  blank_id?: string;
  weight?: number;
  left?: string;
  right?: string;
  match_id?: number;
}

export interface QuizQuestion {
  id: number;
  question_type: QuestionType;
  question_text: string;
  points_possible: number;
  answers: QuizQuestionAnswer[];
  /** Matching questions: the right sides to choose from. */
  matches?: Array<{ match_id: number; text: string }>;
}

/** An answer in its type's format (docs/canvas-compatibility.md §20.3); null when none is given. */
export type QuizAnswerValue =
  | number
  | string
  | number[]
  | Record<string, string | number | null>
  | Array<{ answer_id: number; match_id: number | null }>
  | null;

/** `GET /api/v1/quiz_submissions/:id/questions?include[]=quiz_question`: one drawn question of the attempt. */
export interface QuizSubmissionQuestion {
  id: number;
  flagged: boolean;
  answer: QuizAnswerValue;
  quiz_question?: QuizQuestion;
  /** After the attempt, where the quiz shows results (graders always). */
  points?: number;
  /** Canvas's words as strings; `undefined` for an unanswered or not yet hand-graded question. */
  correct?: 'true' | 'false' | 'partial' | 'undefined';
  comment?: string;
}

/** `GET …/submissions/:id/time` */
export interface QuizAttemptTime {
  end_at: IsoDateTime | null;
  /** Seconds. */
  time_left: number | null;
}

/** A grader's hand grading of the latest attempt (`PUT …/submissions/:id`). */
export interface QuizAttemptGrading {
  attempt: number;
  fudge_points: number | null;
  questions: Record<string, { score: number | null; comment: string }>;
}
