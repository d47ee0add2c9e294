import type { Assignment } from './lms-dtos.ts';

/**
 * What a student's (or their observer's) Grades screen reads: assignment groups with their assignments and one
 * student's posted group scores, and the course total from the student's enrollment.
 */

/** Posted percentages after drop rules; null where nothing counts yet. */
export interface ShownScores {
  current_score: number | null;
  final_score: number | null;
}

/** `GET …/assignment_groups?include[]=assignments&include[]=scores&student_id=`. */
export interface GradeGroup {
  id: number;
  name: string;
  position: number;
  group_weight: number | null;
  assignments: Assignment[];
  /** Null when the caller may not see that student's grades. */
  scores: ShownScores | null;
}

/** A student enrollment's `grades`, as the caller may see them (posted only, for students and observers). */
export interface EnrollmentGrades {
  current_score?: number | null;
  current_grade?: string | null;
  final_score?: number | null;
  final_grade?: string | null;
}

export interface StudentEnrollment {
  id: number;
  user_id: number;
  type: string;
  grades?: EnrollmentGrades;
  user?: { id: number; name: string };
}
