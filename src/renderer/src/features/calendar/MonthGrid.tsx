import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarItem } from '../../../../contracts/calendar-dtos.ts';
import { dateOf, dayKeyOf, monthOf, monthWeeks, movedDay, type DayKey } from '../../lib/calendar-days.ts';

interface MonthGridProps {
  /** The focused day; the grid shows its month. */
  day: DayKey;
  weekStart: number;
  itemsByDay: ReadonlyMap<DayKey, readonly CalendarItem[]>;
  /** The id of the heading that names the month. */
  labelledBy: string;
  onDayChosen: (day: DayKey) => void;
}

/** Titles a day's cell shows before "+N more"; the day's list below the grid has them all. */
const SHOWN_PER_DAY = 3;

/**
 * The month as WAI-ARIA's grid of days: one day in the Tab order at a time (the focused one, which is also the one
 * whose items are listed under the grid); arrows, Home/End and PageUp/PageDown move it (`movedDay`), into the next or
 * previous month too. As in WAI-ARIA's date picker, a cell holds its day's number (the heading names the grid's month, the
 * column header its weekday) and the titles of what happens that day.
 */
export function MonthGrid({ day, weekStart, itemsByDay, labelledBy, onDayChosen }: MonthGridProps) {
  const intl = useIntl();
  const grid = useRef<HTMLTableElement>(null);
  // Focus follows the day only after a key moved it, never on a mere re-render (or the page would jump to the grid).
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  }, [day]);
  const weeks = monthWeeks(day, weekStart);
  const today = dayKeyOf(new Date());
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = movedDay(day, event.key, { weekStart, rtl, shift: event.shiftKey });
    if (next === undefined) return;
    event.preventDefault();
    moved.current = true;
    onDayChosen(next);
  };
  return (
    <table ref={grid} role="grid" className="month-grid" aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          {weeks[0]!.map((d) => (
            <th key={d} scope="col">
              {intl.formatDate(dateOf(d), { weekday: 'short' })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((d) => {
              const items = itemsByDay.get(d) ?? [];
              const classes = ['month-day', monthOf(d) === monthOf(day) ? '' : 'other-month', d === today ? 'today' : ''].filter(Boolean).join(' ');
              return (
                <td
                  key={d}
                  role="gridcell"
                  data-day={d}
                  tabIndex={d === day ? 0 : -1}
                  aria-selected={d === day}
                  aria-current={d === today ? 'date' : undefined}
                  className={classes}
                  onClick={() => onDayChosen(d)}
                >
                  <span className="day-number">
                    {intl.formatNumber(dateOf(d).getDate())}
                  </span>
                  {items.slice(0, SHOWN_PER_DAY).map((item) => (
                    <span key={item.id} className={`day-item day-item-${item.type}`} dir="auto">
                      {item.title}
                    </span>
                  ))}
                  {items.length > SHOWN_PER_DAY && (
                    <span className="day-item muted">
                      {intl.formatMessage({ id: 'calendar.day.more', defaultMessage: '+{count} more' }, { count: items.length - SHOWN_PER_DAY })}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
