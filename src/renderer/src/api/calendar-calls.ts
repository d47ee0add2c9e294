import type { CalendarEventDraft, CalendarItem } from '../../../contracts/calendar-dtos.ts';
import type { Http } from './http.ts';

/** The course calendars: events and assignment due dates in a window of days, and the events a teacher keeps. */
export function calendarCalls(http: Http) {
  const event = (id: number) => `/api/v1/calendar_events/${id}`;
  return {
    /** Course events and due dates from `start` to `end` (`YYYY-MM-DD`, both whole days) of the courses named. */
    calendarItems: async (contextCodes: readonly string[], start: string, end: string): Promise<CalendarItem[]> => {
      if (contextCodes.length === 0) return [];
      const query = (type: CalendarItem['type']) => ({ type, 'context_codes[]': [...contextCodes], start_date: start, end_date: end });
      const [events, dueDates] = await Promise.all([http.getAll<CalendarItem>('/api/v1/calendar_events', query('event')), http.getAll<CalendarItem>('/api/v1/calendar_events', query('assignment'))]);
      return [...events, ...dueDates];
    },
    calendarEvent: (id: number) => http.getOne<CalendarItem>(event(id)),
    createEvent: (draft: CalendarEventDraft) => http.writeJson<CalendarItem>('POST', '/api/v1/calendar_events', { calendar_event: draft }),
    updateEvent: (id: number, draft: CalendarEventDraft) => http.writeJson<CalendarItem>('PUT', event(id), { calendar_event: draft }),
    deleteEvent: (id: number) => http.write('DELETE', event(id)),
  };
}
