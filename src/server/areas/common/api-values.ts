import type { Principal } from '../../domain/principal.ts';
import type { WriteStamp } from '../../domain/repository.ts';

/**
 * Values every area reads from a request or prints in its JSON, in one place so the areas cannot drift apart:
 * Canvas clients compare timestamps as strings, and sync and webhooks read the write stamp.
 */

/** Canvas shows timestamps in UTC at second precision (docs/canvas-compatibility.md §1.2): `2024-01-15T18:30:00Z`. */
export function isoSeconds(time: number | Date): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `isoSeconds` for optional values (stored ISO strings, parsed dates): no value, or no valid time, prints null. */
export function isoOrNull(time: number | string | Date | null): string | null {
  if (time === null) return null;
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  return Number.isFinite(ms) ? isoSeconds(ms) : null;
}

/** Who writes and in which request, stamped on every record (docs/architecture.md §4.2: sync and webhooks read it). */
export function writeStamp(ctx: { readonly principal: Principal; readonly requestId: string; readonly now: number }): WriteStamp {
  return { actorId: ctx.principal.userId, requestId: ctx.requestId, now: ctx.now };
}

/** The raw `:course_id` of a course route, for the access rules (which resolve sis ids themselves). */
export const courseIdOf = (params: { course_id: string }): string => params.course_id;
