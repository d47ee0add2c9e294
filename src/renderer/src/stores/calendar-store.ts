import { create } from 'zustand';
import type { CalendarEventDraft } from '../../../contracts/calendar-dtos.ts';
import { dayKeyOf, type DayKey } from '../lib/calendar-days.ts';
import { currentApi, useSessionStore } from './session-store.ts';

export type CalendarView = 'month' | 'agenda';

interface CalendarStore {
  view: CalendarView;
  /** The day the month grid has in focus (and shows the items of); its month is the month shown. */
  day: DayKey;
  /** Courses whose items the person chose not to see. */
  hiddenCourseIds: readonly number[];
  /** Bumped by each change to an event, so every window of days is read again (part of the reads' keys). */
  version: number;
  viewChosen: (view: CalendarView) => void;
  dayChosen: (day: DayKey) => void;
  courseToggled: (courseId: number) => void;
  /** Creates the event (or changes `eventId`) and shows its day. */
  eventSaved: (draft: CalendarEventDraft, day: DayKey, eventId?: number) => Promise<void>;
  eventDeleted: (eventId: number) => Promise<void>;
}

const today = () => dayKeyOf(new Date());

export const useCalendarStore = create<CalendarStore>()((set) => ({
  view: 'month',
  day: today(),
  hiddenCourseIds: [],
  version: 0,
  viewChosen: (view) => set({ view }),
  dayChosen: (day) => set({ day }),
  courseToggled: (courseId) =>
    set((s) => ({ hiddenCourseIds: s.hiddenCourseIds.includes(courseId) ? s.hiddenCourseIds.filter((id) => id !== courseId) : [...s.hiddenCourseIds, courseId] })),
  eventSaved: async (draft, day, eventId) => {
    await (eventId === undefined ? currentApi().createEvent(draft) : currentApi().updateEvent(eventId, draft));
    set((s) => ({ day, version: s.version + 1 }));
  },
  eventDeleted: async (eventId) => {
    await currentApi().deleteEvent(eventId);
    set((s) => ({ version: s.version + 1 }));
  },
}));

useSessionStore.subscribe((state, previous) => {
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useCalendarStore.setState({ view: 'month', day: today(), hiddenCourseIds: [] });
});
