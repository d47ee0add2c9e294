import { describe, expect, it } from 'vitest';
import { courseScores } from '../../../src/contracts/grading/course-totals.ts';
import { structureFromApi, type CountedAssignmentJson } from '../../../src/contracts/grading/structure-from-api.ts';

const counted = (id: number, fields: Partial<CountedAssignmentJson> = {}): CountedAssignmentJson => ({
  id,
  points_possible: 10,
  published: true,
  grading_type: 'points',
  ...fields,
});

/** The structure a screen rebuilds from the API's groups must count exactly the work the server counts. */
describe('structureFromApi', () => {
  it('counts published, graded work not omitted from the final grade, in its group, with the rules Canvas echoes', () => {
    const structure = structureFromApi(true, [
      {
        id: 1,
        group_weight: 40,
        rules: { drop_lowest: 1 },
        assignments: [counted(1), counted(2, { published: false }), counted(3, { grading_type: 'not_graded' }), counted(4, { omit_from_final_grade: true })],
      },
      { id: 2, group_weight: 60, assignments: [counted(5, { points_possible: null, muted: true })] },
    ]);
    expect(structure).toEqual({
      weighted: true,
      groups: [
        { id: 1, weight: 40, rules: { drop_lowest: 1, drop_highest: 0, never_drop: [] } },
        { id: 2, weight: 60, rules: { drop_lowest: 0, drop_highest: 0, never_drop: [] } },
      ],
      assignments: [
        { id: 1, group_id: 1, points_possible: 10, muted: false },
        { id: 5, group_id: 2, points_possible: null, muted: true },
      ],
    });
  });

  it('gives the server’s totals: weighted 40/60, homework dropping its lowest', () => {
    const structure = structureFromApi(true, [
      { id: 1, group_weight: 40, rules: { drop_lowest: 1 }, assignments: [counted(1), counted(2), counted(3)] },
      { id: 2, group_weight: 60, assignments: [counted(4, { points_possible: 100 })] },
    ]);
    const scores = [5, 8, 9, 70].map((score, i) => ({ assignment_id: i + 1, score, excused: false }));
    // Homework 17/20 after dropping the 5 → 85; exams 70: 0.4 × 85 + 0.6 × 70 = 76.
    expect(courseScores(structure, scores).current_score).toBe(76);
  });
});
