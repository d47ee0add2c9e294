import { useEffect, useId, useRef } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { Course, CourseModule } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { ModuleSection } from './ModuleSection.tsx';

/** The button that opens the preview and the preview's heading. */
export const studentViewMessage = defineMessage({ id: 'modules.studentView', defaultMessage: 'Student view' });

/** Nothing in the preview changes anything: no building, no marking done. */
const PREVIEW: CourseViewer = { isStudent: false, canManage: false, canGrade: false, observees: [] };

interface StudentViewProps {
  course: Course;
  studentId: number | undefined;
  onStudentChosen: (studentId: number) => void;
  onLeave: () => void;
}

/**
 * A teacher's read-only preview of the modules as one of the course's students has them. The server computes that
 * student's progression (`student_id`): module states, locks and why, met requirements; unpublished modules and
 * items, which students never see, are left out here.
 */
export function StudentView({ course, studentId, onStudentChosen, onLeave }: StudentViewProps) {
  const intl = useIntl();
  const selectId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const students = useResource(resources.visibleStudentEnrollments(course.id));
  const firstStudent = students.status === 'loaded' ? students.data[0]?.user_id : undefined;
  const shown = studentId ?? firstStudent;
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    // Read afresh each time a student is previewed: the teacher may have changed the modules since.
    if (shown !== undefined) void useResourceStore.getState().resourceStale(resources.modulesAs(course.id, shown));
  }, [course.id, shown]);

  return (
    <section className="student-view" aria-labelledby={`${selectId}-heading`}>
      <header className="notice">
        <h2 id={`${selectId}-heading`} ref={heading} tabIndex={-1}>
          <FormattedMessage {...studentViewMessage} />
        </h2>
        <p>
          <FormattedMessage
            id="modules.studentView.about"
            defaultMessage="The modules as the chosen student sees them, with their progress. Nothing can be changed here."
          />
        </p>
        <Loaded value={students} what={intl.formatMessage({ id: 'modules.studentView.students.what', defaultMessage: 'the students' })}>
          {(enrollments) => {
            // A student in two sections has two enrollments: one choice each.
            const list = [...new Map(enrollments.map((e) => [e.user_id, e.user])).values()];
            return list.length === 0 ? (
              <p className="muted">
                <FormattedMessage id="modules.studentView.noStudents" defaultMessage="This course has no students to preview as." />
              </p>
            ) : (
              <div className="field">
                <label htmlFor={selectId}>
                  <FormattedMessage id="modules.studentView.previewAs" defaultMessage="Preview as" />
                </label>
                <select id={selectId} value={shown} onChange={(e) => onStudentChosen(Number(e.target.value))}>
                  {list.map((user) => (
                    <option key={user.id} value={user.id}>
                      {user.name}
                    </option>
                  ))}
                </select>
              </div>
            );
          }}
        </Loaded>
        <button type="button" onClick={onLeave}>
          <FormattedMessage id="modules.studentView.leave" defaultMessage="Leave student view" />
        </button>
      </header>
      {shown !== undefined && <PreviewModules course={course} studentId={shown} />}
    </section>
  );
}

function PreviewModules({ course, studentId }: { course: Course; studentId: number }) {
  const intl = useIntl();
  const modules = useResource(resources.modulesAs(course.id, studentId));
  return (
    <Loaded value={modules} what={intl.formatMessage({ id: 'modules.studentView.modules.what', defaultMessage: "the student's modules" })}>
      {(all) => {
        const list = studentsSee(all);
        if (list.length === 0) {
          return (
            <p className="muted">
              <FormattedMessage id="modules.studentView.noModules" defaultMessage="Students see no modules in this course yet." />
            </p>
          );
        }
        const names = new Map(list.map((m) => [m.id, m.name]));
        return list.map((module, index) => <ModuleSection key={module.id} course={course} modules={list} index={index} viewer={PREVIEW} moduleNames={names} />);
      }}
    </Loaded>
  );
}

/** Staff get unpublished modules and items too; a student has only the published ones. */
function studentsSee(modules: readonly CourseModule[]): CourseModule[] {
  return modules.filter((m) => m.published !== false).map((m) => (m.items ? { ...m, items: m.items.filter((i) => i.published !== false) } : m));
}
