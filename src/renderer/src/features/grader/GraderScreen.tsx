import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Assignment, Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import type { Messages } from '../../i18n/messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { assignmentKey, useGraderStore } from '../../stores/grader-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { StudentNavigator } from './StudentNavigator.tsx';
import { StudentWork } from './StudentWork.tsx';
import { studentOrder } from './student-order.ts';

const words: Messages<'title' | 'backToAssignment'> = defineMessages({
  title: { id: 'grader.title', defaultMessage: 'Grade submissions' },
  backToAssignment: { id: 'grader.backToAssignment', defaultMessage: 'Back to the assignment' },
});

interface GraderScreenProps {
  course: Course;
  viewer: CourseViewer;
}

/** `assignments/:assignmentId/grade`: one student's work at a time, graded and commented on the spot. */
export function GraderScreen({ course, viewer }: GraderScreenProps) {
  const assignmentId = idParam(useParams().assignmentId) ?? 0;
  if (!viewer.canGrade) return <GraderRefused course={course} assignmentId={assignmentId} />;
  return <AssignmentGrader course={course} assignmentId={assignmentId} />;
}

function AssignmentGrader({ course, assignmentId }: { course: Course; assignmentId: number }) {
  const intl = useIntl();
  const assignment = useResource(resources.assignment(course.id, assignmentId));
  useDocumentTitle(
    assignment.status === 'loaded'
      ? intl.formatMessage({ id: 'grader.documentTitle', defaultMessage: 'Grade {assignment}' }, { assignment: assignment.data.name })
      : intl.formatMessage(words.title),
    course.name,
  );
  return (
    <article className="grader">
      <p className="breadcrumbs">
        <Link to={paths.assignment(course.id, assignmentId)}>
          <FormattedMessage {...words.backToAssignment} />
        </Link>
      </p>
      <Loaded value={assignment} what={intl.formatMessage({ id: 'grader.assignment.what', defaultMessage: 'this assignment' })}>
        {(a) => (
          <>
            <h2>
              <FormattedMessage id="grader.heading" defaultMessage="Grade submissions: {assignment}" values={{ assignment: <bdi>{a.name}</bdi> }} />
            </h2>
            <GradeableStudents courseId={course.id} assignment={a} />
          </>
        )}
      </Loaded>
    </article>
  );
}

function GradeableStudents({ courseId, assignment }: { courseId: number; assignment: Assignment }) {
  const intl = useIntl();
  const students = useResource(resources.gradeableStudents(courseId, assignment.id));
  const selected = useGraderStore((s) => s.selected[assignmentKey(courseId, assignment.id)]);
  return (
    <Loaded value={students} what={intl.formatMessage({ id: 'grader.students.what', defaultMessage: 'the students' })}>
      {(list) => {
        const order = studentOrder(list, assignment.id, assignment.anonymous_grading === true);
        if (order.length === 0) {
          return (
            <p className="muted">
              <FormattedMessage id="grader.noStudents" defaultMessage="No students to grade: nobody in your sections is enrolled as a student." />
            </p>
          );
        }
        const current = order.find((s) => s.id === selected) ?? order[0]!;
        return (
          <>
            {assignment.anonymous_grading && (
              <p className="notice">
                <FormattedMessage id="grader.anonymous" defaultMessage="Anonymous grading: students are shown as numbers, in a fixed shuffled order." />
              </p>
            )}
            <StudentNavigator courseId={courseId} assignmentId={assignment.id} order={order} current={current} />
            <StudentWork key={current.id} courseId={courseId} assignment={assignment} student={current} order={order} />
          </>
        );
      }}
    </Loaded>
  );
}

function GraderRefused({ course, assignmentId }: { course: Course; assignmentId: number }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(words.title), course.name);
  return (
    <article className="grader">
      <h2>
        <FormattedMessage {...words.title} />
      </h2>
      <p role="alert" className="error">
        <FormattedMessage id="grader.refused" defaultMessage="Only the course’s teachers and TAs grade submissions." />
      </p>
      <Link to={paths.assignment(course.id, assignmentId)}>
        <FormattedMessage {...words.backToAssignment} />
      </Link>
    </article>
  );
}
