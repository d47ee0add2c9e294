import { z } from 'zod';
import { canvasBoolean, canvasDate, canvasEnum, canvasId, canvasInteger, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { UploadedFile } from '../../http/params/multipart-body.ts';
import { courseIdParam } from '../modules/modules.params.ts';
import { MIGRATION_TYPES } from './migrators.ts';
import { SELECTIVE_TYPES } from './selective-import.ts';

export const listMigrationsParams = z.object({ course_id: courseIdParam, ...paginationParams });
export const createMigrationParams = z.object({
  course_id: courseIdParam,
  migration_type: canvasEnum(MIGRATION_TYPES),
  pre_attachment: z.object({ name: canvasString(z.string().max(255)).optional(), size: canvasInteger({ min: 0 }).optional() }).optional(),
  selective_import: canvasBoolean().optional(),
  date_shift_options: z
    .object({
      shift_dates: canvasBoolean().optional(),
      remove_dates: canvasBoolean().optional(),
      old_start_date: canvasDate().optional(),
      old_end_date: canvasDate().optional(),
      new_start_date: canvasDate().optional(),
      new_end_date: canvasDate().optional(),
    })
    .optional(),
});
export type CreateMigrationParams = z.output<typeof createMigrationParams>;
/** `copy[all_assignments]=1`, `copy[assignments][id_<migration_id>]=1`: Canvas's selection for a selective import. */
export const selectMigrationParams = z.object({
  course_id: courseIdParam,
  id: canvasId(),
  copy: z.record(z.string().max(300), z.union([canvasBoolean(), z.record(z.string().max(300), canvasBoolean())])),
});
export const selectiveDataParams = z.object({ course_id: courseIdParam, id: canvasId(), type: canvasEnum(SELECTIVE_TYPES).optional() });
export const migrationParams = z.object({ course_id: courseIdParam, id: canvasId() });
export type MigrationParams = z.output<typeof migrationParams>;
export const uploadArchiveParams = z.object({ course_id: courseIdParam, id: canvasId(), file: z.custom<UploadedFile>((value) => value instanceof UploadedFile, { message: 'is required: send the archive as the last part, named "file"' }) });
export const issuesParams = z.object({ course_id: courseIdParam, content_migration_id: canvasId(), ...paginationParams });
export const issueParams = z.object({ course_id: courseIdParam, content_migration_id: canvasId(), id: canvasId() });
