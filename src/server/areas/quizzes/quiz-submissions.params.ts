import { z } from 'zod';
import { canvasBoolean, canvasId, canvasInclude, canvasInteger, canvasList, canvasNumber, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { courseIdParam } from '../assignments/assignments.params.ts';

const quizPath = { course_id: courseIdParam, quiz_id: canvasId() };
/** What proves an answer belongs to the attempt being taken. */
const proof = { attempt: canvasInteger({ min: 1, max: 100_000 }), validation_token: canvasString(z.string().max(255)) };

export const listQuizSubmissionsParams = z.object({ ...quizPath, ...paginationParams });
export const quizSubmissionParams = z.object({ ...quizPath, id: canvasId() });
export const startAttemptParams = z.object({ ...quizPath, access_code: canvasString(z.string().max(255)).optional(), preview: canvasBoolean().optional() });
export const completeAttemptParams = z.object({ ...quizPath, id: canvasId(), ...proof, access_code: canvasString(z.string().max(255)).optional() });

export const attemptQuestionsParams = z.object({ quiz_submission_id: canvasId(), include: canvasInclude(['quiz_question']) });
export const answerQuestionsParams = z.object({
  quiz_submission_id: canvasId(),
  ...proof,
  access_code: canvasString(z.string().max(255)).optional(),
  // `answer`'s shape depends on the question's type; quiz-answer-formats.ts reads it.
  quiz_questions: canvasList(z.object({ id: canvasId(), answer: z.unknown().optional() })).default([]),
});
export const flagQuestionParams = z.object({ quiz_submission_id: canvasId(), id: canvasId(), ...proof });

const minutes = canvasInteger({ min: 0, max: 100_000 });
export const extensionsParams = z.object({
  ...quizPath,
  quiz_extensions: canvasList(
    z.object({
      user_id: canvasId(),
      extra_attempts: canvasInteger({ min: 0, max: 1000 }).optional(),
      extra_time: minutes.optional(),
      manually_unlocked: canvasBoolean().optional(),
      extend_from_now: minutes.optional(),
      extend_from_end_at: minutes.optional(),
    }),
  ),
});

export const gradeAttemptParams = z.object({
  ...quizPath,
  id: canvasId(),
  quiz_submissions: canvasList(
    z.object({
      attempt: canvasInteger({ min: 1, max: 100_000 }),
      fudge_points: z.union([canvasNumber(), z.null()]).optional(),
      questions: z.record(z.string().regex(/^\d{1,16}$/), z.object({ score: z.union([canvasNumber(), z.null()]).optional(), comment: canvasString(z.string().max(10_000)).optional() })).optional(),
    }),
  ).refine((list) => list.length === 1, 'must hold exactly one attempt'),
});
export type GradeAttempt = z.output<typeof gradeAttemptParams>['quiz_submissions'][number];

/** `all_versions` is accepted; only the latest attempts are kept, so they are what statistics count. */
export const quizStatisticsParams = z.object({ ...quizPath, all_versions: canvasBoolean().optional() });
