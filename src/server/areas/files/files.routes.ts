import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import { paginateArray } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type Grant } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { contentViewer } from '../common/course-content.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { fileUploadsOf } from '../file-uploads/file-uploads.service.ts';
import { createFileParams, createSuccessParams, listFilesParams, showCourseFileParams, showFileParams } from './files.params.ts';
import { fileJson } from './files.serializer.ts';
import { FilesService } from './files.service.ts';

const MANAGE_FILES: readonly PermissionName[] = ['manage_files'];

export function filesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const files = new FilesService(services);
  const uploads = fileUploadsOf(services);
  const viewerIn = (principal: Parameters<typeof contentViewer>[1], courseId: number) =>
    contentViewer(services, principal, courseId, MANAGE_FILES);

  // The course is the file's own: 404 for an unknown file, 401 when its course is not the caller's.
  const readableFile = (grants: Grant) =>
    scopedRule('enrolled in the file’s course, or read_course_content on its account', grants, async (ctx, p: { id: number }) => {
      const file = await files.get(p.id);
      return scopeIf(await services.access.canReadCourse(ctx.principal, file.data.course_id), file);
    });

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/files',
      summary: 'List course files (students: neither hidden nor locked ones)',
      params: listFilesParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const viewer = await viewerIn(ctx.principal, courseId);
        const list = await files.list(viewer, p);
        return paginateArray(ctx, list.map((f) => fileJson(f, ctx.baseUrl, viewer)));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/files',
      summary: 'Upload a file: step 1 of Canvas’s upload (name, size, content_type → upload_url), or directly with base64 content',
      params: createFileParams,
      permission: rules.inCourse('write', MANAGE_FILES, courseIdOf),
      // The bytes of a direct upload travel as base64 inside the body.
      bodyLimit: 'html',
      handler: async (ctx, p, { courseId }) => {
        const viewer = await viewerIn(ctx.principal, courseId);
        const { content } = p;
        if (content === undefined) return { body: uploads.begin(ctx, viewer, p, 'course') };
        return { body: fileJson(await files.create(viewer, { ...p, content }, writeStamp(ctx)), ctx.baseUrl, viewer) };
      },
    }),
    // Step 3 of Canvas's upload: clients that confirm (or follow step 2's Location) get the stored file's JSON.
    ...(['GET', 'POST'] as const).map((method) =>
      defineRoute({
        method,
        path: '/api/v1/files/:id/create_success',
        summary: 'Confirm an upload (step 3): the File JSON of the uploaded file whose uuid is given',
        params: createSuccessParams,
        // Canvas clients POST the confirmation of their own upload; it writes nothing.
        permission: readableFile(method === 'GET' ? 'read' : 'own'),
        handler: async (ctx, p, found) => {
          const viewer = await viewerIn(ctx.principal, found.data.course_id);
          const file = await files.shownTo(found, viewer, writeStamp(ctx));
          // Canvas finds the file by id and uuid together: a wrong uuid is no file at all.
          if (file.data.uuid !== p.uuid) throw new NotFoundError('file');
          return { body: fileJson(file, ctx.baseUrl, file.data.user_id === ctx.principal.userId ? { ...viewer, canManage: true } : viewer) };
        },
      }),
    ),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/files/:id',
      summary: 'Get one file of the course',
      params: showCourseFileParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const viewer = await viewerIn(ctx.principal, courseId);
        return { body: fileJson(await files.shownTo(await files.get(p.id), viewer, writeStamp(ctx)), ctx.baseUrl, viewer) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/files/:id',
      summary: 'Get one file by id',
      params: showFileParams,
      permission: readableFile('read'),
      handler: async (ctx, _p, found) => {
        const viewer = await viewerIn(ctx.principal, found.data.course_id);
        return { body: fileJson(await files.shownTo(found, viewer, writeStamp(ctx)), ctx.baseUrl, viewer) };
      },
    }),
    defineRoute({
      method: 'GET',
      // The file JSON's `url` (Canvas names /files/:id/download; clients follow the url, and under /api the Host
      // guard, token auth and no-store caching apply as to every other call).
      path: '/api/v1/files/:id/download',
      summary: 'Download a file’s bytes (always as an attachment)',
      params: showFileParams,
      permission: readableFile('read'),
      handler: async (ctx, _p, found) => {
        const file = await files.shownTo(found, await viewerIn(ctx.principal, found.data.course_id), writeStamp(ctx));
        return { body: null, file: { contentType: file.data.content_type, fileName: file.data.filename, bytes: await files.bytes(file) } };
      },
    }),
  ];
}
