/**
 * Calendar records. An event belongs to a course (Canvas's `context_code` course_N); each occurrence of a
 * recurring series is its own event sharing `series_uuid`, as Canvas stores them (decision 0107).
 */
export interface CalendarEventData {
  course_id: number;
  /** The author. */
  user_id: number;
  title: string;
  description: string | null;
  start_at: string | null;
  end_at: string | null;
  location_name: string | null;
  location_address: string | null;
  all_day: boolean;
  /** The day an all-day event is on, in the course's time zone (`yyyy-mm-dd`). */
  all_day_date: string | null;
  /** The zone the author edited the times in, kept for clients that show them there. */
  time_zone_edited: string | null;
  /** Shared by the occurrences of one series; null for a single event. */
  series_uuid: string | null;
  /** The series' rule as sent (`FREQ=WEEKLY;COUNT=10`); null for a single event. */
  rrule: string | null;
  /** The first occurrence of its series. */
  series_head: boolean;
  workflow_state: 'active' | 'deleted';
}

/**
 * A user's private calendar feed code (`/feeds/calendars/user_<code>.ics`): this installation's own, since the
 * URL names its address; replaced to revoke the old URL (decision 0107).
 */
export interface CalendarFeedData {
  user_id: number;
  code: string;
}
