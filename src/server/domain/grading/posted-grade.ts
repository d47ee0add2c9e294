import type { GradingType } from '../records/content-records.ts';
import { DEFAULT_GRADING_SCHEME, letterForPercent, percentForLetter, type GradingScheme } from '../../../contracts/grading/grading-scheme.ts';

/**
 * Canvas's `posted_grade` (docs/canvas-compatibility.md §8.3): what a grader types, turned into a score and the grade string shown in
 * the assignment's grading type. Pure, so the rules are unit-tested without a server.
 */

export interface GradedAssignment {
  readonly grading_type: GradingType;
  readonly points_possible: number | null;
}

/** `clear` for a blank posted_grade; undefined (from `parsePostedGrade`) for one that means nothing here. */
export type PostedGrade = { kind: 'clear' } | { kind: 'grade'; score: number; grade: string };

const PERCENT = /^([+-]?(?:\d+\.?\d*|\.\d+))\s*%$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const PASS_WORDS = new Set(['pass', 'complete']);
const FAIL_WORDS = new Set(['fail', 'incomplete']);
/** Scores beyond this are typing accidents, and would overflow what clients display. */
const MAX_SCORE = 1_000_000_000;

/** Two decimals, as Canvas rounds computed scores and grades. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * Canvas's `grade_to_score` then `score_to_grade`. Unlike Canvas, an input that parses to nothing is reported as
 * undefined instead of silently clearing the grade (docs/canvas-compatibility.md §0.4: the caller answers 400).
 */
export function parsePostedGrade(
  raw: string,
  assignment: GradedAssignment,
  scheme: GradingScheme = DEFAULT_GRADING_SCHEME,
): PostedGrade | undefined {
  const text = raw.trim();
  if (text === '') return { kind: 'clear' };
  if (assignment.grading_type === 'not_graded') return undefined;
  const score = scoreOf(text, assignment, scheme);
  if (score === undefined || !Number.isFinite(score) || Math.abs(score) > MAX_SCORE) return undefined;
  const grade = gradeOf(score, text, assignment, scheme);
  return grade === undefined ? undefined : { kind: 'grade', score, grade };
}

/** The grade string of a score, e.g. after a late deduction changed it; null for ungraded assignments. */
export function gradeForScore(score: number, assignment: GradedAssignment, scheme: GradingScheme = DEFAULT_GRADING_SCHEME): string | null {
  if (assignment.grading_type === 'not_graded') return null;
  return gradeOf(score, String(score), assignment, scheme) ?? null;
}

function scoreOf(text: string, a: GradedAssignment, scheme: GradingScheme): number | undefined {
  const pp = a.points_possible ?? 0;
  const lower = text.toLowerCase();
  const percent = PERCENT.exec(text);
  if (percent) return round2((pp * Number(percent[1])) / 100);
  // gpa_scale letters look like numbers ("3.7"), so there a digit means a scheme lookup.
  if (a.grading_type === 'gpa_scale' && /[\d.]/.test(text)) return letterScore(text, pp, scheme);
  if (NUMBER.test(text)) return Number(text);
  if (PASS_WORDS.has(lower)) return pp;
  if (FAIL_WORDS.has(lower)) return 0;
  if (a.grading_type === 'letter_grade' || a.grading_type === 'gpa_scale') return letterScore(text, pp, scheme);
  return undefined;
}

function letterScore(text: string, pp: number, scheme: GradingScheme): number | undefined {
  const percent = percentForLetter(text, scheme);
  return percent === undefined ? undefined : round2((pp * percent) / 100);
}

function gradeOf(score: number, text: string, a: GradedAssignment, scheme: GradingScheme): string | undefined {
  const pp = a.points_possible ?? 0;
  switch (a.grading_type) {
    case 'points':
      return String(round2(score));
    case 'percent':
      return pp > 0 ? `${round2((score / pp) * 100)}%` : text.endsWith('%') ? text : `${round2(score)}%`;
    case 'letter_grade':
    case 'gpa_scale':
      // With no points to scale by, the grader's own letter is kept.
      return pp > 0 ? letterForPercent((score / pp) * 100, scheme) : (percentForLetter(text, scheme) === undefined ? undefined : text);
    case 'pass_fail':
      // Only full marks or none (docs/canvas-compatibility.md §8.3).
      if (score !== 0 && score !== pp) return undefined;
      if (pp > 0) return score > 0 ? 'complete' : 'incomplete';
      return FAIL_WORDS.has(text.toLowerCase()) ? 'incomplete' : 'complete';
    case 'not_graded':
      return undefined;
  }
}
