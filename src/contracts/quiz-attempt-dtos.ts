import type { IsoDateTime } from './lms-dtos.ts';
import type { QuestionType } from './quiz-dtos.ts';
export type { HideResults, QuestionType, Quiz, QuizType } from './quiz-dtos.ts';

/**
 * Canvas's Classic Quizzes JSON as the quiz page, the attempt screen and the attempt grader read it
 * (docs/canvas-compatibility.md §20), narrowed to the fields they use.
 */



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
