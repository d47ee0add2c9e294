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
import { MAX_FILE_BYTES } from '../../../contracts/upload-limits.ts';
import { courseIdParam } from '../assignments/assignments.params.ts';

export { MAX_FILE_BYTES };

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
 * What a client says about a file before (Canvas's step 1) or with (Outpost's direct upload) its bytes. Outpost has
 * no folders: `parent_folder_path`/`parent_folder_id` are accepted and ignored, as Canvas ignores them in contexts
 * without folders. `on_duplicate` (Canvas's default `overwrite`) applies to course files of the same name.
 */
export const fileMetaFields = {
  name: canvasString().pipe(z.string().trim().min(1).max(255)),
  content_type: canvasString().pipe(z.string().trim().toLowerCase().max(100).regex(CONTENT_TYPE)).optional(),
  // Step 1's quota check: a file larger than Outpost stores is refused before its bytes are sent.
  size: canvasInteger({ min: 0, max: MAX_FILE_BYTES }).optional(),
  on_duplicate: canvasEnum(['overwrite', 'rename']).optional(),
  parent_folder_path: canvasString().pipe(z.string().max(1000)).optional(),
  parent_folder_id: canvasString().pipe(z.string().max(100)).optional(),
  locked: canvasBoolean().optional(),
  hidden: canvasBoolean().optional(),
  unlock_at: canvasDate().optional(),
  lock_at: canvasDate().optional(),
};

/**
 * Base64 bytes of Outpost's direct upload (docs/decisions/0004-file-storage.md). A form body turns an unescaped `+`
 * into a space, so spaces are read back as `+`; line breaks (MIME base64) and the URL-safe alphabet are accepted too.
 */
const base64Content = canvasString()
  .transform((raw) => raw.replace(/[\r\n]/g, '').replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/'))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not valid base64')
      .refine((b64) => b64.length % 4 === 0, 'is not valid base64')
      .refine((b64) => Math.floor((b64.length * 3) / 4) <= MAX_FILE_BYTES + 2, `is larger than ${MAX_FILE_BYTES} bytes`),
  );

/**
 * Creating a file: with `content`, Outpost's one-request upload; without it, step 1 of Canvas's upload, which
 * answers with an `upload_url` for the bytes (src/server/areas/file-uploads).
 */
export const createFileParams = z.object({ course_id: courseIdParam, ...fileMetaFields, content: base64Content.optional() });
export type FileMeta = Omit<z.output<typeof createFileParams>, 'course_id' | 'content'>;
/** The one-request upload: the metadata and the bytes. */
export type NewFile = FileMeta & { content: string };

export const createSuccessParams = z.object({ id: canvasId(), uuid: canvasString().pipe(z.string().max(100)) });
