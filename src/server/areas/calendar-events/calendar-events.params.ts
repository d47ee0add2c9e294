import { z } from 'zod';
import { canvasBoolean, canvasDate, canvasEnum, canvasId, canvasInclude, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { canvasTimeZone, htmlParam } from '../common/shared-params.ts';

/** A `course_N` or `user_N` context code (Canvas also knows group_N; Outpost's calendars are courses'). */
const contextCode = canvasString().pipe(z.string().trim().regex(/^(course|user)_\d{1,20}$/, 'must be course_<id> or user_<id>'));

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bound of the window: a bare day (UTC, as the planner reads one) or a time, in ms; an end day covers its day. */
function windowBound(end: boolean) {
  return canvasString()
    .transform((raw, ctx): number => {
      const text = raw.trim();
      const day = BARE_DAY.test(text);
      const time = Date.parse(day ? `${text}T00:00:00Z` : text);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', message: 'is not a valid date' });
        return z.NEVER;
      }
      return end && day ? time + 86_400_000 - 1 : time;
    })
    .meta({ description: 'yyyy-mm-dd (the whole day, UTC) or an ISO 8601 time.' });
}

export const listEventsParams = z.object({
  type: canvasEnum(['event', 'assignment']).default('event'),
  start_date: windowBound(false).optional(),
  end_date: windowBound(true).optional(),
  undated: canvasBoolean().default(false),
  all_events: canvasBoolean().default(false),
  context_codes: canvasList(contextCode).optional(),
  excludes: canvasInclude(['description', 'child_events', 'assignment']),
  ...paginationParams,
});
export type ListEventsParams = z.output<typeof listEventsParams>;

export const userEventsParams = listEventsParams.extend({ user_id: canvasString() });

const eventFields = {
  title: canvasString().pipe(z.string().trim().max(255)).optional(),
  description: htmlParam().optional(),
  start_at: canvasDate().optional(),
  end_at: canvasDate().optional(),
  location_name: z.union([canvasString(z.string().max(255)), z.null()]).optional(),
  location_address: z.union([canvasString(z.string().max(255)), z.null()]).optional(),
  all_day: canvasBoolean().optional(),
  time_zone_edited: z.union([canvasTimeZone(), z.null()]).optional(),
};

export const createEventParams = z.object({
  calendar_event: z.object({
    context_code: contextCode,
    ...eventFields,
    rrule: canvasString(z.string().trim().max(255)).optional(),
  }),
});
export type NewEvent = z.output<typeof createEventParams>['calendar_event'];

const which = canvasEnum(['one', 'all', 'following']).default('one');

export const updateEventParams = z.object({ id: canvasId(), which, calendar_event: z.object(eventFields).default({}) });
export type EventChanges = z.output<typeof updateEventParams>['calendar_event'];

export const showEventParams = z.object({ id: canvasId() });
export const deleteEventParams = z.object({ id: canvasId(), which, cancel_reason: canvasString().optional() });
