import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { isShownComment, type SubmissionCommentData } from '../../domain/records/submission-records.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { AnyRoute } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds, writeStamp } from '../common/api-values.ts';
import { onPaths } from './submission-routing.ts';
import { MANAGE_GRADES, type SubmissionScopes } from './submission-scope.ts';
import { commentIdParams, editCommentParams, type CommentIdParams } from './submissions.params.ts';
import { commentJson } from './submissions.serializer.ts';
import type { SubmissionsService } from './submissions.service.ts';

interface FoundComment {
  readonly comment: Stored<SubmissionCommentData>;
  readonly studentId: number;
  readonly courseId: number;
}

interface Parts {
  scopes: SubmissionScopes;
  submissions: SubmissionsService;
}

const PATH = '/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id/comments/:id';

/**
 * Editing and deleting one submission comment (Canvas's SubmissionCommentsApiController). Canvas's comment policy:
 * its author may edit and delete it; whoever may grade the student may delete it too. Anyone else who reaches
 * the comment gets 401; a comment that is not this submission's, or was deleted, is a 404.
 */
export function submissionCommentRoutes(services: CoreServices, { scopes, submissions }: Parts): AnyRoute[] {
  /** The comment the path names, after the course, assignment and student it must belong to. */
  async function find(principal: Principal, p: CommentIdParams): Promise<FoundComment> {
    const scope = await scopes.resolve(p);
    const assignment = await submissions.assignment(await submissions.viewer(principal, scope.courseId), p.assignment_id);
    const student = await scopes.student(p.user_id, principal, scope);
    const comment = await services.repos.submissionComments.get(p.id);
    if (!comment || comment.data.assignment_id !== assignment.id || comment.data.user_id !== student.id || !isShownComment(comment.data)) {
      throw new NotFoundError('submission comment');
    }
    return { comment, studentId: student.id, courseId: scope.courseId };
  }

  /** The comment as Submission JSON shows it. */
  async function json(comment: Stored<SubmissionCommentData>, principal: Principal, request: { baseUrl: string; now: number }) {
    const { repos } = services;
    const [viewer, users, files] = await Promise.all([
      submissions.viewer(principal, comment.data.course_id),
      repos.users.getMany([comment.data.author_id]),
      repos.files.getMany(comment.data.attachment_ids),
    ]);
    return commentJson(comment, { ...request, viewer, users, files });
  }

  // The rule itself narrows the write to what Canvas's comment policy allows, as the grading PUT's rule does.
  const authorOf = scopedRule('the comment’s author', 'write', async (ctx, p: CommentIdParams) => {
    const found = await find(ctx.principal, p);
    return scopeIf(found.comment.data.author_id === ctx.principal.userId, found);
  });
  const authorOrGrader = scopedRule('the comment’s author, or manage_grades reaching the student', 'write', async (ctx, p: CommentIdParams) => {
    const found = await find(ctx.principal, p);
    const allowed = found.comment.data.author_id === ctx.principal.userId || (await scopes.canForStudent(ctx.principal, MANAGE_GRADES, found.courseId, found.studentId));
    return scopeIf(allowed, found);
  });

  return [
    ...onPaths([PATH], {
      method: 'PUT',
      summary: 'Edit a submission comment (comment: the new text); only its author may, and edited_at records when',
      params: editCommentParams,
      permission: authorOf,
      handler: async (ctx, p, { comment }) => {
        const edited = await services.repos.submissionComments.update(comment.id, writeStamp(ctx), (data) => ({ ...data, comment: p.comment, edited_at: isoSeconds(ctx.now) }));
        if (!edited) throw new NotFoundError('submission comment');
        return { body: await json(edited, ctx.principal, ctx) };
      },
    }),
    ...onPaths([PATH], {
      method: 'DELETE',
      summary: 'Delete a submission comment; its author or a grader who reaches the student may; answers the comment',
      params: commentIdParams,
      permission: authorOrGrader,
      handler: async (ctx, _p, { comment }) => {
        const body = await json(comment, ctx.principal, ctx);
        await services.repos.submissionComments.update(comment.id, writeStamp(ctx), (data) => ({ ...data, workflow_state: 'deleted' }));
        return { body };
      },
    }),
  ];
}
