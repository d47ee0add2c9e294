import { z } from 'zod';
import { QUIZ_TYPES } from '../../domain/records/content-records.ts';
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
  // Outpost has no questions yet to sum, so a quiz's points are given directly.
  points_possible: z.union([pointsParam(), z.null()]).optional(),
  due_at: canvasDate().optional(),
  unlock_at: canvasDate().optional(),
  lock_at: canvasDate().optional(),
  time_limit: z.union([canvasInteger({ min: 1, max: 100_000 }), z.null()]).optional(),
  // -1 is Canvas's "unlimited".
  allowed_attempts: canvasInteger({ min: -1, max: 1000 }).optional(),
  shuffle_answers: canvasBoolean().optional(),
  published: canvasBoolean().optional(),
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
