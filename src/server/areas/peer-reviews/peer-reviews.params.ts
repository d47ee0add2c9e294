import { z } from 'zod';
import { canvasId, canvasInclude } from '../../http/params/canvas-params.ts';
import { scopeParams } from '../submissions/submissions.params.ts';

/** Canvas's code reads `submission_comments`; the spec names the include `submission_comment`. Both are taken. */
const PEER_REVIEW_INCLUDES = ['user', 'submission_comments', 'submission_comment'] as const;

const include = canvasInclude(PEER_REVIEW_INCLUDES).transform((sent) => ({
  user: sent.includes('user'),
  comments: sent.includes('submission_comments') || sent.includes('submission_comment'),
}));
export type PeerReviewInclude = z.output<typeof include>;

/** The spec's `:submission_id` is the submission's own id (docs/canvas-compatibility.md §0.3), not the student's. */
const submissionId = canvasId().meta({ description: 'The submission’s id (its `id` in Submission JSON).' });

export const listPeerReviewsParams = z.object({ ...scopeParams, assignment_id: canvasId(), submission_id: submissionId.optional(), include });
export type ListPeerReviewsParams = z.output<typeof listPeerReviewsParams>;

export const assignReviewerParams = z.object({
  ...scopeParams,
  assignment_id: canvasId(),
  submission_id: submissionId,
  user_id: canvasId().meta({ description: 'The reviewer: a student of the course.' }),
  include,
});
export type AssignReviewerParams = z.output<typeof assignReviewerParams>;
