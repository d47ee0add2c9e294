import type { IsoDateTime, MediaType } from './lms-dtos.ts';

/**
 * What the grader reads and writes through the submissions API: Canvas's Submission, SubmissionComment and
 * PeerReview JSON, limited to the fields the UI uses.
 */

/** `GET …/assignments/:assignment_id/gradeable_students`: Canvas's UserDisplay. */
export interface UserDisplay {
  id: number;
  display_name: string;
}

/** A file of a submission or comment (Canvas's File JSON; note the hyphenated key). */
export interface SubmissionAttachment {
  id: number;
  display_name: string;
  'content-type': string;
  url: string;
  size: number;
  mime_class: string;
}

export interface SubmissionComment {
  id: number;
  author_id: number;
  author_name: string;
  /** Plain text, never HTML. */
  comment: string;
  created_at: IsoDateTime;
}

/** One attempt as it was made (an entry of `submission_history`), or the submission itself. */
export interface SubmissionAttempt {
  attempt: number | null;
  submission_type: string | null;
  /** Online text entry; sanitized by the server, still untrusted in the UI. */
  body: string | null;
  url: string | null;
  submitted_at: IsoDateTime | null;
  /** Outpost extension: when an attempt made offline on a device reached the hub; null when that is `submitted_at`. */
  received_at?: IsoDateTime | null;
  attachments?: SubmissionAttachment[];
  /** A media recording attempt's recording; absent on other attempts. */
  media_comment?: MediaComment;
}

/** Canvas's MediaComment: where a recording plays from and what it is. */
export interface MediaComment {
  'content-type': string;
  display_name: string | null;
  media_id: string;
  media_type: MediaType;
  url: string;
}

export interface Submission extends SubmissionAttempt {
  id: number;
  user_id: number;
  assignment_id: number;
  score: number | null;
  grade: string | null;
  /** The grade as the grader entered it, before a late deduction. */
  entered_grade: string | null;
  entered_score: number | null;
  excused: boolean;
  late: boolean;
  missing: boolean;
  points_deducted: number | null;
  workflow_state: 'submitted' | 'unsubmitted' | 'graded' | 'pending_review';
  submission_comments?: SubmissionComment[];
  submission_history?: SubmissionAttempt[];
}

/** `PUT …/submissions/:user_id`: a grade, an excuse, or a comment. */
export type SubmissionChange = { posted_grade: string } | { excuse: boolean } | { text_comment: string };

/** `GET …/assignments/:assignment_id/peer_reviews`: who reviews whose work. */
export interface PeerReview {
  id: number;
  /** The student whose work is reviewed. */
  user_id: number;
  assessor_id: number;
  workflow_state: 'assigned' | 'completed';
  assessor?: UserDisplay;
}
