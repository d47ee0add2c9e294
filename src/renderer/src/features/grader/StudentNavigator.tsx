import { useId } from 'react';
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
  const id = useId();
  const studentSelected = useGraderStore((s) => s.studentSelected);
  const index = order.findIndex((s) => s.id === current.id);
  const select = (student: GraderStudent | undefined) => student && studentSelected(courseId, assignmentId, student.id);
  return (
    <nav className="student-navigator" aria-label="Students">
      <div className="field">
        <label htmlFor={id}>Student</label>
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
          Previous student
        </button>
        <button type="button" aria-disabled={index >= order.length - 1} onClick={() => select(order[index + 1])}>
          Next student
        </button>
        <span className="muted" aria-live="polite">
          {index + 1} of {order.length}
        </span>
      </div>
    </nav>
  );
}
