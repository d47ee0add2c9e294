import type { IsoDateTime } from './lms-dtos.ts';

/* Classic Quizzes' quiz JSON, the same for the screens that take, grade and write quizzes (docs/canvas-compatibility.md §20). */

export type QuizType = 'practice_quiz' | 'assignment' | 'graded_survey' | 'survey';
export type HideResults = null | 'always' | 'until_after_last_attempt';

export const QUESTION_TYPES = [
  'multiple_choice_question',
  'true_false_question',
  'multiple_answers_question',
  'short_answer_question',
  'fill_in_multiple_blanks_question',
  'multiple_dropdowns_question',
  'matching_question',
  'numerical_question',
  'essay_question',
  'file_upload_question',
  'text_only_question',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

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
  shuffle_answers: boolean;
  question_count: number;
  points_possible: number | null;
  has_access_code: boolean;
  due_at: IsoDateTime | null;
  unlock_at: IsoDateTime | null;
  lock_at: IsoDateTime | null;
  published: boolean;
}
