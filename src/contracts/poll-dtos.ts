import type { IsoDateTime } from './lms-dtos.ts';

/*
 * Polls as the API prints them. Canvas's polling serializers print every id as a string, except the poll's own
 * `id` (an integer).
 */

/** `GET /api/v1/polls/:id`: the question; `total_results` and `user_id` only for its managers. */
export interface Poll {
  id: number;
  question: string;
  description: string | null;
}

/** `GET /api/v1/polls/:poll_id/poll_choices`; `is_correct` only for managers, or students once the session closed. */
export interface PollChoice {
  id: string;
  text: string;
  position: number;
  is_correct?: boolean;
}

export interface PollSubmission {
  id: string;
  poll_choice_id: string;
  user_id: string;
  created_at: IsoDateTime | null;
}

/**
 * `GET /api/v1/poll_sessions/opened|closed`: one running of a poll in a course (or one section). A student sees only
 * their own answer in `poll_submissions`; `has_public_results` and `results` (choice id → answers) come only when
 * the caller may see the results.
 */
export interface PollSession {
  id: string;
  is_published: boolean;
  course_id: string;
  course_section_id: string | null;
  poll_id: string;
  has_submitted: boolean;
  poll_submissions: PollSubmission[];
  has_public_results?: boolean;
  results?: Record<string, number>;
}
