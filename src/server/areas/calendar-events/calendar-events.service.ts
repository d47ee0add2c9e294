import { randomUUID } from 'node:crypto';
import { instantOf, wallTimeAt } from '../../../contracts/wall-clock.ts';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { CalendarEventData } from '../../domain/records/calendar-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';
import type { EventChanges, NewEvent } from './calendar-events.params.ts';
import { occurrences, parseRecurrence } from './recurrence.ts';

/** Who may add, change and delete a course's events (Canvas's `manage_calendar`). */
export const MANAGE_CALENDAR = ['manage_calendar'] as const;

export type Which = 'one' | 'all' | 'following';

/** The day (`yyyy-mm-dd`) a time falls on in a zone. */
export function dayIn(time: number, timeZone: string): string {
  const w = wallTimeAt(time, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * Canvas's Calendar Events API for course calendars: single events and recurring series (each occurrence its own
 * event, sharing `series_uuid`; decision 0107). Every change is checked before anything is written, and a series
 * is written in one transaction.
 */
export class CalendarEventsService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** A live event; 404 for an unknown or deleted one. Who may read or change it is the route's rule. */
  async get(id: number): Promise<Stored<CalendarEventData>> {
    const event = await this.#services.repos.calendarEvents.get(id);
    if (!event || event.data.workflow_state === 'deleted') throw new NotFoundError('calendar event');
    return event;
  }

  /** The live events of the courses. */
  async inCourses(courseIds: Iterable<number>): Promise<Stored<CalendarEventData>[]> {
    const lists = await Promise.all([...courseIds].map((courseId) => this.#services.repos.calendarEvents.find({ course_id: courseId })));
    return lists.flat().filter((e) => e.data.workflow_state === 'active');
  }

  /** One event, or with `rrule` the whole series; answers the first. */
  async create(courseId: number, input: NewEvent, stamp: WriteStamp): Promise<Stored<CalendarEventData>> {
    const timeZone = await this.#timeZone(courseId);
    const first = timed(
      {
        course_id: courseId,
        user_id: stamp.actorId,
        title: input.title ?? '',
        description: input.description ?? null,
        start_at: isoOrNull(input.start_at ?? null),
        end_at: isoOrNull(input.end_at ?? null),
        location_name: input.location_name ?? null,
        location_address: input.location_address ?? null,
        all_day: input.all_day ?? false,
        all_day_date: null,
        time_zone_edited: input.time_zone_edited ?? null,
        series_uuid: null,
        rrule: null,
        series_head: false,
        workflow_state: 'active',
      },
      timeZone,
    );
    const repo = this.#services.repos.calendarEvents;
    if (input.rrule === undefined || input.rrule === '') return repo.create(first, stamp);
    if (first.start_at === null) throw new ValidationError({ start_at: [{ type: 'blank', message: 'is required for a recurring event' }] });
    const starts = occurrences(parseRecurrence(input.rrule), Date.parse(first.start_at), timeZone);
    const duration = first.end_at === null ? 0 : Date.parse(first.end_at) - Date.parse(first.start_at);
    const series = { series_uuid: randomUUID(), rrule: input.rrule };
    const records = [];
    for (const [i, start] of starts.entries()) {
      const occurrence = timed({ ...first, ...series, series_head: i === 0, start_at: isoSeconds(start), end_at: isoSeconds(start + duration) }, timeZone);
      records.push(await repo.build(occurrence, stamp));
    }
    // All occurrences or none.
    await writeTogether(records.map((r) => repo.insertion(r)));
    return records[0]!;
  }

  /**
   * Changes the event, or with `which` its whole series (`all`) or it and the later ones (`following`): the fields
   * sent are set on each; a new start or end moves each occurrence by as much as it moves this one.
   */
  async update(id: number, which: Which, changes: EventChanges, stamp: WriteStamp): Promise<Stored<CalendarEventData>> {
    return retryStale(async () => {
      const event = await this.get(id);
      const timeZone = await this.#timeZone(event.data.course_id);
      const shift = (field: 'start_at' | 'end_at') => {
        const sent = changes[field];
        if (sent === undefined || sent === null || event.data[field] === null) return 0;
        return sent.getTime() - Date.parse(event.data[field]);
      };
      const [startShift, endShift] = [shift('start_at'), shift('end_at')];
      const repo = this.#services.repos.calendarEvents;
      const targets = await this.#seriesPart(event, which);
      const writes = targets.map((target) => {
        const d = target.data;
        const moved = (field: 'start_at' | 'end_at', by: number) => {
          if (target.id === event.id || changes[field] === null) return changes[field] === undefined ? d[field] : isoOrNull(changes[field]);
          if (changes[field] === undefined || d[field] === null) return d[field];
          return isoSeconds(Date.parse(d[field]) + by);
        };
        const next = timed(
          {
            ...d,
            title: changes.title ?? d.title,
            description: changes.description === undefined ? d.description : changes.description,
            location_name: changes.location_name === undefined ? d.location_name : changes.location_name,
            location_address: changes.location_address === undefined ? d.location_address : changes.location_address,
            all_day: changes.all_day ?? d.all_day,
            time_zone_edited: changes.time_zone_edited === undefined ? d.time_zone_edited : changes.time_zone_edited,
            start_at: moved('start_at', startShift),
            end_at: moved('end_at', endShift),
          },
          timeZone,
        );
        return repo.replacement(target, next, stamp);
      });
      await writeTogether(writes);
      return writes.find((w) => w.record.id === event.id)!.record;
    });
  }

  /** Deletes the event, or its series (`all`) or it and the later ones (`following`); answers the event as deleted. */
  async delete(id: number, which: Which, stamp: WriteStamp): Promise<Stored<CalendarEventData>> {
    return retryStale(async () => {
      const event = await this.get(id);
      const repo = this.#services.repos.calendarEvents;
      const writes = (await this.#seriesPart(event, which)).map((target) => repo.replacement(target, { ...target.data, workflow_state: 'deleted' as const }, stamp));
      await writeTogether(writes);
      return writes.find((w) => w.record.id === event.id)!.record;
    });
  }

  /** The events a series-wide change touches: the event alone, its live series, or the live ones from it on. */
  async #seriesPart(event: Stored<CalendarEventData>, which: Which): Promise<Stored<CalendarEventData>[]> {
    const uuid = event.data.series_uuid;
    if (which === 'one' || uuid === null) return [event];
    const series = (await this.inCourses([event.data.course_id])).filter((e) => e.data.series_uuid === uuid);
    const from = event.data.start_at ?? '';
    return which === 'all' ? series : series.filter((e) => e.id === event.id || (e.data.start_at ?? '') >= from);
  }

  async #timeZone(courseId: number): Promise<string> {
    const course = await this.#services.repos.courses.get(courseId);
    if (!course) throw new NotFoundError('course');
    return course.data.time_zone;
  }
}

/**
 * An event's times made consistent, as Canvas's model does: an end defaults to the start and may not come before
 * it; an all-day event starts and ends at the start of its day in the course's time zone.
 */
function timed(data: CalendarEventData, timeZone: string): CalendarEventData {
  let { start_at, end_at } = data;
  if (start_at !== null && end_at === null) end_at = start_at;
  if (start_at === null && end_at !== null) start_at = end_at;
  if (start_at !== null && end_at !== null && Date.parse(end_at) < Date.parse(start_at)) {
    throw new ValidationError({ end_at: [{ type: 'invalid', message: 'must be after start_at' }] });
  }
  if (!data.all_day || start_at === null) return { ...data, start_at, end_at, all_day_date: null };
  const day = dayIn(Date.parse(start_at), timeZone);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = isoSeconds(instantOf({ year, month, day: date, hour: 0, minute: 0, second: 0 }, timeZone));
  return { ...data, start_at: midnight, end_at: midnight, all_day_date: day };
}
