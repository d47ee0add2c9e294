import { z } from 'zod';
import { canvasBoolean, canvasDate, canvasId, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { boundedText } from '../common/shared-params.ts';

/*
 * Canvas documents JSON bodies here; form brackets (`assessments[][key]=…`) are read the same way (docs/canvas-compatibility.md
 * §0.5). Lists are checked by the service, so their absence gets Canvas's own "missing required key" answer.
 */

const assessmentFields = z.object({
  key: boundedText(255).optional(),
  title: boundedText(255).optional(),
  links: z.object({ outcome: canvasString().optional() }).optional(),
});
export type AssessmentFields = z.output<typeof assessmentFields>;

const resultFields = z.object({
  passed: canvasBoolean().optional(),
  assessed_at: canvasDate().optional(),
  links: z.object({ user: canvasString().optional() }).optional(),
});
export type ResultFields = z.output<typeof resultFields>;

const courseRef = z.string().meta({ description: 'Course id or sis_course_id:<value>.' });

export const listAssessmentsParams = z.object({ course_id: courseRef, ...paginationParams });
export const createAssessmentsParams = z.object({ course_id: courseRef, assessments: canvasList(assessmentFields).optional() });
export const listResultsParams = z.object({
  course_id: courseRef,
  assessment_id: canvasId(),
  user_id: canvasId().optional(),
  ...paginationParams,
});
export const createResultsParams = z.object({ course_id: courseRef, assessment_id: canvasId(), results: canvasList(resultFields).optional() });
