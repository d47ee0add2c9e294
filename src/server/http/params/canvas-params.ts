import { z } from 'zod';

/**
 * zod building blocks for `<area>.params.ts`, coercing the way Canvas does. Every helper accepts both a form
 * value (always a string) and a JSON value (typed), since the two body formats are equivalent (docs/canvas-compatibility.md §1.2).
 */

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', 'on', '1']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', 'off', '0', '']);

/** Canvas's `value_to_boolean`: the words above, else Ruby's `to_i != 0`, so `"abc"` is false and `"2x"` true. */
export function toCanvasBoolean(value: string | number | boolean | null): boolean {
  if (typeof value === 'boolean') return value;
  if (value === null) return false;
  if (typeof value === 'number') return value !== 0;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  const leadingInteger = /^[+-]?\d+/.exec(word);
  return leadingInteger !== null && Number(leadingInteger[0]) !== 0;
}

/** A Canvas boolean. Absent stays undefined (updates leave the field alone); add `.default(false)` where absent means false. */
export function canvasBoolean() {
  return z
    .union([z.boolean(), z.string(), z.number(), z.null()])
    .transform(toCanvasBoolean)
    .meta({ description: 'Boolean: true/t/yes/y/on/1 or false/f/no/n/off/0 (case-insensitive).' });
}

/** Ids stay below 2^53 (docs/architecture.md §4.3), so anything longer cannot name a record. */
const DIGITS = /^\d{1,16}$/;

/** A plain integer id, sent as a number or a string of digits. As a path parameter, a mismatch answers 404. */
export function canvasId() {
  return z
    .union([z.number().int().positive(), z.string().regex(DIGITS)])
    .transform(Number)
    .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .meta({ description: 'Integer id.' });
}

/** An integer such as a position; `min`/`max` bound it. */
export function canvasInteger(bounds: { min?: number; max?: number } = {}) {
  return z
    .union([z.number(), z.string().regex(/^\s*[+-]?\d{1,15}\s*$/)])
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(bounds.min ?? Number.MIN_SAFE_INTEGER)
        .max(bounds.max ?? Number.MAX_SAFE_INTEGER),
    );
}

/** A finite decimal such as `points_possible`. */
export function canvasNumber() {
  return z
    .union([z.number(), z.string().regex(/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/)])
    .transform(Number)
    .pipe(z.number().finite());
}

/**
 * Text; a JSON number is accepted as its decimal form, as a form field would have sent it. Constraints go on
 * `inner`: `canvasString(z.string().trim().min(1).max(255))`.
 */
export function canvasString(inner: z.ZodType<string, string> = z.string()) {
  return z.union([z.string(), z.number().transform(String)]).pipe(inner);
}

/** One of fixed words, e.g. `grading_type`; anything else fails with Rails' inclusion message, as Canvas's models do. */
export function canvasEnum<const TValues extends readonly [string, ...string[]]>(values: TValues) {
  return z.enum(values, { message: 'is not included in the list' });
}

/**
 * A timestamp, parsed leniently like Rails' `Time.zone.parse` (any form `Date.parse` reads, e.g.
 * `2024-01-15T18:30:00Z`, `2024-01-15`). An empty string or null means "no date" and clears the field.
 */
export function canvasDate() {
  return z
    .union([z.string(), z.null()])
    .transform((raw, ctx): Date | null => parseTime(raw, ctx))
    .meta({ description: 'ISO 8601 timestamp; empty clears it.' });
}

/** A day without a time of day, as sent in `assignment[due_at]=2026-12-01`. */
export interface CalendarDay {
  readonly day: string;
}

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A due date: a timestamp as `canvasDate` reads it, or a bare day (`2026-12-01`), which Canvas takes as the end of
 * that day (23:59:59) in the course's time zone; the service knows the zone, so the day is passed on as such.
 */
export function canvasDueDate() {
  return z
    .union([z.string(), z.null()])
    .transform((raw, ctx): Date | CalendarDay | null => {
      const day = raw?.trim() ?? '';
      return BARE_DAY.test(day) && !Number.isNaN(Date.parse(day)) ? { day } : parseTime(raw, ctx);
    })
    .meta({ description: 'ISO 8601 timestamp, or a bare date meaning 23:59:59 that day in the course time zone; empty clears it.' });
}

function parseTime(raw: string | null, ctx: z.RefinementCtx): Date | null {
  if (raw === null || raw.trim() === '') return null;
  const time = Date.parse(raw.trim());
  if (Number.isNaN(time)) {
    ctx.addIssue({ code: 'custom', message: 'is not a valid date' });
    return z.NEVER;
  }
  return new Date(time);
}

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * A hash whose keys are all list indexes (`ids[0]=3&ids[1]=4`, how jQuery and qs number list entries; the parser
 * keeps brackets as hash keys) as the list of its values in index order; anything else unchanged.
 */
export function indexedValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const hash = value as Record<string, unknown>;
  const keys = Object.keys(hash);
  if (keys.length === 0 || !keys.every((key) => INDEX.test(key))) return value;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => hash[key]);
}

/**
 * A list parameter (`ids[]=1&ids[]=2`, or index-keyed `ids[0]=1&ids[1]=2`): sent once without brackets (`ids=1`)
 * it is still a list, as Canvas wraps it. Commas are not split.
 */
export function canvasList<TItem extends z.ZodType>(item: TItem) {
  return z.preprocess(indexedValues, z.union([z.array(item), item.transform((one) => [one])]));
}

/** `include[]`: known values kept, unknown ones ignored (Canvas does not fail on them); absent → []. */
export function canvasInclude<const TValues extends readonly [string, ...string[]]>(values: TValues) {
  const known = new Set<string>(values);
  return canvasList(z.string())
    .transform((sent) => [...new Set(sent)].filter((value): value is TValues[number] => known.has(value)))
    .default([])
    .meta({ description: `Any of: ${values.join(', ')}.` });
}

/**
 * `page` and `per_page`, declared for the OpenAPI document only: `paginate` reads them from the query itself
 * because Canvas's rules for odd values (non-numeric page → 404, per_page → 1) are not validation errors.
 */
export const paginationParams = {
  page: z.union([z.string(), z.number()]).optional().catch(undefined).meta({ description: 'Page number, from 1.' }),
  per_page: z
    .union([z.string(), z.number()])
    .optional()
    .catch(undefined)
    .meta({ description: 'Page size, 1..100 (default 10).' }),
};
