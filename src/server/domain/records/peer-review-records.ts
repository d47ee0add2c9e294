/**
 * Peer reviews (Canvas's AssessmentRequest): one student assigned to review another's submission. A review is
 * about the reviewed student's work, so it lives in `course_user` next to the submission and its comments
 * (docs/architecture.md §4.2), filed under that student (`user_id`), as submission comments are.
 */

/** Canvas's two states; a removed review is soft-deleted so sync sees the removal, and re-assigning revives it. */
export type PeerReviewState = 'assigned' | 'completed' | 'deleted';

export interface PeerReviewData {
  course_id: number;
  assignment_id: number;
  /** The reviewed submission (Canvas's `asset_id`; `asset_type` is always Submission). */
  submission_id: number;
  /** The reviewee: the owner of the submission. */
  user_id: number;
  /** The reviewer. */
  assessor_id: number;
  workflow_state: PeerReviewState;
}

/** The lookup slot of one reviewer's review of one submission: at most one per pair. */
export const peerReviewKey = (submissionId: number, assessorId: number): string => `peer_review:${submissionId}:${assessorId}`;

/**
 * Whether the peer reviews API lists a review to a reader (decision 0097): never a removed one; a reader who sees
 * other students' grades (`grader`) every review of a student they see, anyone else the reviews of their own work.
 */
export function peerReviewShown(review: PeerReviewData, readerId: number, grader: boolean, seesStudent: (userId: number) => boolean): boolean {
  return review.workflow_state !== 'deleted' && seesStudent(review.user_id) && (grader || review.user_id === readerId);
}
