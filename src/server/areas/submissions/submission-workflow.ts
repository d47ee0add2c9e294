import { expectsSubmission, isLate, isMissing, secondsLate, type LatePolicyStatus, type TardinessFacts } from '../../domain/grading/late-policy.ts';
import { gradeForScore, round2 } from '../../domain/grading/posted-grade.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { StoredSubmissionType, SubmissionData } from '../../domain/records/submission-records.ts';
import { isoSeconds } from '../common/api-values.ts';

/**
 * Submission state transitions (docs/canvas-compatibility.md §8.2) as pure functions of the stored data, so the service only loads,
 * validates and writes. Grading never changes `attempt`; submitting never drops a score.
 */

/** The grade fields of a submission nobody has graded (or whose grade was cleared). */
const UNGRADED = {
  score: null,
  grade: null,
  points_deducted: null,
  grader_id: null,
  graded_at: null,
  grade_matches_current_submission: true,
} as const satisfies Partial<SubmissionData>;

/** What the grader gave before grading started: Canvas creates one per student, unsubmitted, attempt null. */
export function placeholder(assignment: { id: number; data: AssignmentData }, userId: number): SubmissionData {
  return {
    course_id: assignment.data.course_id,
    assignment_id: assignment.id,
    user_id: userId,
    submission_type: null,
    body: null,
    url: null,
    attachment_ids: [],
    media_comment_id: null,
    media_comment_type: null,
    attempt: null,
    submitted_at: null,
    ...UNGRADED,
    excused: false,
    late_policy_status: null,
    seconds_late_override: null,
    workflow_state: 'unsubmitted',
  };
}

export interface SubmittedContent {
  submission_type: StoredSubmissionType;
  body?: string | null;
  url?: string | null;
  attachment_ids?: number[];
  media_comment_id?: string | null;
  media_comment_type?: string | null;
}

/**
 * A new attempt: the content replaces the last one; an existing grade stays but no longer matches. It was made at
 * `madeAt` and reached this server at `receivedAt`; `received_at` is kept only when the two differ (decision 0062).
 */
export function submit(current: SubmissionData, content: SubmittedContent, at: { madeAt: number; receivedAt: number }): SubmissionData {
  const submittedAt = isoSeconds(at.madeAt);
  const receivedAt = isoSeconds(at.receivedAt);
  const hadGrade = current.score !== null || current.grade !== null;
  return {
    ...current,
    submission_type: content.submission_type,
    body: content.body ?? null,
    url: content.url ?? null,
    attachment_ids: content.attachment_ids ?? [],
    media_comment_id: content.media_comment_id ?? null,
    media_comment_type: content.media_comment_type ?? null,
    attempt: (current.attempt ?? 0) + 1,
    submitted_at: submittedAt,
    received_at: receivedAt === submittedAt ? null : receivedAt,
    grade_matches_current_submission: !hadGrade,
    workflow_state: 'submitted',
  };
}

/** A score and grade from a grader: graded, matching the current attempt, no longer excused. */
export function grade(current: SubmissionData, score: number, gradeText: string, graderId: number, now: number): SubmissionData {
  return {
    ...current,
    score,
    grade: gradeText,
    points_deducted: null,
    grader_id: graderId,
    graded_at: isoSeconds(now),
    grade_matches_current_submission: true,
    excused: false,
    workflow_state: 'graded',
  };
}

/** A blank posted_grade: back to submitted when there is a submission, else unsubmitted (docs/canvas-compatibility.md §8.2). */
export function clearGrade(current: SubmissionData): SubmissionData {
  return {
    ...current,
    ...UNGRADED,
    workflow_state: current.submission_type === null ? 'unsubmitted' : 'submitted',
  };
}

/** Excusing clears the grade and the late status; un-excusing returns to the submission's own state. */
export function excuse(current: SubmissionData, excused: boolean, graderId: number, now: number): SubmissionData {
  if (!excused) return current.excused ? { ...clearGrade(current), excused: false } : current;
  return { ...clearGrade(current), excused: true, late_policy_status: null, seconds_late_override: null, grader_id: graderId, graded_at: isoSeconds(now), workflow_state: 'graded' };
}

/** A status set by hand un-excuses; the override is kept only while the status is late. */
export function setLateStatus(current: SubmissionData, status: LatePolicyStatus | null, override: number | undefined): SubmissionData {
  const excusedNoMore = current.excused ? { ...clearGrade(current), excused: false } : current;
  return {
    ...excusedNoMore,
    late_policy_status: status,
    seconds_late_override: status === 'late' ? (override ?? current.seconds_late_override) : null,
  };
}

/** The computed fields of the JSON: tardiness, and the score as entered before any deduction. */
export function computed(s: SubmissionData, assignment: AssignmentData, now: number) {
  const facts: TardinessFacts = { ...s, due_at: assignment.due_at, expectsSubmission: expectsSubmission(assignment.submission_types) };
  const entered = s.score === null ? null : round2(s.score + (s.points_deducted ?? 0));
  return {
    late: isLate(facts, now),
    missing: isMissing(facts, now),
    seconds_late: secondsLate(facts, now),
    entered_score: entered,
    entered_grade: entered === null ? null : s.points_deducted ? gradeForScore(entered, assignment) : s.grade,
  };
}
