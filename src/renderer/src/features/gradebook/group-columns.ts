import { groupScores, type GradingStructure } from '../../../../contracts/grading/course-totals.ts';
import { cellKey, type GradebookData } from '../../stores/gradebook-store.ts';

/**
 * One student's current percentage in each assignment group, by group id, as the teacher sees it: every grade
 * counts, posted or not, ungraded work is left out, excused work too, and the groups' drop rules apply. Computed
 * from the grid's own submissions with the server's arithmetic, so a saved grade (also one saved offline) moves
 * its group at once and the figure is the one the server would give.
 */
export function teacherGroupPercents(structure: GradingStructure, submissions: GradebookData['submissions'], studentId: number): Map<number, number | null> {
  const scores = structure.assignments.flatMap((a) => submissions[cellKey(studentId, a.id)] ?? []);
  return new Map(groupScores(structure, scores, 'unposted').map((g) => [g.id, g.current_score]));
}
