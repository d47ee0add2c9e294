import { InvalidError } from '../../domain/errors.ts';

/** An inclusive time range in ms; either end may be open. */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const TEN_YEARS = 3652 * DAY;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type DateField = 'start_date' | 'end_date';

/** Canvas's own 400 body for a date it cannot read (docs/canvas-compatibility.md §9). */
function invalidDate(field: DateField): InvalidError {
  return new InvalidError(`Invalid date or invalid datetime for ${field}`, { field });
}

/**
 * A `yyyy-mm-dd` or ISO 8601 bound. A bare date covers its whole day (UTC): a start counts from the day's start,
 * an end to the day's end, so equal dates give exactly that day.
 */
function bound(raw: string | undefined, field: DateField): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const text = raw.trim();
  const time = DATE_ONLY.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
  if (Number.isNaN(time)) throw invalidDate(field);
  return field === 'end_date' && DATE_ONLY.test(text) ? time + DAY - 1 : time;
}

/**
 * The planner items window (docs/canvas-compatibility.md §9): with no dates, two weeks either side of now; with one,
 * the open side is ten years from now (not from the given date), as Canvas defaults each missing bound.
 */
export function itemsWindow(p: { start_date?: string | undefined; end_date?: string | undefined }, now: number): TimeWindow {
  const start = bound(p.start_date, 'start_date');
  const end = bound(p.end_date, 'end_date');
  if (start === undefined && end === undefined) return { start: now - 2 * WEEK, end: now + 2 * WEEK };
  return { start: start ?? now - TEN_YEARS, end: end ?? now + TEN_YEARS };
}

/** The planner notes range: no default, so an absent bound is open. */
export function notesWindow(p: { start_date?: string | undefined; end_date?: string | undefined }): TimeWindow {
  return { start: bound(p.start_date, 'start_date') ?? -Infinity, end: bound(p.end_date, 'end_date') ?? Infinity };
}

/** Whether an ISO time falls in the window; no time never does. */
export function inWindow(iso: string | null, window: TimeWindow): boolean {
  if (iso === null) return false;
  const time = Date.parse(iso);
  return time >= window.start && time <= window.end;
}
