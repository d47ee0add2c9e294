import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import { peerReviewKey } from '../../domain/records/peer-review-records.ts';
import type { Repositories } from '../../domain/repositories.ts';
import type { WriteStamp } from '../../domain/repository.ts';

/**
 * What an assigned peer reviewer may do with the submission they review (docs/canvas-compatibility.md §7; Canvas's Submission policy
 * grants an assessor `read` and `comment`, not `read_grade`). The submissions area asks these; they read storage
 * only, so that area does not depend on the peer-review routes.
 */

/** Whether `reviewerId` holds a review (assigned or completed) of the student's submission for the assignment. */
export async function isAssignedReviewer(repos: Repositories, assignmentId: number, studentId: number, reviewerId: number): Promise<boolean> {
  if (reviewerId === studentId) return false;
  const [submission] = await repos.submissions.find({ parent_id: assignmentId, user_id: studentId });
  if (!submission) return false;
  const review = await repos.peerReviews.byLookup(peerReviewKey(submission.id, reviewerId));
  return review !== undefined && review.data.workflow_state !== 'deleted';
}

/** True when the caller reaches the student's work only as its reviewer: then they must not see its grade. */
export async function seesOnlyAsReviewer(services: CoreServices, principal: Principal, courseId: number, assignmentId: number, studentId: number): Promise<boolean> {
  const visible = await services.access.visibleStudents(principal, courseId);
  if (visible === 'all' || visible.has(studentId)) return false;
  return isAssignedReviewer(services.repos, assignmentId, studentId, principal.userId);
}

/** Fields of Submission JSON that tell the grade (Canvas drops them without `read_grade`). */
const GRADE_FIELDS = ['score', 'grade', 'entered_score', 'entered_grade', 'points_deducted', 'grader_id', 'graded_at'];

/** Submission JSON without its grade, its history entries included. */
export function withoutGrade(json: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.fromEntries(Object.entries(json).filter(([key]) => !GRADE_FIELDS.includes(key)));
  if (Array.isArray(copy.submission_history)) copy.submission_history = copy.submission_history.map((h: Record<string, unknown>) => withoutGrade(h));
  return copy;
}

/**
 * Canvas completes a review when its reviewer comments on an assignment without a rubric (Outpost has no rubrics,
 * so always). Called after the comment is written; a removed or completed review is left alone.
 */
export async function completeReviewOnComment(repos: Repositories, submissionId: number, authorId: number, stamp: WriteStamp): Promise<void> {
  const review = await repos.peerReviews.byLookup(peerReviewKey(submissionId, authorId));
  if (review?.data.workflow_state !== 'assigned') return;
  await repos.peerReviews.update(review.id, stamp, (d) => (d.workflow_state === 'assigned' ? { ...d, workflow_state: 'completed' } : d));
}
