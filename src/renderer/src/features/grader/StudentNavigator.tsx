import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useGraderStore } from '../../stores/grader-store.ts';
import type { GraderStudent } from './student-order.ts';

interface StudentNavigatorProps {
  courseId: number;
  assignmentId: number;
  order: readonly GraderStudent[];
  current: GraderStudent;
}

/** The `Student` chooser with `Previous student` and `Next student`; the choice lives in the grader store. */
export function StudentNavigator({ courseId, assignmentId, order, current }: StudentNavigatorProps) {
  const intl = useIntl();
  const id = useId();
  const studentSelected = useGraderStore((s) => s.studentSelected);
  const index = order.findIndex((s) => s.id === current.id);
  const select = (student: GraderStudent | undefined) => student && studentSelected(courseId, assignmentId, student.id);
  return (
    <nav className="student-navigator" aria-label={intl.formatMessage({ id: 'grader.navigator', defaultMessage: 'Students' })}>
      <div className="field">
        <label htmlFor={id}>
          <FormattedMessage id="grader.navigator.student" defaultMessage="Student" />
        </label>
        <select id={id} value={current.id} onChange={(e) => select(order.find((s) => s.id === Number(e.target.value)))}>
          {order.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {/* aria-disabled, not disabled, at the ends of the list: a disabled button drops the keyboard focus that just
          pressed it, leaving the person nowhere. Pressing it there does nothing (select ignores undefined). */}
      <div className="button-row">
        <button type="button" aria-disabled={index <= 0} onClick={() => select(order[index - 1])}>
          <FormattedMessage id="grader.navigator.previous" defaultMessage="Previous student" />
        </button>
        <button type="button" aria-disabled={index >= order.length - 1} onClick={() => select(order[index + 1])}>
          <FormattedMessage id="grader.navigator.next" defaultMessage="Next student" />
        </button>
        <span className="muted" aria-live="polite">
          <FormattedMessage id="grader.navigator.position" defaultMessage="{position, number} of {count, number}" values={{ position: index + 1, count: order.length }} />
        </span>
      </div>
    </nav>
  );
}
