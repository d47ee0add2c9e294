import { defineMessages } from '@formatjs/intl';
import type { Messages } from '../../i18n/messages.ts';

export const calendarWords: Messages<'calendar' | 'newEvent' | 'editEvent' | 'itemsWhat' | 'eventWhat' | 'coursesWhat' | 'allDay' | 'title' | 'course' | 'starts' | 'ends' | 'date' | 'location' | 'description'> =
  defineMessages({
    calendar: { id: 'shell.calendar', defaultMessage: 'Calendar' },
    newEvent: { id: 'calendar.newEvent', defaultMessage: 'New event' },
    editEvent: { id: 'calendar.editEvent', defaultMessage: 'Edit event' },
    itemsWhat: { id: 'calendar.items.what', defaultMessage: 'the calendar', description: 'Fills {what} in “Loading {what}…”.' },
    eventWhat: { id: 'calendar.event.what', defaultMessage: 'this event', description: 'Fills {what} in “Loading {what}…”.' },
    coursesWhat: { id: 'calendar.courses.what', defaultMessage: 'your courses', description: 'Fills {what} in “Loading {what}…”.' },
    allDay: { id: 'calendar.allDay', defaultMessage: 'All day' },
    title: { id: 'calendar.form.title', defaultMessage: 'Title' },
    course: { id: 'calendar.form.course', defaultMessage: 'Course' },
    starts: { id: 'calendar.form.starts', defaultMessage: 'Starts' },
    ends: { id: 'calendar.form.ends', defaultMessage: 'Ends' },
    date: { id: 'calendar.form.date', defaultMessage: 'Date' },
    location: { id: 'calendar.form.location', defaultMessage: 'Location' },
    description: { id: 'calendar.form.description', defaultMessage: 'Description' },
  });
