import type { CoreServices } from '../../core-services.ts';
import { allowIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { MAX_FILE_BYTES } from '../files/files.params.ts';
import { createSuccessUrl, fileJson } from '../files/files.serializer.ts';
import { uploadParams } from './file-uploads.params.ts';
import { fileUploadsOf } from './file-uploads.service.ts';

/** Step 2 of Canvas's file upload; step 1 is `POST …/files` without `content`, step 3 `…/files/:id/create_success`. */
export function fileUploadsRoutes(services: CoreServices): AnyRoute[] {
  const uploads = fileUploadsOf(services);
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/file_uploads/:upload_token',
      summary: 'Upload step 2: the upload_params, then the `file` part, as multipart/form-data (201 with the File JSON)',
      params: uploadParams,
      // Canvas clients send no access token to the upload URL: the single-use token in it is the credential, so
      // a foreign page can forge this request only by knowing the token (and the Origin guard refuses it anyway).
      authenticate: async (req) => uploads.principalFor(req.params.upload_token, Date.now()),
      // `own`: it completes the caller's upload, whose write right step 1's rule checked.
      permission: allowIf('the single-use upload token from step 1, in the URL (no access token)', 'own', () => true),
      multipart: { fileBytes: MAX_FILE_BYTES },
      // The token exists on this installation only: a device's hub gets step 1 with the bytes instead.
      recordAs: (p) => uploads.recordedAs(p.upload_token, p.file, Date.now()),
      handler: async (ctx, p) => {
        const { file, viewer } = await uploads.complete(ctx, p.upload_token, p.file);
        // 201 with the File JSON, which canvasapi and most clients read directly; those that confirm instead
        // follow the Location to create_success with their access token, as Canvas documents.
        return { status: 201, body: fileJson(file, ctx.baseUrl, viewer), headers: { Location: createSuccessUrl(file, ctx.baseUrl) } };
      },
    }),
  ];
}
