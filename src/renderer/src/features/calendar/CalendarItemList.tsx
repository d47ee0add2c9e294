import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CalendarItem } from '../../../../contracts/calendar-dtos.ts';
import { common } from '../../i18n/common-messages.ts';
import { paths } from '../../lib/paths.ts';
import { calendarWords } from './calendar-words.ts';

interface CalendarItemListProps {
  items: readonly CalendarItem[];
  /** The list's accessible name (the day it holds). */
  label: string;
  /** Courses whose events the person may change: those events get `Edit`. */
  managedCourseIds: ReadonlySet<number>;
}

export const courseIdOf = (item: Pick<CalendarItem, 'context_code'>): number => Number(item.context_code.replace(/^course_/, ''));

/** A day's items: an assignment's due date links to the assignment; an event says when and where, with `Edit` for its course's staff. */
export function CalendarItemList({ items, label, managedCourseIds }: CalendarItemListProps) {
  const intl = useIntl();
  const time = (iso: string | null) => (iso ? intl.formatTime(new Date(iso), { timeStyle: 'short' }) : '');
  return (
    <ul className="plain-list calendar-items" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={`calendar-item calendar-item-${item.type}`}>
          {item.type === 'assignment' && item.assignment ? (
            <>
              <Link to={paths.assignment(item.assignment.course_id, item.assignment.id)} dir="auto">
                {item.title}
              </Link>{' '}
              <span className="muted">
                {item.all_day ? (
                  <FormattedMessage id="calendar.item.dueDay" defaultMessage="Due" description="Before a course name: an assignment due this day." />
                ) : (
                  <FormattedMessage id="calendar.item.due" defaultMessage="Due {time}" values={{ time: time(item.start_at) }} />
                )}
                {' · '}
                <bdi>{item.context_name}</bdi>
              </span>
            </>
          ) : (
            <>
              <strong dir="auto">{item.title}</strong>{' '}
              <span className="muted">
                {item.all_day ? intl.formatMessage(calendarWords.allDay) : intl.formatMessage({ id: 'calendar.item.time', defaultMessage: '{start}–{end}' }, { start: time(item.start_at), end: time(item.end_at) })}
                {item.location_name && (
                  <>
                    {' · '}
                    <bdi>{item.location_name}</bdi>
                  </>
                )}
                {' · '}
                <bdi>{item.context_name}</bdi>
              </span>
              {typeof item.id === 'number' && managedCourseIds.has(courseIdOf(item)) && (
                <>
                  {' '}
                  <Link to={paths.editEvent(item.id)} aria-label={intl.formatMessage({ id: 'calendar.item.edit', defaultMessage: 'Edit {title}' }, { title: item.title })}>
                    {intl.formatMessage(common.edit)}
                  </Link>
                </>
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
