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

export const createQuizParams = z.object({
  course_id: courseIdParam,
  quiz: z.object({
    title: titleParam(),
    description: htmlParam().optional(),
    // Canvas's default: a graded quiz.
    quiz_type: canvasEnum(QUIZ_TYPES).default('assignment'),
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
  }),
});
export type NewQuiz = z.output<typeof createQuizParams>['quiz'];
