import type { LatePolicyStatus } from '../grading/late-policy.ts';

/**
 * Shapes of submission records in the `course_user` collection (docs/architecture.md §4.2: replicated to the student's own
 * devices and to the course's teachers). There is one submission per student and assignment; comments, history
 * versions and per-viewer read marks hang off it by `parent_id`.
 */

export type SubmissionWorkflowState = 'unsubmitted' | 'submitted' | 'graded' | 'pending_review';

/** What a student can submit through the API (docs/canvas-compatibility.md §8.6), plus the types other areas submit through. */
export const API_SUBMISSION_TYPES = ['online_text_entry', 'online_url', 'online_upload', 'media_recording', 'basic_lti_launch'] as const;
export type ApiSubmissionType = (typeof API_SUBMISSION_TYPES)[number];
export type StoredSubmissionType = ApiSubmissionType | 'online_quiz' | 'discussion_topic';

export interface SubmissionData {
  course_id: number;
  assignment_id: number;
  /** The student. */
  user_id: number;
  submission_type: StoredSubmissionType | null;
  /** Sanitized HTML, for online_text_entry. */
  body: string | null;
  url: string | null;
  attachment_ids: number[];
  media_comment_id: string | null;
  media_comment_type: string | null;
  /** Null until the first submission; +1 per submission, never changed by grading. */
  attempt: number | null;
  submitted_at: string | null;
  /**
   * When this server received an attempt made offline on a device, if that differs from `submitted_at` (the
   * device's time, as far as the hub vouches for it: decision 0062). Null (or absent, on older records) otherwise.
   */
  received_at?: string | null;
  /** The score after any late deduction; `entered_score` is this plus points_deducted. */
  score: number | null;
  grade: string | null;
  points_deducted: number | null;
  grader_id: number | null;
  graded_at: string | null;
  grade_matches_current_submission: boolean;
  excused: boolean;
  late_policy_status: LatePolicyStatus | null;
  seconds_late_override: number | null;
  workflow_state: SubmissionWorkflowState;
}

/** Canvas's needs_grading (docs/canvas-compatibility.md §8.2). */
export function needsGrading(s: SubmissionData): boolean {
  if (s.submission_type === null || s.excused) return false;
  if (s.workflow_state === 'pending_review') return true;
  return (s.workflow_state === 'submitted' || s.workflow_state === 'graded') && (s.score === null || !s.grade_matches_current_submission);
}

/**
 * A submission's `sort_key` slot: where it stands for its assignment's statistics. With the (type, parent_id,
 * sort_key) index, an assignment's `has_submitted_submissions` and `needs_grading_count` are index-range counts
 * instead of a read of every submission of the course.
 */
export type SubmissionProgress = '' | 'needs_grading' | 'submitted';

export function submissionProgress(s: SubmissionData): SubmissionProgress {
  if (needsGrading(s)) return 'needs_grading';
  return s.submission_type === null ? '' : 'submitted';
}

export interface SubmissionCommentData {
  course_id: number;
  assignment_id: number;
  submission_id: number;
  /** The student whose submission it is (the record's `user_id` slot, for sync). */
  user_id: number;
  author_id: number;
  author_name: string;
  comment: string;
  media_comment_id: string | null;
  media_comment_type: string | null;
  attachment_ids: number[];
  edited_at: string | null;
  /** The submission's attempt when the comment was made (null before any); absent on comments stored before it was kept. */
  attempt?: number | null;
  /** `deleted` once removed (kept, so sync replicates the removal); absent on comments never removed. */
  workflow_state?: 'active' | 'deleted';
}

/** Whether a comment is shown: a removed one stays stored but is never read back. */
export function isShownComment(comment: SubmissionCommentData): boolean {
  return comment.workflow_state !== 'deleted';
}

/** A snapshot of the submission after each submit or grade change: `include[]=submission_history`, grade audits. */
export interface SubmissionVersionData extends SubmissionData {
  submission_id: number;
}

/** Canvas's ContentParticipation: one viewer's read mark on one submission. */
export interface SubmissionReadData {
  course_id: number;
  submission_id: number;
  /** The viewer who marked it. */
  user_id: number;
  read: boolean;
}
