import { z } from 'zod';
import { HIDE_RESULTS, QUIZ_TYPES, SCORING_POLICIES } from '../../domain/records/content-records.ts';
import {
  canvasBoolean,
  canvasDate,
  canvasEnum,
  canvasId,
  canvasInteger,
  canvasString,
  paginationParams,
} from '../../http/params/canvas-params.ts';
import { courseIdParam, pointsParam, titleParam } from '../assignments/assignments.params.ts';
import { htmlParam } from '../common/shared-params.ts';

export const listQuizzesParams = z.object({
  course_id: courseIdParam,
  search_term: canvasString().optional(),
  ...paginationParams,
});

export const showQuizParams = z.object({ course_id: courseIdParam, id: canvasId() });

/** The writable fields; every one optional, so a PUT changes only what it names. */
const quizFields = z.object({
  title: titleParam().optional(),
  description: htmlParam().optional(),
  quiz_type: canvasEnum(QUIZ_TYPES).optional(),
  // Given directly only while the quiz has no questions; once it has, they are the sum of its questions' points.
  points_possible: z.union([pointsParam(), z.null()]).optional(),
  due_at: canvasDate().optional(),
  unlock_at: canvasDate().optional(),
  lock_at: canvasDate().optional(),
  time_limit: z.union([canvasInteger({ min: 1, max: 100_000 }), z.null()]).optional(),
  // -1 is Canvas's "unlimited".
  allowed_attempts: canvasInteger({ min: -1, max: 1000 }).optional(),
  shuffle_answers: canvasBoolean().optional(),
  published: canvasBoolean().optional(),
  scoring_policy: canvasEnum(SCORING_POLICIES).optional(),
  show_correct_answers: canvasBoolean().optional(),
  show_correct_answers_at: canvasDate().optional(),
  hide_correct_answers_at: canvasDate().optional(),
  show_correct_answers_last_attempt: canvasBoolean().optional(),
  one_question_at_a_time: canvasBoolean().optional(),
  cant_go_back: canvasBoolean().optional(),
  // An empty code (or null) removes it, as a cleared form field does in Canvas.
  access_code: z.union([canvasString(z.string().max(255)), z.null()]).transform((code) => (code === '' ? null : code)).optional(),
  hide_results: z.union([canvasEnum(HIDE_RESULTS), z.literal(''), z.null()]).transform((h) => (h === '' ? null : h)).optional(),
});
export type QuizFields = z.output<typeof quizFields>;

export const createQuizParams = z.object({
  course_id: courseIdParam,
  // Canvas requires a title on create; PUT keeps the current one.
  quiz: quizFields.extend({ title: titleParam() }),
});
export type NewQuiz = z.output<typeof createQuizParams>['quiz'];

/** Canvas's update takes the same `quiz[…]` hash; a request without one changes nothing. */
export const updateQuizParams = z.object({ course_id: courseIdParam, id: canvasId(), quiz: quizFields.default({}) });
