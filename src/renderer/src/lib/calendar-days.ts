import type { CalendarItem } from '../../../contracts/calendar-dtos.ts';

/**
 * Days of the calendar as `YYYY-MM-DD` keys in this computer's time zone, the way the person's wall calendar reads.
 * Arithmetic goes through local dates at noon, so a daylight-saving change never moves a day.
 */
export type DayKey = string;

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKeyOf(date: Date): DayKey {
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day at local noon. */
export function dateOf(day: DayKey): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 12);
}

export function addDays(day: DayKey, days: number): DayKey {
  const date = dateOf(day);
  date.setDate(date.getDate() + days);
  return dayKeyOf(date);
}

/** The same day of another month, or that month's last day when it is shorter (31 January + 1 month = 28/29 February). */
export function addMonths(day: DayKey, months: number): DayKey {
  const date = dateOf(day);
  const wanted = date.getDate();
  date.setDate(1);
  date.setMonth(date.getMonth() + months);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0, 12).getDate();
  date.setDate(Math.min(wanted, last));
  return dayKeyOf(date);
}

/** `YYYY-MM` of a day: two days are in the same month when these are equal. */
export const monthOf = (day: DayKey): string => day.slice(0, 7);

/**
 * The weeks a month view shows for the month of `day`: whole weeks from the one holding the 1st to the one holding
 * the last day, each starting on `weekStart` (0 = Sunday … 6 = Saturday).
 */
export function monthWeeks(day: DayKey, weekStart: number): DayKey[][] {
  const first = `${monthOf(day)}-01`;
  let cursor = addDays(first, -((dateOf(first).getDay() - weekStart + 7) % 7));
  const weeks: DayKey[][] = [];
  do {
    const week = Array.from({ length: 7 }, (_, i) => addDays(cursor, i));
    weeks.push(week);
    cursor = addDays(cursor, 7);
  } while (monthOf(cursor) === monthOf(day));
  return weeks;
}

/**
 * Where a key moves the focused day of a month grid (WAI-ARIA's date grid): arrows by a day or a week (left and
 * right swap in a right-to-left layout), Home and End to the week's ends, PageUp and PageDown by a month (with Shift, a
 * year). Undefined for any other key.
 */
export function movedDay(day: DayKey, key: string, options: { weekStart: number; rtl: boolean; shift: boolean }): DayKey | undefined {
  const weekday = (dateOf(day).getDay() - options.weekStart + 7) % 7;
  const forward = options.rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = options.rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return addDays(day, 1);
    case back:
      return addDays(day, -1);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageDown':
      return addMonths(day, options.shift ? 12 : 1);
    case 'PageUp':
      return addMonths(day, options.shift ? -12 : -1);
    default:
      return undefined;
  }
}

/**
 * The day an item shows on: an all-day one on its own date (the course's), a timed one on the day it starts here.
 * Undated items have none.
 */
export function dayOfItem(item: Pick<CalendarItem, 'all_day' | 'all_day_date' | 'start_at'>): DayKey | undefined {
  if (item.all_day && item.all_day_date) return item.all_day_date;
  return item.start_at ? dayKeyOf(new Date(item.start_at)) : undefined;
}

/** Items by the day they show on, each day's in order of time (all-day ones first). */
export function itemsByDay<T extends Pick<CalendarItem, 'all_day' | 'all_day_date' | 'start_at'>>(items: readonly T[]): Map<DayKey, T[]> {
  const byDay = new Map<DayKey, T[]>();
  const sorted = [...items].sort((a, b) => Number(b.all_day) - Number(a.all_day) || (a.start_at ?? '').localeCompare(b.start_at ?? ''));
  for (const item of sorted) {
    const day = dayOfItem(item);
    if (day) byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return byDay;
}

/** The first day of the week where `locale` is spoken (0 = Sunday), as `Intl` knows it; Monday where it cannot say. */
export function weekStartOf(locale: string): number {
  // `getWeekInfo` (or the older `weekInfo` getter) is not in every engine nor in TypeScript's library yet.
  const info = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay ?? 1;
  return firstDay % 7;
}
