import { z } from 'zod';
import {
  canvasBoolean,
  canvasEnum,
  canvasId,
  canvasInclude,
  canvasList,
  canvasString,
  paginationParams,
} from '../../http/params/canvas-params.ts';
import { PASSWORD_MAX_LENGTH } from '../../domain/auth/passwords.ts';
import { USER_INCLUDES } from './users.serializer.ts';

/** Trimmed text with Canvas's column limits. */
export const text = (max: number) => canvasString().pipe(z.string().trim().max(max));

/** A password as typed: never trimmed (spaces count), bounded so one request cannot ask for unbounded hashing. */
export const passwordParam = () => canvasString().pipe(z.string().max(PASSWORD_MAX_LENGTH));

/** An optional SIS-style id: an empty value means none (clients send `pseudonym[sis_user_id]=` to clear). */
export const optionalSisId = () =>
  text(255)
    .transform((value) => (value === '' ? null : value))
    .optional();

/** A locale the user may choose; an empty value clears the choice (Canvas then speaks the default language). */
export const localeParam = () =>
  text(32)
    .transform((value) => (value === '' ? null : value))
    .optional();

export const createUserParams = z.object({
  account_id: z.string(),
  user: z
    .object({
      name: text(255).optional(),
      short_name: text(255).optional(),
      sortable_name: text(255).optional(),
      time_zone: text(255).optional(),
      locale: localeParam(),
    })
    .default({}),
  pseudonym: z
    .object({
      // Optional here so a blank login reports Rails' `can't be blank` (see the service), as Canvas does.
      unique_id: text(100).optional(),
      password: passwordParam().optional(),
      sis_user_id: optionalSisId(),
      integration_id: optionalSisId(),
      // Outpost sends no mail; accepted so clients that always send it keep working.
      send_confirmation: canvasBoolean().optional(),
    })
    .default({}),
  communication_channel: z
    .object({
      type: canvasEnum(['email']).optional(),
      address: text(255).optional(),
      skip_confirmation: canvasBoolean().optional(),
    })
    .default({}),
});
export type CreateUserParams = z.output<typeof createUserParams>;

/**
 * `PUT /users/:id`: the settings people keep for themselves. Names are not editable here yet (Canvas recomputes the
 * sortable name and asks the account whether users may rename themselves); logins have their own API.
 */
export const updateUserParams = z.object({
  id: z.string(),
  user: z
    .object({
      time_zone: text(255).optional(),
      locale: localeParam(),
    })
    .default({}),
});
export type UpdateUserParams = z.output<typeof updateUserParams>;

export const showUserParams = z.object({ id: z.string() });
export type ShowUserParams = z.output<typeof showUserParams>;

export const userProfileParams = z.object({ user_id: z.string() });
export type UserProfileParams = z.output<typeof userProfileParams>;

/** Canvas's short enrollment words for `enrollment_type[]`; `student_view` names the test student. */
export const ENROLLMENT_TYPE_WORDS = ['student', 'teacher', 'ta', 'observer', 'designer', 'student_view'] as const;

export const courseUsersParams = z.object({
  course_id: z.string(),
  search_term: canvasString().optional(),
  enrollment_type: canvasList(canvasEnum(ENROLLMENT_TYPE_WORDS)).optional(),
  enrollment_role_id: canvasId().optional(),
  enrollment_state: canvasList(canvasEnum(['active', 'invited', 'rejected', 'completed', 'inactive'])).optional(),
  user_ids: canvasList(canvasId()).optional(),
  include: canvasInclude(USER_INCLUDES),
  ...paginationParams,
});
export type CourseUsersParams = z.output<typeof courseUsersParams>;

/** Canvas's `GET /courses/:id/students` takes no filters; it answers the course's current students in one list. */
export const courseStudentsParams = z.object({ course_id: z.string() });
