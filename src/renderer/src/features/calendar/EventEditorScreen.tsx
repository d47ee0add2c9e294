import { useId, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { CalendarItem } from '../../../../contracts/calendar-dtos.ts';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { courseViewer } from '../../lib/course-roles.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useCalendarStore } from '../../stores/calendar-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { courseIdOf } from './CalendarItemList.tsx';
import { calendarWords } from './calendar-words.ts';
import { eventDraft, eventValues, newEventValues, type EventDraftResult, type EventFormValues } from './event-form-values.ts';

const problems: Messages<'noTitle' | 'badTime' | 'endBeforeStart' | 'notAllowed'> = defineMessages({
  noTitle: { id: 'calendar.form.noTitle', defaultMessage: 'Give the event a title.' },
  badTime: { id: 'calendar.form.badTime', defaultMessage: 'Enter a start and an end, each a date and a time.' },
  endBeforeStart: { id: 'calendar.form.endBeforeStart', defaultMessage: 'The end is before the start.' },
  notAllowed: { id: 'calendar.form.notAllowed', defaultMessage: 'Only the teachers of a course can add or change its events.' },
});

/** `calendar/events/new` and `calendar/events/:eventId/edit`: the event form, for the staff of the event's course. */
export function EventEditorScreen() {
  const intl = useIntl();
  const eventId = idParam(useParams().eventId);
  const courses = useResource(resources.courses());
  const title = intl.formatMessage(eventId === undefined ? calendarWords.newEvent : calendarWords.editEvent);
  return (
    <Screen title={title} narrow>
      <p>
        <Link to={paths.calendar()}>
          <FormattedMessage {...calendarWords.calendar} />
        </Link>
      </p>
      <Loaded value={courses} what={intl.formatMessage(calendarWords.coursesWhat)}>
        {(list) => {
          const managed = list.filter((c) => courseViewer(c).canManage);
          if (managed.length === 0) return <p>{intl.formatMessage(problems.notAllowed)}</p>;
          return eventId === undefined ? <EventForm courses={managed} /> : <EditEvent eventId={eventId} courses={managed} />;
        }}
      </Loaded>
    </Screen>
  );
}

function EditEvent({ eventId, courses }: { eventId: number; courses: readonly Course[] }) {
  const intl = useIntl();
  const version = useCalendarStore((s) => s.version);
  const event = useResource(resources.calendarEvent(eventId, version));
  return (
    <Loaded value={event} what={intl.formatMessage(calendarWords.eventWhat)}>
      {(e) => {
        const course = courses.find((c) => c.id === courseIdOf(e));
        return course ? <EventForm courses={[course]} event={e} /> : <p>{intl.formatMessage(problems.notAllowed)}</p>;
      }}
    </Loaded>
  );
}

function EventForm({ courses, event }: { courses: readonly Course[]; event?: CalendarItem }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const ids = { course: useId(), description: useId() };
  const { day, eventSaved, eventDeleted } = useCalendarStore();
  const [values, setValues] = useState<EventFormValues>(() => (event ? eventValues(event, courses[0]!) : newEventValues(day, courses[0])));
  const [problem, setProblem] = useState<string>();
  const { pending, error, submit } = useSubmission();
  const change = (patch: Partial<EventFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const eventId = typeof event?.id === 'number' ? event.id : undefined;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const course = courses.find((c) => String(c.id) === values.courseId) ?? courses[0]!;
    const result: EventDraftResult = eventDraft(values, course, event === undefined);
    if ('problem' in result) {
      setProblem(intl.formatMessage(problems[result.problem]));
      return;
    }
    setProblem(undefined);
    void submit(async () => {
      await eventSaved(result.draft, result.day, eventId);
      await navigate(paths.calendar());
    });
  };
  return (
    <>
      <form className="stacked-form event-form" onSubmit={onSubmit} noValidate>
        <TextField label={intl.formatMessage(calendarWords.title)} value={values.title} onChange={(title) => change({ title })} disabled={pending} dir="auto" required />
        {event === undefined && (
          <div className="field">
            <label htmlFor={ids.course}>{intl.formatMessage(calendarWords.course)}</label>
            <select id={ids.course} value={values.courseId} onChange={(e) => change({ courseId: e.target.value })} disabled={pending}>
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <CheckboxField label={intl.formatMessage(calendarWords.allDay)} checked={values.allDay} onChange={(allDay) => change({ allDay })} disabled={pending} />
        {values.allDay ? (
          <TextField label={intl.formatMessage(calendarWords.date)} type="date" value={values.date} onChange={(date) => change({ date })} disabled={pending} />
        ) : (
          <>
            <TextField label={intl.formatMessage(calendarWords.starts)} type="datetime-local" value={values.starts} onChange={(starts) => change({ starts })} disabled={pending} />
            <TextField label={intl.formatMessage(calendarWords.ends)} type="datetime-local" value={values.ends} onChange={(ends) => change({ ends })} disabled={pending} />
          </>
        )}
        <TextField label={intl.formatMessage(calendarWords.location)} value={values.location} onChange={(location) => change({ location })} disabled={pending} dir="auto" />
        <div className="field">
          <label htmlFor={ids.description}>{intl.formatMessage(calendarWords.description)}</label>
          <textarea id={ids.description} dir="auto" rows={4} value={values.description} onChange={(e) => change({ description: e.target.value })} disabled={pending} />
        </div>
        <FormError message={problem ?? error} />
        <SaveRow pending={pending} onCancel={() => void navigate(paths.calendar())} />
      </form>
      {eventId !== undefined && (
        <ConfirmDelete
          what="event"
          question={<FormattedMessage id="calendar.delete.question" defaultMessage="The event leaves the course's calendar for everyone." />}
          onDelete={async () => {
            await eventDeleted(eventId);
            await navigate(paths.calendar());
          }}
        />
      )}
    </>
  );
}
