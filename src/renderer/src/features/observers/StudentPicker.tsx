import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { useObserverStore } from '../../stores/observer-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useShownStudent } from './shown-student.ts';

/** An observer's `Student` choice: whose grades, feedback and to-do the course's screens show, read-only. */
export function StudentPicker({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const id = useId();
  const intl = useIntl();
  const shown = useShownStudent(viewer);
  const studentChosen = useObserverStore((s) => s.studentChosen);
  // Observers do not read the roster; the enrollments they may see are their students', with names.
  const students = useResource(resources.visibleStudentEnrollments(courseId));
  const nameOf = (userId: number) => (students.status === 'loaded' ? students.data.find((e) => e.user_id === userId)?.user.name : undefined) ?? intl.formatMessage({ id: 'observer.student.unnamed', defaultMessage: 'Student {id}' }, { id: userId });
  return (
    <div className="field student-picker">
      <label htmlFor={id}>
        <FormattedMessage id="observer.student" defaultMessage="Student" />
      </label>
      <select id={id} value={shown} onChange={(e) => studentChosen(Number(e.target.value))}>
        {viewer.observees.map((studentId) => (
          <option key={studentId} value={studentId} dir="auto">
            {nameOf(studentId)}
          </option>
        ))}
      </select>
    </div>
  );
}
