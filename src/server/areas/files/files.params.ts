import { z } from 'zod';
import {
  canvasBoolean,
  canvasDate,
  canvasEnum,
  canvasId,
  canvasInteger,
  canvasList,
  canvasString,
  paginationParams,
} from '../../http/params/canvas-params.ts';
import { courseIdParam } from '../assignments/assignments.params.ts';

/** Decoded bytes per upload: base64 (4/3) plus the JSON around it must fit the 2 MB body limit. */
export const MAX_FILE_BYTES = 1_400_000;

export const FILE_SORTS = ['name', 'size', 'created_at', 'updated_at', 'content_type'] as const;

export const listFilesParams = z.object({
  course_id: courseIdParam,
  search_term: canvasString().optional(),
  content_types: canvasList(canvasString()).optional(),
  sort: canvasEnum(FILE_SORTS).default('name'),
  order: canvasEnum(['asc', 'desc']).default('asc'),
  ...paginationParams,
});

export const showCourseFileParams = z.object({ course_id: courseIdParam, id: canvasId() });
export const showFileParams = z.object({ id: canvasId() });

const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * Outpost's direct upload (docs/decisions/0004-file-storage.md): metadata and the bytes as base64 `content` in one
 * request, instead of Canvas's three-step dance. A form body turns an unescaped `+` into a space, so spaces are
 * read back as `+`; line breaks (MIME base64) and the URL-safe alphabet are accepted too.
 */
export const createFileParams = z.object({
  course_id: courseIdParam,
  name: canvasString().pipe(z.string().trim().min(1).max(255)),
  content_type: canvasString().pipe(z.string().trim().toLowerCase().max(100).regex(CONTENT_TYPE)).optional(),
  size: canvasInteger({ min: 0, max: MAX_FILE_BYTES }).optional(),
  content: canvasString()
    .transform((raw) => raw.replace(/[\r\n]/g, '').replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/'))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not valid base64')
        .refine((b64) => b64.length % 4 === 0, 'is not valid base64')
        .refine((b64) => Math.floor((b64.length * 3) / 4) <= MAX_FILE_BYTES + 2, `is larger than ${MAX_FILE_BYTES} bytes`),
    ),
  locked: canvasBoolean().optional(),
  hidden: canvasBoolean().optional(),
  unlock_at: canvasDate().optional(),
  lock_at: canvasDate().optional(),
});
export type NewFile = z.output<typeof createFileParams>;
