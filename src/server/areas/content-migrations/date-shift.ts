import type { MigrationDateShift } from '../../domain/records/export-records.ts';
import type { CartridgePlan } from './cartridge-reader.ts';

/**
 * Canvas's `date_shift_options` for an import: `remove_dates` clears every date the cartridge carries;
 * `shift_dates` moves each one from the old term to the new, as Canvas does it (decision 0130).
 */
export type DateShiftOptions = MigrationDateShift;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` (or any timestamp), counted in UTC. */
const dayOf = (date: string): number => Math.floor(Date.parse(date) / DAY_MS);
const weekday = (day: number): number => (day + 4) % 7; // 1970-01-01 was a Thursday (4).

/**
 * One date moved to the new term, its time of day kept: where the old term's end and the new term's end are both
 * given, the date keeps its place in proportion between start and end (a term of another length stretches);
 * otherwise it moves by the distance between the two starts. Then, as Canvas does by default, it lands on the
 * weekday it had: the nearest such day before, unless that falls before the new start, else after.
 */
export function shiftDate(iso: string, o: DateShiftOptions): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time) || o.old_start_date === null || o.new_start_date === null) return iso;
  const day = Math.floor(time / DAY_MS);
  const timeOfDay = time - day * DAY_MS;
  const oldStart = dayOf(o.old_start_date);
  const newStart = dayOf(o.new_start_date);
  const oldLength = o.old_end_date !== null ? dayOf(o.old_end_date) - oldStart : 0;
  const newLength = o.new_end_date !== null ? dayOf(o.new_end_date) - newStart : 0;
  let shifted = oldLength > 0 && newLength >= 0 && o.new_end_date !== null ? newStart + Math.round(((day - oldStart) * newLength) / oldLength) : day + (newStart - oldStart);
  if (weekday(shifted) !== weekday(day)) {
    shifted += (weekday(day) - weekday(shifted) + 7) % 7;
    if (shifted - 7 >= newStart) shifted -= 7;
  }
  return new Date(shifted * DAY_MS + timeOfDay).toISOString().replace(/\.000Z$/, 'Z');
}

/** The plan with its dates (assignments' due, unlock and lock dates, modules' unlock dates) shifted or removed. */
export function withDatesShifted(plan: CartridgePlan, o: DateShiftOptions | null): CartridgePlan {
  if (!o || (!o.remove_dates && !o.shift_dates)) return plan;
  const moved = (date: string | null): string | null => (date === null || o.remove_dates ? null : shiftDate(date, o));
  return {
    ...plan,
    assignments: plan.assignments.map((a) => ({ ...a, due_at: moved(a.due_at), unlock_at: moved(a.unlock_at), lock_at: moved(a.lock_at) })),
    modules: plan.modules.map((m) => ({ ...m, unlock_at: moved(m.unlock_at) })),
  };
}
