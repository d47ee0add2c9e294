import { z } from 'zod';
import { ENROLLMENT_TYPES } from '../../domain/permissions/index.ts';
import {
  canvasBoolean,
  canvasEnum,
  canvasId,
  canvasInclude,
  canvasList,
  canvasString,
  paginationParams,
} from '../../http/params/canvas-params.ts';
import { ENROLLMENT_INCLUDES } from './enrollments.serializer.ts';

/** Id fields in a body accept Canvas's lookup forms (`sis_user_id:x`), resolved by the service. */
const idRef = () => canvasString().pipe(z.string().trim().min(1).max(300));

const enrollmentFields = z.object({
  // Kept loose here: Canvas answers a missing user or an unknown type with its own bare messages (see service).
  user_id: idRef().optional(),
  type: canvasString().optional(),
  role_id: canvasId().optional(),
  enrollment_state: canvasEnum(['active', 'invited', 'inactive']).optional(),
  course_section_id: idRef().optional(),
  limit_privileges_to_course_section: canvasBoolean().optional(),
  associated_user_id: idRef().optional(),
  // Outpost sends no mail; accepted so clients that always send them keep working.
  notify: canvasBoolean().optional(),
  self_enrolled: canvasBoolean().optional(),
});
export type EnrollmentFields = z.output<typeof enrollmentFields>;

export const createCourseEnrollmentParams = z.object({ course_id: z.string(), enrollment: enrollmentFields.optional() });
export type CreateCourseEnrollmentParams = z.output<typeof createCourseEnrollmentParams>;
export const createSectionEnrollmentParams = z.object({ section_id: z.string(), enrollment: enrollmentFields.optional() });
export type CreateSectionEnrollmentParams = z.output<typeof createSectionEnrollmentParams>;

const ENROLLMENT_STATES = [
  'active',
  'invited',
  'creation_pending',
  'deleted',
  'rejected',
  'completed',
  'inactive',
  'current_and_invited',
  'current_and_future',
  'current_and_concluded',
] as const;

const listFilters = {
  type: canvasList(canvasEnum(ENROLLMENT_TYPES)).optional(),
  role: canvasList(canvasString()).optional(),
  role_id: canvasList(canvasId()).optional(),
  state: canvasList(canvasEnum(ENROLLMENT_STATES)).optional(),
  user_id: idRef().optional(),
  include: canvasInclude(ENROLLMENT_INCLUDES),
  ...paginationParams,
};
export type EnrollmentListFilters = z.output<z.ZodObject<typeof listFilters>>;

export const listCourseEnrollmentsParams = z.object({ course_id: z.string(), ...listFilters });
export type ListCourseEnrollmentsParams = z.output<typeof listCourseEnrollmentsParams>;
export const listSectionEnrollmentsParams = z.object({ section_id: z.string(), ...listFilters });
export type ListSectionEnrollmentsParams = z.output<typeof listSectionEnrollmentsParams>;

/** `GET /users/:user_id/enrollments`: the course list's filters, the user being the path's. */
const { user_id: _byUser, ...userListFilters } = listFilters;
export const listUserEnrollmentsParams = z.object({ user_id: z.string(), ...userListFilters });
export type ListUserEnrollmentsParams = z.output<typeof listUserEnrollmentsParams>;

export const deleteEnrollmentParams = z.object({
  course_id: z.string(),
  id: canvasId(),
  task: canvasEnum(['conclude', 'delete', 'inactivate', 'deactivate']).default('conclude'),
});
export type DeleteEnrollmentParams = z.output<typeof deleteEnrollmentParams>;

export const reactivateEnrollmentParams = z.object({ course_id: z.string(), id: canvasId() });
export type ReactivateEnrollmentParams = z.output<typeof reactivateEnrollmentParams>;
