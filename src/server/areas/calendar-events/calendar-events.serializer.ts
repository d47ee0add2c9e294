import { wallTimeAt } from '../../../contracts/wall-clock.ts';
import type { CalendarEventData } from '../../domain/records/calendar-records.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { CourseData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { CalendarItem } from './calendar-list.ts';
import { dayIn } from './calendar-events.service.ts';

export type CalendarExclude = 'description' | 'child_events' | 'assignment';

/** Canvas's CalendarEvent JSON (`lib/api/v1/calendar_event.rb`) for a course event, as an allow-list. */
export function calendarEventJson(record: Stored<CalendarEventData>, course: Stored<CourseData>, baseUrl: string, excludes: readonly CalendarExclude[] = []) {
  const e = record.data;
  const json: Record<string, unknown> = {
    id: record.id,
    title: e.title,
    start_at: e.start_at,
    end_at: e.end_at,
    description: e.description,
    location_name: e.location_name,
    location_address: e.location_address,
    context_code: `course_${e.course_id}`,
    effective_context_code: null,
    context_name: course.data.name,
    all_context_codes: `course_${e.course_id}`,
    workflow_state: e.workflow_state === 'deleted' ? 'deleted' : 'active',
    hidden: false,
    parent_event_id: null,
    child_events_count: 0,
    child_events: [],
    url: `${baseUrl}/api/v1/calendar_events/${record.id}`,
    html_url: `${baseUrl}/calendar?event_id=${record.id}&include_contexts=course_${e.course_id}`,
    all_day_date: e.all_day_date,
    all_day: e.all_day,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    appointment_group_id: null,
    appointment_group_url: null,
    own_reservation: false,
    reserve_url: null,
    reserved: false,
    participant_type: 'User',
    participants_per_appointment: null,
    available_slots: null,
    user: null,
    group: null,
    important_dates: false,
    series_uuid: e.series_uuid,
    rrule: e.rrule,
    series_head: e.series_uuid === null ? null : e.series_head,
    blackout_date: false,
    time_zone_edited: e.time_zone_edited,
    type: 'event',
  };
  return withoutExcluded(json, excludes);
}

/**
 * An assignment's due date as Canvas's calendar shows it: id `assignment_<id>`, starting and ending at the due
 * time, `all_day` when due at 23:59 in the course's time zone (decision 0058), with the assignment itself.
 */
export function assignmentEventJson(record: Stored<AssignmentData>, course: Stored<CourseData>, baseUrl: string, excludes: readonly CalendarExclude[] = []) {
  const a = record.data;
  const due = a.due_at === null ? null : Date.parse(a.due_at);
  const wall = due === null ? null : wallTimeAt(due, course.data.time_zone);
  const allDay = wall !== null && wall.hour === 23 && wall.minute === 59;
  const htmlUrl = `${baseUrl}/courses/${a.course_id}/assignments/${record.id}`;
  const json: Record<string, unknown> = {
    id: `assignment_${record.id}`,
    title: a.name,
    start_at: a.due_at,
    end_at: a.due_at,
    description: a.description,
    location_name: null,
    location_address: null,
    context_code: `course_${a.course_id}`,
    effective_context_code: null,
    context_name: course.data.name,
    all_context_codes: `course_${a.course_id}`,
    workflow_state: a.workflow_state,
    hidden: false,
    all_day: allDay,
    all_day_date: due === null ? null : dayIn(due, course.data.time_zone),
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    url: `${baseUrl}/api/v1/calendar_events/assignment_${record.id}`,
    html_url: htmlUrl,
    important_dates: false,
    type: 'assignment',
    assignment: {
      id: record.id,
      name: a.name,
      description: a.description,
      due_at: a.due_at,
      points_possible: a.points_possible,
      course_id: a.course_id,
      published: a.workflow_state === 'published',
      html_url: htmlUrl,
    },
  };
  return withoutExcluded(json, excludes);
}

export function calendarItemJson(item: CalendarItem, baseUrl: string, excludes: readonly CalendarExclude[]) {
  return item.type === 'event' ? calendarEventJson(item.record, item.course, baseUrl, excludes) : assignmentEventJson(item.record, item.course, baseUrl, excludes);
}

function withoutExcluded(json: Record<string, unknown>, excludes: readonly CalendarExclude[]): Record<string, unknown> {
  for (const field of excludes) {
    if (field === 'description') delete json.description;
    if (field === 'assignment') delete json.assignment;
    if (field === 'child_events') delete json.child_events;
  }
  return json;
}
