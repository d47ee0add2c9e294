import type { Course } from '../../../contracts/lms-dtos.ts';
import { instantOf, wallTimeAt } from '../../../contracts/wall-clock.ts';

/*
 * Date fields in the authoring forms hold what `<input type="datetime-local">` holds (`2026-12-01T23:59`), read as a
 * time in the course's zone, not the computer's: a teacher travelling abroad still sets "Friday 23:59 at school".
 */

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A stored instant as the field shows it in `timeZone`; '' for no date. */
export function toCourseInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const w = wallTimeAt(time, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The field's value as an instant to send; null for an empty field, undefined when it is not a date. */
export function fromCourseInput(value: string, timeZone: string): string | null | undefined {
  if (value.trim() === '') return null;
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  return instantOf({ year, month, day, hour, minute, second }, timeZone).toISOString();
}

/** The zone a course's dates are read in; a course without one (older data) uses this computer's. */
export function courseTimeZone(course: Pick<Course, 'time_zone'>): string {
  return course.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
