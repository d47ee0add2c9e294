import { z } from 'zod';
import { canvasEnum, canvasId, canvasInteger, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { UploadedFile } from '../../http/params/multipart-body.ts';
import { courseIdParam } from '../modules/modules.params.ts';
import { MIGRATION_TYPES } from './content-migrations.service.ts';

export const listMigrationsParams = z.object({ course_id: courseIdParam, ...paginationParams });
export const createMigrationParams = z.object({
  course_id: courseIdParam,
  migration_type: canvasEnum(MIGRATION_TYPES),
  pre_attachment: z.object({ name: canvasString(z.string().max(255)).optional(), size: canvasInteger({ min: 0 }).optional() }).optional(),
});
export const migrationParams = z.object({ course_id: courseIdParam, id: canvasId() });
export type MigrationParams = z.output<typeof migrationParams>;
export const uploadArchiveParams = z.object({ course_id: courseIdParam, id: canvasId(), file: z.custom<UploadedFile>((value) => value instanceof UploadedFile, { message: 'is required: send the archive as the last part, named "file"' }) });
export const issuesParams = z.object({ course_id: courseIdParam, content_migration_id: canvasId(), ...paginationParams });
export const issueParams = z.object({ course_id: courseIdParam, content_migration_id: canvasId(), id: canvasId() });
