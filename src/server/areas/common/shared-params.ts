import { z } from 'zod';
import { sanitizeUserHtml } from '../../domain/html/sanitize.ts';
import { canvasString } from '../../http/params/canvas-params.ts';

/** Param pieces and field rules that several areas' bodies share (accounts, courses, sections). */

/** IANA zone names only (`America/Denver`); Intl knows the same database the clients format with. */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '' || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export function canvasTimeZone() {
  return z
    .string()
    .refine(isTimeZone, { message: 'is not a valid time zone' })
    .meta({ description: 'IANA time zone name, e.g. America/Denver.' });
}

/** Free text with Canvas's string column limit; `max` is 255 for names and codes. */
export function boundedText(max = 255) {
  return z.union([z.string(), z.number().transform(String)]).pipe(z.string().max(max, { message: `is too long (maximum is ${max} characters)` }));
}

/** An optional SIS id: an empty value or null clears it (Canvas stores no empty SIS ids). */
export function sisIdParam() {
  return z
    .union([z.string(), z.number().transform(String), z.null()])
    .transform((value) => (value === null || value.trim() === '' ? null : value))
    .pipe(z.string().max(255, { message: 'is too long (maximum is 255 characters)' }).nullable());
}

/** Canvas's uniqueness message for SIS ids, keyed by the column Canvas keys it with. */
export function sisTakenIssue(sisId: string) {
  return { type: 'taken', message: `SIS ID "${sisId}" is already in use` };
}

/**
 * User-written HTML (descriptions, messages, syllabus): sanitized as it is parsed, so no service can store it raw
 * and the renderer never receives a script (docs/architecture.md §5.5). Null clears it.
 */
export function htmlParam() {
  return z.union([canvasString(), z.null()]).transform((html) => (html === null ? null : sanitizeUserHtml(html)));
}
