import type { UserData } from '../../domain/records/directory-records.ts';
import type { PeerReviewData } from '../../domain/records/peer-review-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { userDisplayJson } from '../submissions/submissions.serializer.ts';
import type { PeerReviewInclude } from './peer-reviews.params.ts';

/** What the includes of a page of reviews need, loaded once for the page. */
export interface PeerReviewExtras {
  readonly baseUrl: string;
  readonly include: PeerReviewInclude;
  readonly users: ReadonlyMap<number, Stored<UserData>>;
  /** Submission id → its comments as Submission JSON shows them. */
  readonly comments: ReadonlyMap<number, unknown>;
}

/** Canvas's PeerReview JSON (`lib/api/v1/assessment_request.rb`), from an allow-list. */
export function peerReviewJson(review: Stored<PeerReviewData>, extras: PeerReviewExtras): Record<string, unknown> {
  const r = review.data;
  const json: Record<string, unknown> = {
    id: review.id,
    user_id: r.user_id,
    assessor_id: r.assessor_id,
    asset_id: r.submission_id,
    asset_type: 'Submission',
    workflow_state: r.workflow_state,
  };
  if (extras.include.user) {
    json.user = userDisplayJson(extras.users.get(r.user_id), r.user_id, r.course_id, extras.baseUrl);
    json.assessor = userDisplayJson(extras.users.get(r.assessor_id), r.assessor_id, r.course_id, extras.baseUrl);
  }
  if (extras.include.comments) json.submission_comments = extras.comments.get(r.submission_id) ?? [];
  return json;
}
