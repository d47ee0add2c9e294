import { z } from 'zod';
import { canvasBoolean, canvasId, canvasList, canvasString, paginationParams, toCanvasBoolean } from '../../http/params/canvas-params.ts';
import { courseIdParam, positionParam } from '../modules/modules.params.ts';

const MAX_TEXT = 255;
const tooLong = { message: `is too long (maximum is ${MAX_TEXT} characters)` };

/**
 * Canvas validates `teacher_notes` as `inclusion: [true, false]`: Rails casts anything but an empty value to a
 * boolean, so only blank or null fails, with Canvas's own message.
 */
const teacherNotesParam = () =>
  z.union([z.boolean(), z.string(), z.number(), z.null()]).transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: 'teacher_notes must be true or false' });
      return z.NEVER;
    }
    return toCanvasBoolean(value);
  });

/** `column[...]`, all optional here: create requires a title itself, to answer with Canvas's keyed 400. */
const columnFields = z.object({
  title: canvasString(z.string().trim().max(MAX_TEXT, tooLong)).optional(),
  position: positionParam().optional(),
  hidden: canvasBoolean().optional(),
  teacher_notes: teacherNotesParam().optional(),
  read_only: canvasBoolean().optional(),
});
export type ColumnFields = z.output<typeof columnFields>;

const columnId = canvasId();
const includeHidden = canvasBoolean().default(false);

export const listColumnsParams = z.object({ course_id: courseIdParam, include_hidden: includeHidden, ...paginationParams });
export const createColumnParams = z.object({ course_id: courseIdParam, column: columnFields.optional() });
export const updateColumnParams = z.object({ course_id: courseIdParam, id: columnId, column: columnFields.optional() });
export const columnIdParams = z.object({ course_id: courseIdParam, id: columnId });

/** Ids as Ruby's `to_i` reads them: junk counts as 0 and is dropped with the other non-positive ids. */
export const reorderParams = z.object({
  course_id: courseIdParam,
  order: canvasList(z.union([z.string(), z.number()])).optional(),
});

export const listDataParams = z.object({ course_id: courseIdParam, id: columnId, include_hidden: includeHidden, ...paginationParams });

export const updateDatumParams = z.object({
  course_id: courseIdParam,
  id: columnId,
  user_id: canvasId(),
  column_data: z.object({ content: canvasString(z.string().max(MAX_TEXT, tooLong)).optional() }).optional(),
});

const bulkDatum = z.object({
  column_id: canvasId(),
  user_id: canvasId(),
  content: canvasString(z.string().max(MAX_TEXT, tooLong)).optional(),
});
export type BulkDatum = z.output<typeof bulkDatum>;

/** `column_data[][column_id|user_id|content]`: many entries of many columns at once (Canvas's bulk update). */
export const bulkDatumParams = z.object({
  course_id: courseIdParam,
  column_data: canvasList(bulkDatum).refine((rows) => rows.length <= 1000, { message: 'at most 1000 entries at once' }).optional(),
});
