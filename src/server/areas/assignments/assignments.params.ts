import { z } from 'zod';
import { GRADING_TYPES, SUBMISSION_TYPES } from '../../domain/records/content-records.ts';
import {
  canvasBoolean,
  canvasDate,
  canvasDueDate,
  canvasEnum,
  canvasId,
  canvasInclude,
  canvasInteger,
  canvasList,
  canvasNumber,
  canvasString,
  paginationParams,
} from '../../http/params/canvas-params.ts';
import { htmlParam } from '../common/shared-params.ts';
import { ASSIGNMENT_BUCKETS } from './assignment-buckets.ts';

/** `:course_id` is resolved by the access rule (plain id or `sis_course_id:`), so it stays raw text here. */
export const courseIdParam = z.string().meta({ description: 'Course id or sis_course_id:<value>.' });

export const ASSIGNMENT_INCLUDES = ['submission', 'all_dates', 'overrides', 'can_edit'] as const;

/** Points a quiz, topic or assignment can be worth; a bound keeps JSON numbers sane. */
export const pointsParam = () => canvasNumber().pipe(z.number().min(0).max(1_000_000_000));
export const titleParam = () => canvasString().pipe(z.string().trim().min(1).max(255));
/** HTML bodies; the route raises its body limit to 2 MB for them. */

/** The writable fields; every one optional so PUT changes only what it names. */
export const assignmentFields = z.object({
  name: titleParam().optional(),
  description: htmlParam().optional(),
  points_possible: z.union([pointsParam(), z.null()]).optional(),
  grading_type: canvasEnum(GRADING_TYPES).optional(),
  submission_types: canvasList(canvasEnum(SUBMISSION_TYPES)).optional(),
  allowed_extensions: canvasList(canvasString().pipe(z.string().trim().min(1).max(20))).optional(),
  // Canvas: -1 (unlimited) or a positive limit.
  allowed_attempts: canvasInteger({ min: -1, max: 1000 }).refine((n) => n !== 0, 'must be -1 (unlimited) or at least 1').optional(),
  due_at: canvasDueDate().optional(),
  unlock_at: canvasDate().optional(),
  lock_at: canvasDate().optional(),
  peer_reviews: canvasBoolean().optional(),
  automatic_peer_reviews: canvasBoolean().optional(),
  peer_review_count: canvasInteger({ min: 0, max: 100 }).optional(),
  published: canvasBoolean().optional(),
  grading_standard_id: z.union([canvasId(), z.null(), z.literal('')]).optional(),
  position: canvasInteger({ min: 1, max: 100_000 }).optional(),
  omit_from_final_grade: canvasBoolean().optional(),
  anonymous_grading: canvasBoolean().optional(),
  /** A live group of the course; another id is ignored, as Canvas does, and the assignment stays where it is. */
  assignment_group_id: canvasId().optional(),
  /** Hides the assignment's grades from students' totals until it is unmuted (Canvas's pre-post-policy switch). */
  muted: canvasBoolean().optional(),
});
export type AssignmentFields = z.output<typeof assignmentFields>;

export const listAssignmentsParams = z.object({
  course_id: courseIdParam,
  include: canvasInclude(ASSIGNMENT_INCLUDES),
  search_term: canvasString().optional(),
  bucket: canvasEnum(ASSIGNMENT_BUCKETS).optional(),
  ...paginationParams,
});

export const showAssignmentParams = z.object({
  course_id: courseIdParam,
  id: canvasId(),
  include: canvasInclude(ASSIGNMENT_INCLUDES),
});

export const createAssignmentParams = z.object({
  course_id: courseIdParam,
  // Canvas requires a name on create; PUT keeps the current one.
  assignment: assignmentFields.extend({ name: titleParam() }),
});

export const updateAssignmentParams = z.object({
  course_id: courseIdParam,
  id: canvasId(),
  assignment: assignmentFields,
});

export const deleteAssignmentParams = z.object({ course_id: courseIdParam, id: canvasId() });
