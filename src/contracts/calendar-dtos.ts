import type { IsoDateTime } from './lms-dtos.ts';

/** The assignment an assignment's due-date event carries. */
export interface CalendarAssignment {
  id: number;
  name: string;
  course_id: number;
  due_at: IsoDateTime | null;
}

/**
 * `GET /api/v1/calendar_events`: a course event (`type: 'event'`, a numeric id) or an assignment's due date
 * (`type: 'assignment'`, id `assignment_<id>`, with its assignment).
 */
export interface CalendarItem {
  id: number | string;
  type: 'event' | 'assignment';
  title: string;
  start_at: IsoDateTime | null;
  end_at: IsoDateTime | null;
  all_day: boolean;
  /** The day in the course's time zone (`YYYY-MM-DD`) of an all-day item. */
  all_day_date: string | null;
  description: string | null;
  location_name: string | null;
  /** `course_<id>`. */
  context_code: string;
  context_name: string;
  assignment?: CalendarAssignment;
}

/** What the event form sends as `calendar_event[…]`; `context_code` only when creating. */
export interface CalendarEventDraft {
  context_code?: string;
  title: string;
  start_at: IsoDateTime;
  end_at: IsoDateTime;
  all_day: boolean;
  location_name: string;
  description: string;
}
