import type { EnrollmentState, EnrollmentType } from '../permissions/index.ts';

/** Shapes of the records in the `course` collection (replicated to devices of the course's members). */

export type CourseWorkflowState = 'unpublished' | 'available' | 'completed' | 'deleted';

export interface CourseData {
  name: string;
  course_code: string;
  account_id: number;
  root_account_id: number;
  workflow_state: CourseWorkflowState;
  sis_course_id: string | null;
  integration_id: string | null;
  uuid: string;
  /** ISO 8601 UTC strings, as the API shows them. */
  start_at: string | null;
  end_at: string | null;
  time_zone: string;
  default_view: 'feed' | 'wiki' | 'modules' | 'assignments' | 'syllabus';
  syllabus_body: string | null;
  public_description: string | null;
  is_public: boolean;
  license: string;
  restrict_enrollments_to_course_dates: boolean;
  grading_standard_id: number | null;
  apply_assignment_group_weights: boolean;
  hide_final_grades: boolean;
  /**
   * Outpost extension: devices receive locked pages, assignments and files with their bodies ahead of the
   * unlock, so a class can work offline through a module sequence; each device's API still enforces the lock
   * (docs/decisions/0048). Absent on courses stored before it existed: off.
   */
  offline_locked_content?: boolean;
  /** The course's language (Canvas's `course[locale]`), which overrides each member's own inside it; absent: none. */
  locale?: string | null;
}

export interface SectionData {
  name: string;
  course_id: number;
  sis_section_id: string | null;
  integration_id: string | null;
  start_at: string | null;
  end_at: string | null;
  restrict_enrollments_to_section_dates: boolean;
  /** Canvas creates one default section per course; enrollments without a section land there. */
  default_section: boolean;
  workflow_state: 'active' | 'deleted';
}

export interface EnrollmentData {
  user_id: number;
  course_id: number;
  course_section_id: number;
  type: EnrollmentType;
  role_id: number;
  /** The stored state; a concluded course reports `completed` without rewriting it (see enrollment state rules). */
  workflow_state: EnrollmentState | 'creation_pending';
  limit_privileges_to_course_section: boolean;
  associated_user_id: number | null;
  start_at: string | null;
  end_at: string | null;
  last_activity_at: string | null;
}
