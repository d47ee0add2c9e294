import type { IsoDateTime } from './lms-dtos.ts';
import type { QuestionType, QuizType } from './quiz-dtos.ts';
export { QUESTION_TYPES } from './quiz-dtos.ts';
export type { QuestionType, Quiz, QuizType } from './quiz-dtos.ts';

/* Classic Quizzes as the API prints them to those who build and grade a course (docs/canvas-compatibility.md §20). */


export type NumericalAnswerType = 'exact_answer' | 'range_answer' | 'precision_answer';


/** What the quiz editor sends as `quiz[…]`. */
export interface QuizWrite {
  title: string;
  description: string;
  quiz_type: QuizType;
  time_limit: number | null;
  allowed_attempts: number;
  shuffle_answers: boolean;
  due_at: IsoDateTime | null;
  unlock_at: IsoDateTime | null;
  lock_at: IsoDateTime | null;
  published?: boolean;
}

/** One answer of a question as its editors see it (the fields of its type are set). */
export interface QuizAnswer {
  id: number;
  text: string;
  weight: number;
  blank_id?: string;
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

/** `GET …/quizzes/:quiz_id/questions`. */
export interface QuizQuestion {
  id: number;
  position: number;
  question_type: QuestionType;
  /** Sanitized HTML. */
  question_text: string;
  points_possible: number;
  answers: QuizAnswer[];
  matching_answer_incorrect_matches?: string;
}

/** One `question[answers][]` entry, in Canvas's request names. */
export interface QuizAnswerWrite {
  answer_text?: string;
  answer_weight?: number;
  blank_id?: string;
  answer_match_left?: string;
  answer_match_right?: string;
  numerical_answer_type?: NumericalAnswerType;
  exact?: number;
  margin?: number;
  start?: number;
  end?: number;
  approximate?: number;
  precision?: number;
}

export interface QuizQuestionWrite {
  question_name: string;
  question_type: QuestionType;
  question_text: string;
  points_possible: number;
  answers: QuizAnswerWrite[];
  matching_answer_incorrect_matches?: string;
}

/** The requests `Save quiz` makes: the quiz's fields, each question (sent when new or changed), the saved questions deleted. */
export interface QuizSave {
  quiz: QuizWrite;
  questions: Array<{ key: string; id: number | undefined; write: QuizQuestionWrite; changed: boolean }>;
  removed: number[];
}

/** `GET …/quizzes/:quiz_id/statistics`: one answer and how many students gave it (`none`: no answer; `other`: none listed). */
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

export interface QuestionStatistics {
  id: number;
  question_type: QuestionType;
  question_text: string;
  position: number;
  responses: number;
  correct_student_count: number;
  partially_correct_student_count: number;
  incorrect_student_count: number;
  answers?: AnswerStatistics[];
  /** A blank (its id as text) or a matching left side, with the answers given for it. */
  answer_sets?: Array<{ id: string; text: string; answers: AnswerStatistics[] }>;
  graded?: number;
  full_credit?: number;
}

export interface SubmissionStatistics {
  unique_count: number;
  score_average: number | null;
  score_high: number | null;
  score_low: number | null;
  duration_average: number | null;
}

export interface QuizStatistics {
  points_possible: number | null;
  question_statistics: QuestionStatistics[];
  submission_statistics: SubmissionStatistics;
}
