import type { CourseData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';

/** The caller's enrollment as Canvas embeds it in course JSON (`lib/api/v1/course_json.rb`). */
export interface CourseEnrollmentJson {
  type: string;
  role: string;
  role_id: number;
  user_id: number;
  enrollment_state: string;
  limit_privileges_to_course_section: boolean;
  associated_user_id?: number | null;
}

/**
 * The implicit default term's id. Canvas's default term is a record with an id, and the mobile apps decode a
 * course's `term.id` as a required value, so it is never null (docs/canvas-compatibility.md §26).
 */
export const DEFAULT_TERM_ID = 1;

/**
 * Canvas's Course JSON as an allow-list. `extra` carries the caller's enrollments and the `include[]` blocks,
 * computed by courses.includes.ts for a whole page at once.
 */
export function courseJson(course: Stored<CourseData>, extra: Record<string, unknown> = {}) {
  const c = course.data;
  return {
    id: course.id,
    name: c.name,
    course_code: c.course_code,
    original_name: null,
    account_id: c.account_id,
    root_account_id: c.root_account_id,
    uuid: c.uuid,
    workflow_state: c.workflow_state,
    created_at: isoSeconds(course.created_at),
    start_at: c.start_at,
    end_at: c.end_at,
    sis_course_id: c.sis_course_id,
    integration_id: c.integration_id,
    sis_import_id: null,
    // Outpost has no enrollment terms yet: every course is in the implicit default term.
    enrollment_term_id: DEFAULT_TERM_ID,
    default_view: c.default_view,
    is_public: c.is_public,
    is_public_to_auth_users: false,
    public_syllabus: false,
    public_syllabus_to_auth: false,
    license: c.license,
    time_zone: c.time_zone,
    locale: c.locale ?? null,
    grading_standard_id: c.grading_standard_id,
    apply_assignment_group_weights: c.apply_assignment_group_weights,
    hide_final_grades: c.hide_final_grades,
    offline_locked_content: c.offline_locked_content ?? false,
    restrict_enrollments_to_course_dates: c.restrict_enrollments_to_course_dates,
    blueprint: false,
    template: false,
    homeroom_course: false,
    ...extra,
  };
}

/** `type` as Canvas spells it in course JSON: `TeacherEnrollment` → `teacher`. */
export function enrollmentTypeWord(type: string): string {
  return type.replace(/Enrollment$/, '').toLowerCase();
}
