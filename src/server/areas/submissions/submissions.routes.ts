import type { CoreServices } from '../../core-services.ts';
import { paginateMapped } from '../../http/pagination.ts';
import type { AnyRoute } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { FilesService } from '../files/files.service.ts';
import { fileUploadsOf } from '../file-uploads/file-uploads.service.ts';
import { fileJson } from '../files/files.serializer.ts';
import { UnauthorizedError } from '../../domain/errors.ts';
import { seesOnlyAsReviewer, withoutGrade } from '../peer-reviews/reviewer-access.ts';
import { gradingRoutes } from './grading.routes.ts';
import { submissionCommentRoutes } from './submission-comments.routes.ts';
import { SubmissionReader } from './submission-reader.ts';
import { submissionRules } from './submission-rules.ts';
import { onPaths } from './submission-routing.ts';
import { SubmissionScopes } from './submission-scope.ts';
import { SubmissionStore } from './submission-store.ts';
import { listSubmissionsParams, showSubmissionParams, submissionFilesParams, submitParams } from './submissions.params.ts';
import { refuseDisallowedUpload, SubmissionsService } from './submissions.service.ts';

/** Submitting, listing and showing submissions; grading routes live in grading.routes.ts. */
export function submissionsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const scopes = new SubmissionScopes(services, rules.ids);
  const allow = submissionRules(services, scopes);
  const submissions = new SubmissionsService(services, new SubmissionStore(services));
  const reader = new SubmissionReader(services);
  const files = new FilesService(services);
  const uploads = fileUploadsOf(services);

  return [
    ...onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/submissions', '/api/v1/sections/:section_id/assignments/:assignment_id/submissions'], {
      method: 'POST',
      summary: 'Submit an assignment (201; the submission_type must be one the assignment allows)',
      params: submitParams,
      permission: allow.student,
      bodyLimit: 'html',
      handler: async (ctx, p, scope) => {
        const viewer = await submissions.viewer(ctx.principal, scope.courseId);
        const { saved, assignment } = await submissions.submit(viewer, scope, p, writeStamp(ctx), ctx.madeAt);
        const [body] = await reader.json([saved], new Map([[assignment.id, assignment]]), { ...ctx, viewer, include: [] }, ['submission_comments']);
        const location = `${ctx.baseUrl}/api/v1/courses/${scope.courseId}/assignments/${assignment.id}/submissions/${saved.data.user_id}`;
        return { status: 201, body, headers: { Location: location } };
      },
    }),
    ...onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/submissions', '/api/v1/sections/:section_id/assignments/:assignment_id/submissions'], {
      method: 'GET',
      summary: 'List the submissions of one assignment, by user id (graders: students see theirs through /students/submissions)',
      params: listSubmissionsParams,
      permission: allow.viewGrades,
      handler: async (ctx, p, scope) => {
        const viewer = await submissions.viewer(ctx.principal, scope.courseId);
        const assignment = await submissions.assignment(viewer, p.assignment_id);
        const students = await scopes.visibleStudents(ctx.principal, scope);
        const all = await submissions.forStudents(assignment, students, writeStamp(ctx));
        return paginateMapped(ctx, all, (page) => reader.json(page, new Map([[assignment.id, assignment]]), { ...ctx, viewer, include: p.include }));
      },
    }),
    ...onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id', '/api/v1/sections/:section_id/assignments/:assignment_id/submissions/:user_id'], {
      method: 'GET',
      summary: 'Get one student’s submission',
      params: showSubmissionParams,
      permission: allow.seesStudent('read'),
      handler: async (ctx, p, { scope, student }) => {
        const viewer = await submissions.viewer(ctx.principal, scope.courseId);
        const assignment = await submissions.assignment(viewer, p.assignment_id);
        const record = await submissions.one(assignment, student.id, writeStamp(ctx));
        const [body] = await reader.json([record], new Map([[assignment.id, assignment]]), { ...ctx, viewer, include: p.include });
        // A peer reviewer sees the work and its comments, not its grade (docs/canvas-compatibility.md §7).
        return { body: (await seesOnlyAsReviewer(services, ctx.principal, scope.courseId, assignment.id, student.id)) ? withoutGrade(body!) : body };
      },
    }),
    ...onPaths(['/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id/files', '/api/v1/sections/:section_id/assignments/:assignment_id/submissions/:user_id/files'], {
      method: 'POST',
      summary: 'Upload a file for the caller’s own submission (step 1 of Canvas’s upload, or directly with base64 content); use its id in submission[file_ids][]',
      params: submissionFilesParams,
      permission: allow.student,
      bodyLimit: 'html',
      handler: async (ctx, p, scope) => {
        const student = await scopes.student(p.user_id, ctx.principal, scope);
        // Only the student uploads for their own submission.
        if (student.id !== ctx.principal.userId) throw new UnauthorizedError();
        const viewer = await submissions.viewer(ctx.principal, scope.courseId);
        refuseDisallowedUpload(await submissions.assignment(viewer, p.assignment_id), p.name, p.content_type);
        // Hidden: a submission file is not course content, so it stays out of the course's file list. Its owner
        // sees it as its editor would.
        const meta = { ...p, hidden: true };
        const owner = { ...viewer, canManage: true };
        const { content } = p;
        if (content === undefined) return { body: uploads.begin(ctx, viewer, meta, 'submission', owner) };
        return { body: fileJson(await files.create(viewer, { ...meta, content }, writeStamp(ctx), 'submission'), ctx.baseUrl, owner) };
      },
    }),
    ...gradingRoutes(services, { scopes, allow, submissions, reader, ids: rules.ids }),
    ...submissionCommentRoutes(services, { scopes, submissions }),
  ];
}
