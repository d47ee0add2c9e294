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
 * Whether a comment on `studentId`'s submission is shown: never once deleted, and before posting only the student's
 * own to a reader of posted grades.
 */
export function commentShown(comment: SubmissionCommentData, studentId: number, hidesUnposted: boolean, assignment: Pick<AssignmentData, 'muted'> | undefined): boolean {
  if (!isShownComment(comment)) return false;
  return !hidesUnposted || assignment === undefined || !isUnposted(assignment) || comment.author_id === studentId;
}
