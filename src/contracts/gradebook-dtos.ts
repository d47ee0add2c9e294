import type { Submission } from './grading-dtos.ts';
import type { Assignment, AssignmentGroup } from './lms-dtos.ts';

/**
 * What the gradebook reads through the Canvas API: assignment groups with their assignments, the student
 * enrollments with their stored totals, and each student's submissions (`grouped`), limited to the fields used.
 */

/** `GET …/assignment_groups?include[]=assignments` */
export interface AssignmentGroupWithAssignments extends AssignmentGroup {
  group_weight: number;
  /** A rule is present only when it was set. */
  rules?: { drop_lowest?: number; drop_highest?: number; never_drop?: number[] };
  assignments: Assignment[];
}

/** Canvas's enrollment `grades`: percentages, null until something counts (posted grades only, for students and observers). */
export interface EnrollmentGrades {
  current_score?: number | null;
  final_score?: number | null;
  current_grade?: string | null;
  final_grade?: string | null;
  /** Graders only: the current total with unposted grades counted, as the gradebook shows it. */
  unposted_current_score?: number | null;
  unposted_current_grade?: string | null;
}

/** `GET …/enrollments?type[]=StudentEnrollment` */
export interface StudentEnrollment {
  id: number;
  user_id: number;
  type: string;
  course_section_id: number;
  enrollment_state: string;
  grades?: EnrollmentGrades;
  user: { id: number; name: string; sortable_name: string };
}

/** `GET …/students/submissions?grouped=1`: one entry per student. */
/**
 * What the gradebook holds of a submission: the fields its cells, markers, default grade and distribution read,
 * asked for with `response_fields[]`, so 50,000 submissions travel as a fraction of their full JSON.
 */
export const GRADEBOOK_SUBMISSION_FIELDS = ['id', 'user_id', 'assignment_id', 'score', 'entered_grade', 'excused', 'late', 'missing'] as const satisfies readonly (keyof Submission)[];
export type GradebookSubmission = Pick<Submission, (typeof GRADEBOOK_SUBMISSION_FIELDS)[number]>;

/** `GET …/students/submissions?grouped=1&response_fields[]=…` (GRADEBOOK_SUBMISSION_FIELDS) */
export interface StudentSubmissions {
  user_id: number;
  submissions: GradebookSubmission[];
}

/** Canvas's Progress: a background job (`update_grades`) as `GET /api/v1/progress/:id` reports it. */
export interface Progress {
  id: number;
  workflow_state: 'queued' | 'running' | 'completed' | 'failed';
  /** Percent done, 0–100; null before the job starts. */
  completion: number | null;
  message: string | null;
}

/** `GET …/custom_gradebook_columns`: a column of text per student (teacher notes is the course's one notes column). */
export interface CustomColumn {
  id: number;
  title: string;
  position: number;
  teacher_notes: boolean;
  read_only: boolean;
  hidden: boolean;
}

/** `GET …/custom_gradebook_columns/:id/data`: students without an entry are left out. */
export interface ColumnDatum {
  user_id: number;
  content: string;
}

/** `GET …/sections` */
export interface CourseSection {
  id: number;
  name: string;
}
