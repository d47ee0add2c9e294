import { courseScores, groupScores, type StudentScore } from '../../../../contracts/grading/course-totals.ts';
import { letterForCourse } from '../../../../contracts/grading/grading-scheme.ts';
import { structureFromApi } from '../../../../contracts/grading/structure-from-api.ts';
import type { GradeGroup } from '../../../../contracts/feedback-dtos.ts';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment, Course } from '../../../../contracts/lms-dtos.ts';

/** Hypothetical scores a student typed, by assignment id: kept in the screen only, never sent anywhere. */
export type WhatIfScores = ReadonlyMap<number, number>;

/** What the what-if scores make of the student's group totals (by group id) and course total. */
export interface WhatIfTotals {
  groups: Map<number, number | null>;
  total: number | null;
  grade: string | null;
}

/**
 * Whether a what-if score can change anything: the work counts towards totals (graded, not omitted from the final
 * grade), and its own grade is neither hidden (not posted yet) nor excused, which no score would change.
 */
export function takesWhatIf(assignment: Assignment, submission: Submission | undefined): boolean {
  return assignment.grading_type !== 'not_graded' && !assignment.omit_from_final_grade && !assignment.muted && !submission?.excused;
}

/** A typed what-if score, or undefined when the text is not a number (blank included). */
export function whatIfValue(text: string): number | undefined {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed === '' || !Number.isFinite(value) ? undefined : value;
}

/** The what-if scores among what the student typed per assignment (text that is not a number counts for nothing). */
export function whatIfScores(typed: Partial<Record<number, string>>): WhatIfScores {
  const scores = new Map<number, number>();
  for (const [id, text] of Object.entries(typed)) {
    const value = text === undefined ? undefined : whatIfValue(text);
    if (value !== undefined) scores.set(Number(id), value);
  }
  return scores;
}

/**
 * The student's totals with the what-if scores in place of the actual ones, in the student's (posted) view, by
 * the server's own arithmetic: with no what-if score they are the totals the server gives.
 */
export function whatIfTotals(course: Course, groups: readonly GradeGroup[], submissions: readonly Submission[], whatIf: WhatIfScores): WhatIfTotals {
  const structure = structureFromApi(course.apply_assignment_group_weights ?? false, groups);
  const actual = submissions.filter((s) => !whatIf.has(s.assignment_id));
  const scores: StudentScore[] = [...actual, ...[...whatIf].map(([assignment_id, score]) => ({ assignment_id, score, excused: false }))];
  const total = courseScores(structure, scores).current_score;
  return {
    groups: new Map(groupScores(structure, scores, 'posted').map((g) => [g.id, g.current_score])),
    total,
    grade: letterForCourse(course.grading_standard_id, total),
  };
}
