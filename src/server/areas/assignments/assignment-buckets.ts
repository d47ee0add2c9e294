import { expectsSubmission } from '../../domain/grading/late-policy.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { SubmissionData } from '../../domain/records/submission-records.ts';

export const ASSIGNMENT_BUCKETS = ['past', 'overdue', 'undated', 'ungraded', 'unsubmitted', 'upcoming', 'future'] as const;
export type AssignmentBucket = (typeof ASSIGNMENT_BUCKETS)[number];

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** What the caller's buckets depend on besides the dates. */
export interface BucketFacts {
  readonly now: number;
  /** The caller holds an active student enrollment (Canvas's `:submit` right). */
  readonly maySubmit: boolean;
  /** The caller may grade the course's submissions (Canvas's `:grade` / `manage_grades`). */
  readonly mayGrade: boolean;
  /** The caller's own submission of an assignment, if there is one. */
  readonly ownSubmission: (assignmentId: number) => SubmissionData | undefined;
  /** Submissions of the assignment waiting for the caller's grade. */
  readonly needsGradingCount: (assignmentId: number) => number;
}

/**
 * Canvas's `bucket` filters (`SortsAssignments`), relative to the caller: `past` is due before now, `future` is
 * everything not past (undated included), `upcoming` is due within the coming week, `overdue` is past work the
 * caller must still hand in, `ungraded` waits for the caller's grading, and `unsubmitted` lists, for a grader,
 * the assignments expecting submissions for which the caller has none of their own.
 */
export function inBucket(id: number, a: AssignmentData, bucket: AssignmentBucket, facts: BucketFacts): boolean {
  const due = a.due_at === null ? undefined : Date.parse(a.due_at);
  const past = due !== undefined && due < facts.now;
  switch (bucket) {
    case 'past':
      return past;
    case 'undated':
      return due === undefined;
    case 'upcoming':
      return due !== undefined && due >= facts.now && due <= facts.now + WEEK_MS;
    case 'future':
      return !past;
    case 'overdue':
      return past && facts.maySubmit && expectsSubmission(a.submission_types) && !handedIn(facts.ownSubmission(id));
    case 'ungraded':
      return facts.mayGrade && expectsSubmission(a.submission_types) && facts.needsGradingCount(id) > 0;
    case 'unsubmitted':
      return facts.mayGrade && expectsSubmission(a.submission_types) && facts.ownSubmission(id) === undefined;
  }
}

/** Canvas's `without_graded_submission?` negated: submitted, or graded (excused counts as graded). */
function handedIn(s: SubmissionData | undefined): boolean {
  return s !== undefined && (s.submission_type !== null || s.workflow_state === 'graded');
}
