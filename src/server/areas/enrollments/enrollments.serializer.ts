import { builtInRole } from '../../domain/permissions/index.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';
import { userJson } from '../users/users.serializer.ts';
import type { CourseEnrollment, EnrollmentReach, EnrollmentRelations } from './enrollment-roster.ts';

export const ENROLLMENT_INCLUDES = ['avatar_url', 'group_ids', 'locked', 'uuid'] as const;

export interface EnrollmentView {
  baseUrl: string;
  /** SIS ids and logins, for callers who manage people in the course (Canvas's `user_json_is_admin?`). */
  showSis: boolean;
  includes: ReadonlySet<string>;
  /** Whose scores and activity the caller may see. */
  reach: EnrollmentReach;
}

/** Canvas's Enrollment JSON from an allow-list; `enrollment_state` is the effective one. */
export function enrollmentJson(enrollment: CourseEnrollment, relations: EnrollmentRelations, view: EnrollmentView): Record<string, unknown> {
  const { record, state } = enrollment;
  const e = record.data;
  const { course } = relations;
  const section = relations.sections.get(e.course_section_id);
  const json: Record<string, unknown> = {
    id: record.id,
    user_id: e.user_id,
    course_id: e.course_id,
    type: e.type,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    associated_user_id: e.associated_user_id,
    start_at: isoOrNull(e.start_at),
    end_at: isoOrNull(e.end_at),
    course_section_id: e.course_section_id,
    root_account_id: course.data.root_account_id ?? course.data.account_id,
    limit_privileges_to_course_section: e.limit_privileges_to_course_section,
    enrollment_state: state,
    role: builtInRole(e.role_id)?.name ?? relations.customRoleNames.get(e.role_id) ?? e.type,
    role_id: e.role_id,
    html_url: `${view.baseUrl}/courses/${e.course_id}/users/${e.user_id}`,
  };
  if (view.reach.activity(e.user_id)) Object.assign(json, { last_activity_at: isoOrNull(e.last_activity_at), last_attended_at: null, total_activity_time: 0 });
  if (view.showSis) {
    Object.assign(json, {
      sis_account_id: null,
      sis_course_id: course.data.sis_course_id,
      course_integration_id: course.data.integration_id,
      sis_section_id: section?.data.sis_section_id ?? null,
      section_integration_id: section?.data.integration_id ?? null,
      sis_user_id: relations.users.get(e.user_id)?.data.sis_user_id ?? null,
      sis_import_id: null,
    });
  }
  if (e.type === 'StudentEnrollment') {
    // The link for everyone; the scores only where Canvas's has_grade_permissions? holds (the student, their
    // observers, graders), never a classmate's.
    const scores = view.reach.grades(e.user_id) ? relations.grades.get(e.user_id) : undefined;
    json.grades = { html_url: `${view.baseUrl}/courses/${e.course_id}/grades/${e.user_id}`, ...scores };
  }
  if (view.includes.has('group_ids')) json.group_ids = [];
  if (view.includes.has('locked')) json.locked = false;
  const user = relations.users.get(e.user_id);
  if (user) {
    const userIncludes = new Set([...view.includes].filter((include) => include === 'avatar_url' || include === 'uuid'));
    json.user = userJson(user, { baseUrl: view.baseUrl, showLogins: view.showSis, includes: userIncludes });
  }
  return json;
}
