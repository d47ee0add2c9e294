import { useId } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { CalendarItem } from '../../../../contracts/calendar-dtos.ts';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { addDays, addMonths, dateOf, dayKeyOf, itemsByDay, monthOf, monthWeeks, weekStartOf, type DayKey } from '../../lib/calendar-days.ts';
import type { Messages } from '../../i18n/messages.ts';
import { courseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useCalendarStore, type CalendarView } from '../../stores/calendar-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useSyncedResource } from '../../stores/use-synced-resource.ts';
import { CalendarItemList, courseIdOf } from './CalendarItemList.tsx';
import { calendarWords } from './calendar-words.ts';
import { MonthGrid } from './MonthGrid.tsx';

/** The person's course calendars: a month grid or an agenda, course filters, and `New event` for those who may add one. */
export function CalendarScreen() {
  const intl = useIntl();
  const courses = useResource(resources.courses());
  return (
    <Screen title={intl.formatMessage(calendarWords.calendar)}>
      <Loaded value={courses} what={intl.formatMessage(calendarWords.coursesWhat)}>
        {(list) => <CourseCalendars courses={list} />}
      </Loaded>
    </Screen>
  );
}

const VIEW_LABELS: Messages<CalendarView> = defineMessages({
  month: { id: 'calendar.view.month', defaultMessage: 'Month', description: 'Button: the calendar as a grid of the month’s days.' },
  agenda: { id: 'calendar.view.agenda', defaultMessage: 'Agenda', description: 'Button and list: the calendar as a list of days with what happens on each.' },
});

function CourseCalendars({ courses }: { courses: readonly Course[] }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const headingId = useId();
  const { view, day, hiddenCourseIds, version, viewChosen, dayChosen, courseToggled } = useCalendarStore();
  const weekStart = weekStartOf(intl.locale);
  const weeks = monthWeeks(day, weekStart);
  // A bare day is a whole UTC day on the server: a day more on each side covers every time zone.
  const range = [addDays(weeks[0]![0]!, -1), addDays(weeks.at(-1)![6]!, 1)] as const;
  const items = useSyncedResource(resources.calendarItems(courses.map((c) => `course_${c.id}`), range[0], range[1], version));
  const managed = new Set(courses.filter((c) => courseViewer(c).canManage).map((c) => c.id));
  const byDay = itemsByDay(items.status === 'loaded' ? items.data.filter((item) => !hiddenCourseIds.includes(courseIdOf(item))) : []);
  const monthName = intl.formatDate(dateOf(day), { month: 'long', year: 'numeric' });
  return (
    <>
      <div className="toolbar">
        <div className="button-row" role="group" aria-label={intl.formatMessage({ id: 'calendar.view', defaultMessage: 'View' })}>
          {(['month', 'agenda'] as const satisfies readonly CalendarView[]).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => viewChosen(v)}>
              {intl.formatMessage(VIEW_LABELS[v])}
            </button>
          ))}
        </div>
        <div className="button-row">
          <button type="button" onClick={() => dayChosen(addMonths(day, -1))}>
            <FormattedMessage id="calendar.previousMonth" defaultMessage="Previous month" />
          </button>
          <button type="button" onClick={() => dayChosen(dayKeyOf(new Date()))}>
            <FormattedMessage id="calendar.today" defaultMessage="Today" />
          </button>
          <button type="button" onClick={() => dayChosen(addMonths(day, 1))}>
            <FormattedMessage id="calendar.nextMonth" defaultMessage="Next month" />
          </button>
        </div>
        {managed.size > 0 && (
          <button type="button" onClick={() => void navigate(paths.newEvent())}>
            {intl.formatMessage(calendarWords.newEvent)}
          </button>
        )}
      </div>
      {courses.length > 1 && (
        <fieldset className="calendar-filters">
          <legend>
            <FormattedMessage id="calendar.filters" defaultMessage="Courses shown" />
          </legend>
          {courses.map((c) => (
            <CheckboxField key={c.id} label={c.name} checked={!hiddenCourseIds.includes(c.id)} onChange={() => courseToggled(c.id)} />
          ))}
        </fieldset>
      )}
      <h2 id={headingId}>{monthName}</h2>
      {/* The grid stays while another month's items load, so the day a key moved to keeps the focus. */}
      {view === 'month' && <MonthGrid day={day} weekStart={weekStart} itemsByDay={byDay} labelledBy={headingId} onDayChosen={dayChosen} />}
      <Loaded value={items} what={intl.formatMessage(calendarWords.itemsWhat)}>
        {() => (view === 'month' ? <DayItems day={day} items={byDay.get(day) ?? []} managed={managed} /> : <Agenda month={monthOf(day)} byDay={byDay} managed={managed} />)}
      </Loaded>
    </>
  );
}

const fullDate = (day: DayKey, intl: ReturnType<typeof useIntl>) => intl.formatDate(dateOf(day), { dateStyle: 'full' });

/** What happens on the grid's focused day, under the grid. */
function DayItems({ day, items, managed }: { day: DayKey; items: readonly CalendarItem[]; managed: ReadonlySet<number> }) {
  const intl = useIntl();
  const label = fullDate(day, intl);
  return (
    <section className="panel day-items" aria-label={label}>
      <h3>{label}</h3>
      {items.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="calendar.day.none" defaultMessage="Nothing on this day." />
        </p>
      ) : (
        <CalendarItemList items={items} label={label} managedCourseIds={managed} />
      )}
    </section>
  );
}

/** The month's days that have something, in order, each with its items. */
function Agenda({ month, byDay, managed }: { month: string; byDay: ReadonlyMap<DayKey, readonly CalendarItem[]>; managed: ReadonlySet<number> }) {
  const intl = useIntl();
  const days = [...byDay.keys()].filter((d) => monthOf(d) === month).sort();
  if (days.length === 0) {
    return (
      <p className="muted">
        <FormattedMessage id="calendar.agenda.none" defaultMessage="Nothing this month." />
      </p>
    );
  }
  return (
    <ol className="plain-list agenda" aria-label={intl.formatMessage(VIEW_LABELS.agenda)}>
      {days.map((d) => (
        <li key={d}>
          <h3>{fullDate(d, intl)}</h3>
          <CalendarItemList items={byDay.get(d) ?? []} label={fullDate(d, intl)} managedCourseIds={managed} />
        </li>
      ))}
    </ol>
  );
}
