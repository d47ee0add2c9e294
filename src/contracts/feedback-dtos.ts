import type { AssignmentGroupWithAssignments } from './gradebook-dtos.ts';

export type { EnrollmentGrades, StudentEnrollment } from './gradebook-dtos.ts';

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
export interface GradeGroup extends AssignmentGroupWithAssignments {
  /** Null when the caller may not see that student's grades. */
  scores: ShownScores | null;
}
