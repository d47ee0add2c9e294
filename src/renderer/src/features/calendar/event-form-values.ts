import type { CalendarEventDraft, CalendarItem } from '../../../../contracts/calendar-dtos.ts';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { dayKeyOf, type DayKey } from '../../lib/calendar-days.ts';
import { courseTimeZone, fromCourseInput, toCourseInput } from '../../lib/course-time.ts';
import { htmlTextLines } from '../../lib/html-lines.ts';
import { plainTextHtml } from '../../lib/plain-text-html.ts';

/** What the event form holds; times as `<input type="datetime-local">` holds them, in the course's time zone. */
export interface EventFormValues {
  title: string;
  courseId: string;
  allDay: boolean;
  /** `YYYY-MM-DD`, for an all-day event. */
  date: DayKey;
  starts: string;
  ends: string;
  location: string;
  /** Plain text; sent as paragraphs. */
  description: string;
}

export function newEventValues(day: DayKey, course: Course | undefined): EventFormValues {
  return { title: '', courseId: course ? String(course.id) : '', allDay: false, date: day, starts: `${day}T09:00`, ends: `${day}T10:00`, location: '', description: '' };
}

export function eventValues(event: CalendarItem, course: Course): EventFormValues {
  const zone = courseTimeZone(course);
  const starts = toCourseInput(event.start_at, zone);
  return {
    title: event.title,
    courseId: String(course.id),
    allDay: event.all_day,
    date: event.all_day_date ?? starts.slice(0, 10),
    starts,
    ends: toCourseInput(event.end_at, zone),
    location: event.location_name ?? '',
    description: htmlTextLines(event.description).join('\n\n'),
  };
}

/** Why the values cannot be sent, as a message key; the draft and the day it falls on when they can. */
export type EventDraftResult = { problem: 'noTitle' | 'badTime' | 'endBeforeStart' } | { draft: CalendarEventDraft; day: DayKey };

export function eventDraft(values: EventFormValues, course: Course, creating: boolean): EventDraftResult {
  if (values.title.trim() === '') return { problem: 'noTitle' };
  const zone = courseTimeZone(course);
  // An all-day event is sent as midnight of its day in the course's zone, where the server keeps it.
  const start = fromCourseInput(values.allDay ? `${values.date}T00:00` : values.starts, zone);
  const end = values.allDay ? start : fromCourseInput(values.ends, zone);
  if (!start || !end) return { problem: 'badTime' };
  if (Date.parse(end) < Date.parse(start)) return { problem: 'endBeforeStart' };
  return {
    draft: {
      ...(creating ? { context_code: `course_${course.id}` } : {}),
      title: values.title.trim(),
      start_at: start,
      end_at: end,
      all_day: values.allDay,
      location_name: values.location.trim(),
      description: values.description.trim() === '' ? '' : plainTextHtml(values.description),
    },
    day: values.allDay ? values.date : dayKeyOf(new Date(start)),
  };
}
