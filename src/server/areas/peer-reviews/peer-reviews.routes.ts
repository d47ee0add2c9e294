import type { CoreServices } from '../../core-services.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { submissionRules } from '../submissions/submission-rules.ts';
import { onPaths } from '../submissions/submission-routing.ts';
import { SubmissionScopes, type ScopeParams } from '../submissions/submission-scope.ts';
import { assignReviewerParams, listPeerReviewsParams } from './peer-reviews.params.ts';
import { PeerReviewsService } from './peer-reviews.service.ts';

const ASSIGNMENT = '/assignments/:assignment_id/peer_reviews';
const SUBMISSION = '/assignments/:assignment_id/submissions/:submission_id/peer_reviews';
/** Every peer-review path exists under a course and under a section. */
const both = (suffix: string) => [`/api/v1/courses/:course_id${suffix}`, `/api/v1/sections/:section_id${suffix}`];

/**
 * Peer reviews (docs/canvas-compatibility.md §7). Lists are not paginated: Canvas renders every review at once.
 * Assigning and removing reviewers takes the grading right, as in Canvas.
 */
export function peerReviewsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const scopes = new SubmissionScopes(services, rules.ids);
  const reviews = new PeerReviewsService(services, scopes);
  const { manageGrades } = submissionRules(services, scopes);
  const readsCourse = scopedRule(
    'enrolled in the course, or read_course_content on its account; graders see every review in reach, others those of their own work',
    'read',
    async (ctx, p: ScopeParams) => {
      const scope = await scopes.resolve(p);
      return scopeIf(await services.access.canReadCourse(ctx.principal, scope.courseId), scope);
    },
  );

  return [
    ...onPaths([...both(ASSIGNMENT), ...both(SUBMISSION)], {
      method: 'GET',
      summary: 'List the peer reviews of an assignment, or of one submission (include[]: user, submission_comments)',
      params: listPeerReviewsParams,
      permission: readsCourse,
      handler: async (ctx, p, scope) => {
        const { target, reviews: found } = await reviews.list(ctx.principal, scope, p);
        return { body: await reviews.json(found, target, p.include, ctx) };
      },
    }),
    ...onPaths(both(SUBMISSION), {
      method: 'POST',
      summary: 'Assign user_id (a student, not the author) to review the submission; an existing review is returned unchanged',
      params: assignReviewerParams,
      permission: manageGrades,
      handler: async (ctx, p, scope) => {
        const { target, review } = await reviews.assign(ctx.principal, scope, p, writeStamp(ctx));
        const [body] = await reviews.json([review], target, p.include, ctx);
        return { body };
      },
    }),
    ...onPaths(both(SUBMISSION), {
      method: 'DELETE',
      summary: 'Remove user_id as reviewer of the submission; answers the removed review',
      params: assignReviewerParams,
      permission: manageGrades,
      handler: async (ctx, p, scope) => {
        const { target, review } = await reviews.remove(ctx.principal, scope, p, writeStamp(ctx));
        // Canvas answers a delete without includes.
        const [body] = await reviews.json([review], target, { user: false, comments: false }, ctx);
        return { body };
      },
    }),
  ];
}
