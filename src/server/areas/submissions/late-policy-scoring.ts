import {
  expectsSubmission,
  isLate,
  isMissing,
  lateDeduction,
  missingScore,
  secondsLate,
  type LatePolicy,
  type TardinessFacts,
} from '../../domain/grading/late-policy.ts';
import { gradeForScore, round2 } from '../../domain/grading/posted-grade.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { SubmissionData } from '../../domain/records/submission-records.ts';

/**
 * Canvas's `Submission#apply_late_policy` (docs/canvas-compatibility.md §8.5) over the domain rules in `grading/late-policy.ts`: the
 * stored score is the score after deduction, `points_deducted` what was taken off, so `entered_score` is always
 * their sum. Pure, so every write path (submit, grade, bulk grade, a policy change) scores the same way.
 */

/**
 * The changes that make Canvas score again (`late_policy_relevant_changes?`). `points_deducted` is in the list
 * because grading resets it: a grade entered equal to the old deducted score is still a newly entered score.
 */
const RELEVANT_FIELDS = ['score', 'points_deducted', 'submitted_at', 'seconds_late_override', 'late_policy_status'] as const;

export function latePolicyRelevant(before: SubmissionData | undefined, after: SubmissionData): boolean {
  return before === undefined || RELEVANT_FIELDS.some((field) => before[field] !== after[field]);
}

export function scoreWithLatePolicy(s: SubmissionData, assignment: AssignmentData, policy: LatePolicy | undefined, now: number): SubmissionData {
  // A grade given to an earlier attempt is left as it was until the new attempt is graded.
  if (!s.grade_matches_current_submission) return s;
  const facts: TardinessFacts = { ...s, due_at: assignment.due_at, expectsSubmission: expectsSubmission(assignment.submission_types) };
  // Work the assignment never asks for is never late or missing, unless a grader said so by hand.
  if (!facts.expectsSubmission && s.late_policy_status === null) return s;
  const entered = s.score === null ? null : round2(s.score + (s.points_deducted ?? 0));
  if (isMissing(facts, now) && policy?.missing_submission_deduction_enabled) {
    if (entered !== null) return withScore(s, entered, null, assignment);
    const score = missingScore(policy, assignment.points_possible, assignment.grading_type);
    if (score === undefined) return s;
    return { ...withScore(s, score, null, assignment), grade_matches_current_submission: true, workflow_state: 'graded' };
  }
  if (entered === null) return s.points_deducted === null ? s : { ...s, points_deducted: null };
  const late = isLate(facts, now);
  const deducted = late ? lateDeduction(policy, entered, assignment.points_possible, assignment.grading_type, secondsLate(facts, now)) : 0;
  return withScore(s, round2(entered - deducted), late ? deducted : null, assignment);
}

/** The score and what was taken off; the grade follows the score only when it moved, so an entered grade stays. */
function withScore(s: SubmissionData, score: number, deducted: number | null, assignment: AssignmentData): SubmissionData {
  if (score === s.score && deducted === s.points_deducted) return s;
  const grade = score === s.score ? s.grade : gradeForScore(score, assignment);
  return { ...s, score, grade, points_deducted: deducted };
}
