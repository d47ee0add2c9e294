import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type Grant } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { progressJson } from '../progress/progress.serializer.ts';
import { GradingService } from '../submissions/grading.service.ts';
import { MANAGE_GRADES, SubmissionScopes } from '../submissions/submission-scope.ts';
import { SubmissionStore } from '../submissions/submission-store.ts';
import { uploadIdParams, uploadParams, type UploadIdParams } from './gradebook-uploads.params.ts';
import { gradebookUploadJson } from './gradebook-uploads.serializer.ts';
import { GradebookUploadsService } from './gradebook-uploads.service.ts';

/**
 * Gradebook uploads, Outpost's extension (docs/canvas-compatibility.md §21): Canvas's gradebook import is a page
 * of its UI with no API. Upload a CSV for a preview; confirm the preview to grade (decision 0110).
 */
export function gradebookUploadsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const scopes = new SubmissionScopes(services, rules.ids);
  const uploads = new GradebookUploadsService(services, scopes, GradingService.of(services, new SubmissionStore(services), scopes));

  // The upload's own course on the path (else 404); its uploader, who must still hold manage_grades there.
  const ownUpload = (grants: Grant) =>
    scopedRule('the upload’s own uploader, with manage_grades in its course', grants, async (ctx, p: UploadIdParams) => {
      const courseId = await rules.ids.courseId(p.course_id);
      const upload = await uploads.get(p.id);
      if (upload.data.course_id !== courseId) throw new NotFoundError('gradebook upload');
      const allowed = upload.data.user_id === ctx.principal.userId && (await services.access.canAny(ctx.principal, MANAGE_GRADES, { type: 'course', courseId }));
      return scopeIf(allowed, upload);
    });

  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/gradebook_uploads',
      summary: 'Upload a gradebook CSV (Canvas’s export format, as `csv` text) for a preview of every change; nothing is graded until it is confirmed',
      params: uploadParams,
      permission: rules.inCourse('write', MANAGE_GRADES, courseIdOf),
      bodyLimit: 'html',
      // The preview is this installation's, for its uploader; the confirmation is what grades.
      localOnly: true,
      handler: async (ctx, p, { courseId }) => ({ status: 201, body: gradebookUploadJson(await uploads.preview(ctx.principal, courseId, p, writeStamp(ctx)), ctx.baseUrl) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/gradebook_uploads/:id',
      summary: 'A gradebook upload’s preview (its uploader only)',
      params: uploadIdParams,
      permission: ownUpload('read'),
      handler: (ctx, _p, upload) => ({ body: gradebookUploadJson(upload, ctx.baseUrl) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/gradebook_uploads/:id/confirm',
      summary: 'Grade the changes of a previewed upload: a Progress (tag submissions_update) of the bulk grading job; 409 when a grade changed since the preview',
      params: uploadIdParams,
      permission: ownUpload('write'),
      handler: async (ctx, _p, upload) => ({ body: progressJson(await uploads.confirm(ctx.principal, upload, writeStamp(ctx)), ctx.baseUrl) }),
    }),
  ];
}
