import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { canvasEnum, canvasId, paginationParams } from '../../http/params/canvas-params.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseIdParam } from '../modules/modules.params.ts';
import { contentExportJson } from './content-exports.serializer.ts';
import { ContentExportsService, EXPORT_TYPES } from './content-exports.service.ts';

const MANAGE_CONTENT = ['manage_content'] as const;
const listParams = z.object({ course_id: courseIdParam, ...paginationParams });
const createParams = z.object({ course_id: courseIdParam, export_type: canvasEnum(EXPORT_TYPES), skip_notifications: z.unknown().optional() });
const showParams = z.object({ course_id: courseIdParam, id: canvasId() });

/** Canvas's Content Exports API for courses: a Common Cartridge or a zip of the course files (decision 0111). */
export function contentExportsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const exports = new ContentExportsService(services);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_exports',
      summary: 'The caller’s exports of the course (ContentExport), by id',
      params: listParams,
      permission: rules.inCourse('read', MANAGE_CONTENT, courseIdOf),
      handler: async (ctx, _p, { courseId }) => paginateArray(ctx, (await exports.list(ctx.principal, courseId)).map((e) => contentExportJson(e, ctx.baseUrl))),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/content_exports',
      summary: 'Export the course: export_type common_cartridge (a cartridge Canvas imports) or zip (its files); a ContentExport with its progress_url, the file as its attachment once exported',
      params: createParams,
      permission: rules.inCourse('write', MANAGE_CONTENT, courseIdOf),
      // The archive is this installation's file for this person: a device's hub has no use for it.
      localOnly: true,
      handler: async (ctx, p, { courseId }) => {
        const { file } = await exports.start(ctx.principal, courseId, p.export_type, writeStamp(ctx));
        return { body: contentExportJson(file, ctx.baseUrl) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/content_exports/:id',
      summary: 'One of the caller’s exports of the course (ContentExport)',
      params: showParams,
      permission: rules.inCourse('read', MANAGE_CONTENT, courseIdOf),
      handler: async (ctx, p, { courseId }) => ({ body: contentExportJson(await exports.get(ctx.principal, courseId, p.id), ctx.baseUrl) }),
    }),
  ];
}
