/**
 * Wall-clock times in an IANA time zone, for dates Canvas reads "where the course is": the server turns a bare due
 * day into 23:59:59 of that day in the course's zone, and the authoring forms show and take dates in that zone
 * whatever zone the teacher's computer is set to.
 */

/** A time as a clock on the wall shows it; `month` runs 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in `timeZone` shows at `instant`. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second') };
}

function asUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  return asUtc(wallTimeAt(instant, timeZone)) - Math.floor(instant / 1000) * 1000;
}

/** The instant a clock in `timeZone` shows `wall`. */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const utc = asUtc(wall);
  // The offset at the guess can differ from the offset at the answer across a DST change; one correction settles it.
  const guess = utc - offsetAt(utc, timeZone);
  return new Date(utc - offsetAt(guess, timeZone));
}
