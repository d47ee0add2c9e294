import type { Assignment } from '../../../../contracts/lms-dtos.ts';

/** What the `Grade` box takes for the assignment's grading type, in the words the server accepts. */
export function gradeHint(assignment: Pick<Assignment, 'grading_type' | 'points_possible'>): string {
  const points = assignment.points_possible ?? 0;
  switch (assignment.grading_type) {
    case 'points':
      return `Points out of ${points}, or a percentage such as 85%.`;
    case 'percent':
      return 'A percentage such as 85%, or points.';
    case 'letter_grade':
      return 'A letter grade such as B+, or a percentage.';
    case 'gpa_scale':
      return 'A grade point such as 3.7, or a letter such as B+.';
    case 'pass_fail':
      return 'complete or incomplete.';
    default:
      return 'Leave empty to remove the grade.';
  }
}
