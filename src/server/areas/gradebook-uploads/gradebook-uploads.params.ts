import { z } from 'zod';
import { canvasId, canvasString } from '../../http/params/canvas-params.ts';
import { courseIdParam } from '../modules/modules.params.ts';

/** The CSV travels as text in the body (JSON or a form), within the 2 MB body limit. */
export const uploadParams = z.object({
  course_id: courseIdParam,
  csv: canvasString(z.string().min(1, 'is required')).meta({ description: 'The gradebook CSV, as text (Canvas’s export format).' }),
  filename: canvasString(z.string().max(255)).optional(),
});

export const uploadIdParams = z.object({ course_id: courseIdParam, id: canvasId() });
export type UploadIdParams = z.output<typeof uploadIdParams>;
