import type { CoreServices } from '../../core-services.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CalendarEventData } from '../../domain/records/calendar-records.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { CourseData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { MANAGE_ASSIGNMENTS } from '../assignments/assignments.service.ts';
import type { PlannerContexts } from '../planner/planner-contexts.ts';
import type { ListEventsParams } from './calendar-events.params.ts';
import { CalendarEventsService } from './calendar-events.service.ts';

const DAY = 86_400_000;

/** One entry of a calendar: an event, or an assignment's due date as Canvas derives an `assignment` event of it. */
export type CalendarItem =
  | { readonly type: 'event'; readonly record: Stored<CalendarEventData>; readonly course: Stored<CourseData> }
  | { readonly type: 'assignment'; readonly record: Stored<AssignmentData>; readonly course: Stored<CourseData> };

/** The window a list covers: null for `all_events`, 'undated' for `undated`, else inclusive times. */
type Window = null | 'undated' | { start: number; end: number };

/**
 * Canvas's window: `all_events` ignores dates, `undated` keeps only undated items, otherwise from `start_date`
 * (default today) to `end_date` (default the end of the start's day), both inclusive. Days are UTC days.
 */
function windowOf(p: ListEventsParams, now: number): Window {
  if (p.all_events) return null;
  if (p.undated) return 'undated';
  const start = p.start_date ?? now - (now % DAY);
  const end = p.end_date ?? start - (start % DAY) + DAY - 1;
  if (end < start) throw new ValidationError({ end_date: [{ type: 'invalid', message: 'must be after start_date' }] });
  return { start, end };
}

/** Whether something from `start` to `end` (null: undated) meets the window. */
function inWindow(window: Window, start: string | null, end: string | null): boolean {
  if (window === null) return true;
  if (window === 'undated') return start === null;
  if (start === null) return false;
  return Date.parse(start) <= window.end && Date.parse(end ?? start) >= window.start;
}

/**
 * The calendar items of the courses the contexts name, as `viewer` may see them: live events, or (type=assignment)
 * the dated assignments they may read, drafts only for those who manage assignments. By start, then id.
 */
export async function calendarItems(services: CoreServices, viewer: Principal, contexts: PlannerContexts | null, p: ListEventsParams, now: number): Promise<CalendarItem[]> {
  const window = windowOf(p, now);
  // Without context_codes Canvas lists the personal calendar; Outpost keeps no personal events (docs).
  const courseIds = [...(contexts?.courseIds ?? [])];
  const courses = await services.repos.courses.getMany(courseIds);
  const items: CalendarItem[] = [];
  if (p.type === 'event') {
    for (const record of await new CalendarEventsService(services).inCourses(courseIds)) {
      if (inWindow(window, record.data.start_at, record.data.end_at)) items.push({ type: 'event', record, course: courses.get(record.data.course_id)! });
    }
  } else {
    for (const courseId of courseIds) {
      const manages = await services.access.canAny(viewer, MANAGE_ASSIGNMENTS, { type: 'course', courseId });
      for (const record of await services.repos.assignments.find({ course_id: courseId })) {
        const shown = record.data.workflow_state === 'published' || (manages && record.data.workflow_state === 'unpublished');
        if (shown && inWindow(window, record.data.due_at, record.data.due_at)) items.push({ type: 'assignment', record, course: courses.get(courseId)! });
      }
    }
  }
  const startOf = (item: CalendarItem) => (item.type === 'event' ? item.record.data.start_at : item.record.data.due_at) ?? '';
  return items.sort((a, b) => startOf(a).localeCompare(startOf(b)) || a.record.id - b.record.id);
}
