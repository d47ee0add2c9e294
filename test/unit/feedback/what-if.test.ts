import { describe, expect, it } from 'vitest';
import type { GradeGroup } from '../../../src/contracts/feedback-dtos.ts';
import type { Submission } from '../../../src/contracts/grading-dtos.ts';
import type { Assignment, Course } from '../../../src/contracts/lms-dtos.ts';
import { takesWhatIf, whatIfScores, whatIfTotals, whatIfValue } from '../../../src/renderer/src/features/grades/what-if.ts';

const assignment = (id: number, fields: Partial<Assignment> = {}) =>
  ({ id, name: `A${id}`, points_possible: 10, published: true, grading_type: 'points', ...fields }) as Assignment;
const graded = (assignment_id: number, score: number | null, excused = false) => ({ assignment_id, score, excused }) as Submission;
const course = (fields: Partial<Course> = {}) => ({ id: 1, apply_assignment_group_weights: true, grading_standard_id: null, ...fields }) as Course;
const groups = [
  { id: 1, name: 'Homework', position: 1, group_weight: 40, rules: { drop_lowest: 1 }, assignments: [assignment(1), assignment(2), assignment(3)], scores: null },
  { id: 2, name: 'Exams', position: 2, group_weight: 60, assignments: [assignment(4, { points_possible: 100 })], scores: null },
] as GradeGroup[];
const actual = [graded(1, 5), graded(2, 8), graded(3, 9), graded(4, 70)];

/** A student's hypothetical scores: what they may try and what the totals become (hand-computed). */
describe('what-if scores', () => {
  it('without a what-if score, the totals are the actual ones', () => {
    expect(whatIfTotals(course(), groups, actual, new Map())).toEqual({ groups: new Map([[1, 85], [2, 70]]), total: 76, grade: null });
  });

  it('a what-if score replaces the actual one, ungraded work included; the letter follows the course’s scheme', () => {
    // Exams 90 → 0.4 × 85 + 0.6 × 90 = 88; A1 at 10 drops the 8 instead → homework 95 → 92 (A- in the default scheme).
    const tried = whatIfTotals(course({ grading_standard_id: 0 }), groups, actual.slice(0, 3), new Map([[4, 90], [1, 10]]));
    expect(tried).toEqual({ groups: new Map([[1, 95], [2, 90]]), total: 92, grade: 'A-' });
  });

  it('only numbers count; a blank or wordy box is no what-if score', () => {
    expect(whatIfValue(' 7.5 ')).toBe(7.5);
    expect(whatIfValue('')).toBeUndefined();
    expect(whatIfValue('ten')).toBeUndefined();
    expect(whatIfScores({ 1: '9', 2: '', 3: 'x', 4: undefined })).toEqual(new Map([[1, 9]]));
  });

  it('is offered where a score would count: not on unposted, excused, ungraded or omitted work', () => {
    expect(takesWhatIf(assignment(1), graded(1, 5))).toBe(true);
    expect(takesWhatIf(assignment(1), undefined)).toBe(true);
    expect(takesWhatIf(assignment(1, { muted: true }), undefined)).toBe(false);
    expect(takesWhatIf(assignment(1), graded(1, null, true))).toBe(false);
    expect(takesWhatIf(assignment(1, { grading_type: 'not_graded' }), undefined)).toBe(false);
    expect(takesWhatIf(assignment(1, { omit_from_final_grade: true }), undefined)).toBe(false);
  });
});
