import type { GradingType } from '../records/content-records.ts';
import { round2 } from './posted-grade.ts';

/**
 * Tardiness and Canvas's LatePolicy (docs/canvas-compatibility.md §8.5), as pure functions of the submission's facts. Outpost has no
 * late-policy API yet, so callers pass `undefined` for the policy and only tardiness is reported; the deduction
 * rules are here, tested, for when a course can set one.
 */

export type LatePolicyStatus = 'late' | 'missing' | 'none';

export interface LatePolicy {
  readonly missing_submission_deduction_enabled: boolean;
  /** Percent of points_possible, 0..100. */
  readonly missing_submission_deduction: number;
  readonly late_submission_deduction_enabled: boolean;
  /** Percent of points_possible per interval, 0..100. */
  readonly late_submission_deduction: number;
  readonly late_submission_interval: 'day' | 'hour';
  readonly late_submission_minimum_percent_enabled: boolean;
  readonly late_submission_minimum_percent: number;
}

export interface TardinessFacts {
  readonly due_at: string | null;
  readonly submitted_at: string | null;
  readonly submission_type: string | null;
  readonly late_policy_status: LatePolicyStatus | null;
  readonly seconds_late_override: number | null;
  readonly excused: boolean;
  /** Whether the assignment expects a submission at all (see `expectsSubmission`). */
  readonly expectsSubmission: boolean;
}

/** Types that never take a submission through Canvas, so they can never be missing. */
const NO_SUBMISSION_TYPES = new Set(['none', 'not_graded', 'wiki_page', 'on_paper', 'external_tool']);

export function expectsSubmission(submissionTypes: readonly string[]): boolean {
  return submissionTypes.length > 0 && !submissionTypes.some((t) => NO_SUBMISSION_TYPES.has(t));
}

/** Quizzes get a minute's grace: the timer's last autosave lands just after the due time. */
const QUIZ_GRACE_SECONDS = 60;

export function secondsLate(f: TardinessFacts, now: number): number {
  if (f.late_policy_status === 'late') return f.seconds_late_override ?? 0;
  if (f.due_at === null) return 0;
  const at = f.submitted_at === null ? now : Date.parse(f.submitted_at);
  let seconds = Math.floor((at - Date.parse(f.due_at)) / 1000);
  if (f.submission_type === 'online_quiz') seconds -= QUIZ_GRACE_SECONDS;
  return Math.max(0, seconds);
}

export function isLate(f: TardinessFacts, now: number): boolean {
  if (f.excused) return false;
  if (f.late_policy_status !== null) return f.late_policy_status === 'late';
  return f.submitted_at !== null && secondsLate(f, now) > 0;
}

export function isMissing(f: TardinessFacts, now: number): boolean {
  if (f.excused) return false;
  if (f.late_policy_status !== null) return f.late_policy_status === 'missing';
  return f.submitted_at === null && f.expectsSubmission && f.due_at !== null && Date.parse(f.due_at) < now;
}

const DEDUCTIBLE_TYPES: ReadonlySet<GradingType> = new Set(['points', 'percent', 'letter_grade', 'gpa_scale']);

/**
 * Points taken off an entered score for lateness: a percentage per started interval, never taking the score below
 * the policy's minimum percentage (nor below zero). Zero when nothing applies.
 */
export function lateDeduction(
  policy: LatePolicy | undefined,
  entered: number | null,
  pointsPossible: number | null,
  gradingType: GradingType,
  lateSeconds: number,
): number {
  if (!policy?.late_submission_deduction_enabled || entered === null || !pointsPossible || pointsPossible <= 0) return 0;
  if (lateSeconds <= 0 || !DEDUCTIBLE_TYPES.has(gradingType)) return 0;
  const intervals = Math.ceil(lateSeconds / (policy.late_submission_interval === 'hour' ? 3600 : 86400));
  const floor = policy.late_submission_minimum_percent_enabled ? policy.late_submission_minimum_percent : 0;
  const cap = Math.max((entered / pointsPossible) * 100 - floor, 0);
  return round2((pointsPossible * Math.min(policy.late_submission_deduction * intervals, cap)) / 100);
}

/** The score a missing, ungraded submission gets under the policy; undefined when the policy gives none. */
export function missingScore(policy: LatePolicy | undefined, pointsPossible: number | null, gradingType: GradingType): number | undefined {
  if (!policy?.missing_submission_deduction_enabled || pointsPossible === null) return undefined;
  if (gradingType === 'pass_fail') return 0;
  return round2(pointsPossible - (pointsPossible * policy.missing_submission_deduction) / 100);
}
