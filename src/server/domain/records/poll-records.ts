/**
 * Shapes of polls (beta). A poll and its choices belong to their author, not to a course, so they live in the
 * `directory` collection (replicated to whoever shares a course with the author); a session runs the poll in
 * one course (`course`); a student's answer is theirs (`course_user`). Deletes are soft, so sync sees them.
 */

export type PollWorkflowState = 'active' | 'deleted';

export interface PollData {
  user_id: number;
  question: string;
  description: string | null;
  workflow_state: PollWorkflowState;
  /** ISO 8601 UTC, as shown. */
  created_at: string;
}

export interface PollChoiceData {
  poll_id: number;
  text: string;
  is_correct: boolean;
  /** Order among the poll's choices; new choices go last. */
  position: number;
  workflow_state: PollWorkflowState;
  created_at: string;
}

export interface PollSessionData {
  poll_id: number;
  course_id: number;
  /** null: the whole course takes part. */
  course_section_id: number | null;
  /** Open for submissions. */
  is_published: boolean;
  /** Students may see the results and everyone's submissions. */
  has_public_results: boolean;
  workflow_state: PollWorkflowState;
  created_at: string;
}

export interface PollSubmissionData {
  poll_id: number;
  poll_session_id: number;
  poll_choice_id: number;
  user_id: number;
  /** Copied from the session: the sync partition of the answer. */
  course_id: number;
  workflow_state: PollWorkflowState;
  created_at: string;
}
