import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { canvasId } from '../../http/params/canvas-params.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { z } from 'zod';
import { exportFileJson } from './export-files.serializer.ts';
import { ExportFilesService } from './export-files.service.ts';

const exportFileParams = z.object({ id: canvasId() });

/**
 * The files exports write (gradebook CSVs, course exports): Outpost's extension, where the attachment JSON of
 * `gradebook_csvs` and `content_exports` points (docs/canvas-compatibility.md). Exports never join the course's
 * files: they hold every student's grades, and course files reach every member's device.
 */
export function exportFilesRoutes(services: CoreServices): AnyRoute[] {
  const exports = new ExportFilesService(services);
  const ownExport = scopedRule('the export’s own requester, still able to read its course', 'read', async (ctx, p: { id: number }) => {
    const file = await exports.get(p.id);
    return scopeIf(file.data.user_id === ctx.principal.userId && (await services.access.canReadCourse(ctx.principal, file.data.course_id)), file);
  });

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/export_files/:id',
      summary: 'An export’s attachment JSON (its requester only)',
      params: exportFileParams,
      permission: ownExport,
      handler: (ctx, _p, file) => ({ body: exportFileJson(file, ctx.baseUrl) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/export_files/:id/download',
      summary: 'Download an export’s bytes, streamed (its requester only; 404 until the export has finished)',
      params: exportFileParams,
      permission: ownExport,
      handler: (_ctx, _p, file) => {
        if (file.data.workflow_state !== 'available') throw new NotFoundError('file');
        return { body: null, file: { contentType: file.data.content_type, fileName: file.data.filename, bytes: exports.bytes(file), size: file.data.size } };
      },
    }),
  ];
}
