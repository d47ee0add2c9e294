import type { GroupScores } from '../../../contracts/grading/course-totals.ts';
import type { AssignmentGroupData } from '../../domain/records/grading-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** Canvas's AssignmentGroup JSON (`lib/api/v1/assignment_group.rb`); `assignments` only with include[]=assignments. */
export function assignmentGroupJson(
  group: Stored<AssignmentGroupData>,
  assignments?: readonly Record<string, unknown>[],
  scores?: GroupScores | null,
): Record<string, unknown> {
  const g = group.data;
  return {
    id: group.id,
    name: g.name,
    position: g.position,
    group_weight: g.group_weight,
    sis_source_id: null,
    integration_data: {},
    rules: g.rules,
    ...(assignments ? { assignments } : {}),
    // include[]=scores: null when the caller may not see that student's grades.
    ...(scores !== undefined ? { scores: scores && { current_score: scores.current_score, final_score: scores.final_score } } : {}),
  };
}
