import { z } from 'zod';
import { EDITING_ROLES, type EditingRole } from '../../domain/records/page-records.ts';
import { canvasBoolean, canvasDate, canvasId, canvasInclude, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

/**
 * Parameters of the page routes. Every route exists for courses and groups; the context's path parameter
 * (`course_id` or `group_id`) is folded into `context_id` so one service serves both wikis.
 */

export type WikiKind = 'Course' | 'Group';

/** What a route's handler gets: its own fields plus the context's raw id. */
export type InWiki<TShape extends z.ZodRawShape> = z.output<z.ZodObject<TShape>> & { context_id: string };

/** The schema of a route for one kind of wiki: `shape` plus the context id, renamed `context_id`. */
export function inWiki<TShape extends z.ZodRawShape>(kind: WikiKind, shape: TShape): z.ZodType<InWiki<TShape>> {
  const key = kind === 'Course' ? 'course_id' : 'group_id';
  const description = kind === 'Course' ? 'Course id or sis_course_id:<value>.' : 'Group id.';
  const schema = z
    .object(shape)
    .extend({ [key]: z.string().meta({ description }) })
    .transform((parsed) => {
      const { [key]: contextId, ...rest } = parsed as Record<string, unknown>;
      return { ...rest, context_id: contextId };
    });
  // zod cannot infer a computed key from a generic shape; the transform above builds exactly InWiki<TShape>.
  return schema as unknown as z.ZodType<InWiki<TShape>>;
}

/** `:url`: a slug, an old slug, a page id, or `page_id:N` (docs/canvas-compatibility.md §4.2). */
const pageUrl = z.string().min(1).max(1000);

/** Comma-separated roles; any other token is a 400, as Canvas refuses it. */
const editingRoles = canvasString()
  .transform((raw) => [...new Set(raw.split(',').map((role) => role.trim()).filter((role) => role !== ''))])
  .pipe(z.array(z.enum(EDITING_ROLES, { message: 'is not a valid editing role' })).min(1, { message: "can't be blank" }))
  .transform((roles: EditingRole[]) => roles.join(','));

/** Canvas treats an empty `published` as "not given" (docs/canvas-compatibility.md §4.3), unlike other booleans. */
const optionalPublished = z.preprocess((value) => (value === '' ? undefined : value), canvasBoolean().optional());

const pageFields = z
  .object({
    title: canvasString(z.string().max(255, { message: 'is too long (maximum is 255 characters)' })).optional(),
    body: z.union([canvasString(), z.null()]).optional(),
    editing_roles: editingRoles.optional(),
    notify_of_update: canvasBoolean().optional(),
    published: optionalPublished,
    front_page: canvasBoolean().optional(),
    // The planner's to-do date (docs/canvas-compatibility.md §4.3): set by the first, cleared by a false second.
    student_todo_at: canvasDate().optional(),
    student_planner_checkbox: canvasBoolean().optional(),
  })
  .optional();
export type PageFields = NonNullable<z.output<typeof pageFields>>;

/** Sent as `wiki_page[…]`; the whole group is optional because a PUT may change nothing. */
const writeShape = { wiki_page: pageFields };

export const PAGE_SORTS = ['title', 'created_at', 'updated_at', 'todo_date'] as const;
export type PageSort = (typeof PAGE_SORTS)[number];

export const listShape = {
  // Canvas ignores a sort or order it does not know, so these fall back instead of failing.
  sort: z.enum(PAGE_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  search_term: canvasString().optional(),
  published: canvasBoolean().optional(),
  include: canvasInclude(['body']),
  ...paginationParams,
};
export type ListFilters = z.output<z.ZodObject<typeof listShape>>;

export const pageShape = { url: pageUrl };
export const updateShape = { url: pageUrl, ...writeShape };
export const createShape = writeShape;
export const revisionShape = { url: pageUrl, revision_id: canvasId(), summary: canvasBoolean().default(false) };
export const latestRevisionShape = { url: pageUrl, summary: canvasBoolean().default(false) };
export const revisionListShape = { url: pageUrl, ...paginationParams };
