import type { AssignmentData } from '../records/content-records.ts';
import { isShownComment, type SubmissionCommentData, type SubmissionData } from '../records/submission-records.ts';

/**
 * The posting policy (decision 0053), in one place for the submissions API and the sync pull (decision 0097): what
 * someone who may not see unposted grades (a student, their observer) reads of a submission and its comments.
 */

/** Who sees grades and comments before they are posted: those who grade or may view every grade. */
export const UNPOSTED_READERS = ['manage_grades', 'view_all_grades'] as const;

/**
 * Grades of a muted assignment (Canvas's switch before post policies) are not posted: the student sees neither the
 * grade nor the comments of others on their work until the teacher unmutes it.
 */
export function isUnposted(assignment: Pick<AssignmentData, 'muted'>): boolean {
  return assignment.muted === true;
}

/**
 * A submission (or one of its versions) as a reader of posted grades only holds it while its grade is unposted:
 * no score, grade or deduction (the entered score and grade, computed from these, are then null too).
 */
export function withoutUnpostedGrade<T extends SubmissionData>(submission: T): T {
  return { ...submission, score: null, grade: null, points_deducted: null };
}

/**
 * Canvas's `posted_at`, which clients (the mobile apps) read to decide whether a grade is visible: the grading time
 * of a graded or excused submission on an assignment whose grades are posted, else null. Outpost keeps no separate
 * posting time, so a grade given while muted reads as posted at its grading time once the assignment is unmuted
 * (docs/canvas-compatibility.md §19).
 */
export function postedAt(submission: SubmissionData, assignment: Pick<AssignmentData, 'muted'>): string | null {
  if (isUnposted(assignment)) return null;
  const graded = submission.score !== null || submission.grade !== null || submission.excused;
  return graded ? submission.graded_at : null;
}

/**
 * Whether a comment on `studentId`'s submission is shown: never once deleted, and before posting only the student's
 * own to a reader of posted grades.
 */
export function commentShown(comment: SubmissionCommentData, studentId: number, hidesUnposted: boolean, assignment: Pick<AssignmentData, 'muted'> | undefined): boolean {
  if (!isShownComment(comment)) return false;
  return !hidesUnposted || assignment === undefined || !isUnposted(assignment) || comment.author_id === studentId;
}
