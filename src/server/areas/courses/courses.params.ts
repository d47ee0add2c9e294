import { z } from 'zod';
import { isOutpostLocale } from '../../../contracts/locales.ts';
import {
  canvasBoolean,
  canvasDate,
  canvasEnum,
  canvasId,
  canvasInclude,
  canvasList,
  canvasString,
  paginationParams,
} from '../../http/params/canvas-params.ts';
import { boundedText, canvasTimeZone, htmlParam, sisIdParam } from '../common/shared-params.ts';

export const DEFAULT_VIEWS = ['feed', 'wiki', 'modules', 'assignments', 'syllabus'] as const;
export const LICENSES = [
  'private',
  'cc_by_nc_nd',
  'cc_by_nc_sa',
  'cc_by_nc',
  'cc_by_nd',
  'cc_by_sa',
  'cc_by',
  'public_domain',
] as const;
export const COURSE_EVENTS = ['offer', 'claim', 'conclude', 'delete', 'undelete'] as const;
export type CourseEvent = (typeof COURSE_EVENTS)[number];

/** Blocks a course JSON can carry on request (`include[]`); unknown values are ignored, as Canvas does. */
export const COURSE_INCLUDES = [
  'total_students',
  'teachers',
  'term',
  'sections',
  'syllabus_body',
  'public_description',
  'concluded',
  'total_scores',
] as const;
export type CourseInclude = (typeof COURSE_INCLUDES)[number];

/** `state[]` words; Canvas's `created` and `claimed` are both shown as `unpublished`. */
const COURSE_STATES = ['unpublished', 'created', 'claimed', 'available', 'completed', 'deleted', 'all'] as const;
export type CourseStateFilter = (typeof COURSE_STATES)[number];

const courseRef = z.string().meta({ description: 'Course id or sis_course_id:<value>.' });
const accountRef = z.string().meta({ description: 'Account id, self, default or sis_account_id:<value>.' });
/** Empty or null clears an optional id (grading_standard_id=""), as a form can send nothing else. */
const clearableId = z.union([z.literal(''), z.null()]).transform(() => null).or(canvasId());

/** The writable course fields, shared by create and update; every one optional (update keeps what is absent). */
const courseFields = z.object({
  name: boundedText().optional(),
  course_code: boundedText().optional(),
  start_at: canvasDate().optional(),
  end_at: canvasDate().optional(),
  sis_course_id: sisIdParam().optional(),
  integration_id: sisIdParam().optional(),
  default_view: canvasEnum(DEFAULT_VIEWS).optional(),
  is_public: canvasBoolean().optional(),
  license: canvasEnum(LICENSES).optional(),
  time_zone: canvasTimeZone().optional(),
  /** One of Outpost's languages; empty clears it (the members' own languages apply again). */
  locale: boundedText(32)
    .transform((value) => (value === '' ? null : value))
    .pipe(z.union([z.null(), z.string().refine(isOutpostLocale, 'is not a language Outpost has')]))
    .optional(),
  syllabus_body: htmlParam().optional(),
  public_description: z.union([boundedText(65_535), z.null()]).optional(),
  grading_standard_id: clearableId.optional(),
  /** Canvas's switch for the course grading scheme: on without an id is the default scheme (id 0), off clears it. */
  grading_standard_enabled: canvasBoolean().optional(),
  apply_assignment_group_weights: canvasBoolean().optional(),
  hide_final_grades: canvasBoolean().optional(),
  offline_locked_content: canvasBoolean().optional(),
  restrict_enrollments_to_course_dates: canvasBoolean().optional(),
});
export type CourseFields = z.output<typeof courseFields>;

const includeParam = canvasInclude(COURSE_INCLUDES);
const stateParam = canvasList(canvasEnum(COURSE_STATES)).optional();

export const createCourseParams = z.object({
  account_id: accountRef,
  course: courseFields.optional(),
  offer: canvasBoolean().default(false),
  enroll_me: canvasBoolean().default(false),
});

export const accountCoursesParams = z.object({
  account_id: accountRef,
  search_term: canvasString().optional(),
  published: canvasBoolean().optional(),
  state: stateParam,
  sort: canvasEnum(['course_name', 'sis_course_id', 'id']).optional(),
  order: canvasEnum(['asc', 'desc']).optional(),
  include: includeParam,
  ...paginationParams,
});

export const ENROLLMENT_TYPE_FILTERS = ['teacher', 'student', 'ta', 'observer', 'designer'] as const;

export const userCoursesParams = z.object({
  enrollment_type: canvasEnum(ENROLLMENT_TYPE_FILTERS).optional(),
  enrollment_role_id: canvasId().optional(),
  enrollment_state: canvasEnum(['active', 'invited_or_pending', 'completed']).optional(),
  state: stateParam,
  include: includeParam,
  ...paginationParams,
});

export const showCourseParams = z.object({ id: courseRef, include: includeParam });

export const favoriteCoursesParams = z.object({ include: includeParam, ...paginationParams });

export const updateCourseParams = z.object({
  id: courseRef,
  course: courseFields.extend({ event: canvasEnum(COURSE_EVENTS).optional() }).optional(),
  offer: canvasBoolean().optional(),
});
export type CourseUpdate = NonNullable<z.output<typeof updateCourseParams>['course']>;

/** `event` stays a plain string so a missing or unknown one answers Canvas's own message, not a keyed error. */
export const deleteCourseParams = z.object({ id: courseRef, event: canvasString().optional() });
