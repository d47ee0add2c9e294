import { instantOf } from '../../contracts/wall-clock.ts';

/** 23:59:59 of `day` (`YYYY-MM-DD`) in `timeZone`: Canvas's `Date#end_of_day` in the course's `Time.zone`. */
export function endOfDayIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOf({ year, month, day: date, hour: 23, minute: 59, second: 59 }, timeZone);
}
