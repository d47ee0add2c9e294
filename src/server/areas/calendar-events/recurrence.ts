import { instantOf, wallTimeAt, type WallTime } from '../../../contracts/wall-clock.ts';
import { ValidationError } from '../../domain/errors.ts';

/** Canvas refuses a series of more than 200 occurrences. */
export const MAX_OCCURRENCES = 200;

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const DAY = 86_400_000;

/** The part of RFC 5545's RRULE Outpost repeats: DAILY or WEEKLY (with BYDAY), INTERVAL, and COUNT or UNTIL. */
export interface Recurrence {
  readonly freq: 'DAILY' | 'WEEKLY';
  readonly interval: number;
  readonly count: number | undefined;
  readonly until: number | undefined;
  /** Weekdays (0 = Sunday) of a weekly rule; empty for the start's own weekday. */
  readonly byDay: readonly number[];
}

const invalid = (message: string) => new ValidationError({ rrule: [{ type: 'invalid', message }] });

/** Reads `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10` (an `RRULE:` prefix allowed); anything else Outpost does not repeat is a 400. */
export function parseRecurrence(rule: string): Recurrence {
  const fields = new Map<string, string>();
  for (const part of rule.trim().replace(/^RRULE:/i, '').split(';')) {
    if (part === '') continue;
    const [key, value] = part.split('=');
    if (!key || value === undefined || value === '') throw invalid(`cannot read "${part}"`);
    fields.set(key.toUpperCase(), value.toUpperCase());
  }
  const freq = fields.get('FREQ');
  if (freq !== 'DAILY' && freq !== 'WEEKLY') throw invalid('FREQ must be DAILY or WEEKLY');
  const known = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'WKST']);
  const unknown = [...fields.keys()].find((key) => !known.has(key));
  if (unknown) throw invalid(`${unknown} is not supported`);
  const interval = positive(fields.get('INTERVAL') ?? '1', 'INTERVAL');
  const count = fields.has('COUNT') ? positive(fields.get('COUNT')!, 'COUNT') : undefined;
  const until = fields.has('UNTIL') ? untilTime(fields.get('UNTIL')!) : undefined;
  if (count === undefined && until === undefined) throw invalid('COUNT or UNTIL is required');
  if (count !== undefined && until !== undefined) throw invalid('COUNT and UNTIL cannot both be given');
  if (count !== undefined && count > MAX_OCCURRENCES) throw invalid(`a series has at most ${MAX_OCCURRENCES} events`);
  const byDay = (fields.get('BYDAY')?.split(',') ?? []).map((day) => {
    const index = WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]);
    if (index < 0 || freq !== 'WEEKLY') throw invalid(`BYDAY ${day} is not supported`);
    return index;
  });
  return { freq, interval, count, until, byDay: [...new Set(byDay)].sort((a, b) => a - b) };
}

function positive(text: string, name: string): number {
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1) throw invalid(`${name} must be a positive number`);
  return Number(text);
}

/** `UNTIL=20260301` (the whole day, UTC) or `20260301T120000Z`. */
function untilTime(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(text);
  if (!match) throw invalid('UNTIL must be a date (yyyymmdd) or a UTC time');
  const [, y, mo, d, h, mi, s] = match;
  return h === undefined ? Date.UTC(+y!, +mo! - 1, +d!, 23, 59, 59) : Date.UTC(+y!, +mo! - 1, +d!, +h, +mi!, +s!);
}

/**
 * The start times of a series, from `start` on: days counted on the wall clock of `timeZone`, so a weekly
 * class keeps its hour across a daylight-saving change. At most MAX_OCCURRENCES (400 past that for UNTIL).
 */
export function occurrences(rule: Recurrence, start: number, timeZone: string): number[] {
  const wall = wallTimeAt(start, timeZone);
  const dayOf = (offset: number): WallTime => {
    const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day) + offset * DAY);
    return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  };
  const startWeekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  const days = rule.freq === 'WEEKLY' && rule.byDay.length > 0 ? rule.byDay : [startWeekday];
  const times: number[] = [];
  for (let period = 0; ; period += rule.interval) {
    const offsets = rule.freq === 'DAILY' ? [period] : days.map((d) => period * 7 + d - startWeekday).filter((o) => o >= 0);
    for (const offset of offsets) {
      const time = instantOf(dayOf(offset), timeZone).getTime();
      if (rule.until !== undefined && time > rule.until) return times;
      times.push(time);
      if (rule.count !== undefined && times.length === rule.count) return times;
      if (times.length > MAX_OCCURRENCES) throw invalid(`a series has at most ${MAX_OCCURRENCES} events`);
    }
  }
}
