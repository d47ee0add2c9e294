import type { PollChoiceData, PollSubmissionData } from '../../domain/records/poll-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoOrNull } from '../common/api-values.ts';
import type { Poll, PollSession } from './poll-access.ts';

/*
 * Allow-list JSON of the poll family. The spec makes Poll `id` and `user_id` integers; the rest follow Canvas's
 * polling serializers, which print every id as a string (docs/canvas-compatibility.md §11).
 */

/** choice id → number of answers, the shape of Poll `total_results` and session `results`. */
export type ResultCounts = Record<string, number>;

export function countByChoice(submissions: readonly Stored<PollSubmissionData>[]): ResultCounts {
  const counts: ResultCounts = {};
  for (const s of submissions) counts[String(s.data.poll_choice_id)] = (counts[String(s.data.poll_choice_id)] ?? 0) + 1;
  return counts;
}

/** `totals` only for the poll's managers (docs/canvas-compatibility.md §11: total_results and user_id are the owner's view). */
export function pollJson(poll: Poll, totals: ResultCounts | null): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: poll.id,
    question: poll.data.question,
    description: poll.data.description,
    created_at: isoOrNull(poll.data.created_at),
  };
  if (totals) Object.assign(json, { total_results: totals, user_id: poll.data.user_id });
  return json;
}

/** `is_correct` only for managers, or students whose session has closed (docs/canvas-compatibility.md §11). */
export function choiceJson(choice: Stored<PollChoiceData>, showCorrect: boolean): Record<string, unknown> {
  const json: Record<string, unknown> = { id: String(choice.id), text: choice.data.text, position: choice.data.position };
  if (showCorrect) json.is_correct = choice.data.is_correct;
  return json;
}

export function submissionJson(submission: Stored<PollSubmissionData>): Record<string, unknown> {
  const s = submission.data;
  return {
    id: String(submission.id),
    poll_choice_id: String(s.poll_choice_id),
    user_id: String(s.user_id),
    created_at: isoOrNull(s.created_at),
  };
}

export interface SessionView {
  /** Managers, and everyone once results are public: `has_public_results`, `results` and all submissions. */
  canViewResults: boolean;
  /** The session's answers the viewer may see: all of them, or only their own. */
  submissions: readonly Stored<PollSubmissionData>[];
  hasSubmitted: boolean;
  /** Counted over all answers; shown only with `canViewResults`. */
  results: ResultCounts;
}

export function sessionJson(session: PollSession, view: SessionView): Record<string, unknown> {
  const s = session.data;
  const json: Record<string, unknown> = {
    id: String(session.id),
    is_published: s.is_published,
    course_id: String(s.course_id),
    course_section_id: s.course_section_id === null ? null : String(s.course_section_id),
    created_at: isoOrNull(s.created_at),
    poll_id: String(s.poll_id),
    has_submitted: view.hasSubmitted,
    poll_submissions: view.submissions.map(submissionJson),
  };
  if (view.canViewResults) Object.assign(json, { has_public_results: s.has_public_results, results: view.results });
  return json;
}
