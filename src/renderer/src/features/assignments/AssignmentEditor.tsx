import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { assignmentMessages } from './assignment-messages.ts';
import { AssignmentForm } from './AssignmentForm.tsx';

interface AssignmentEditorProps {
  course: Course;
  viewer: CourseViewer;
}

/** `assignments/new` and `assignments/:assignmentId/edit`: the form, for those who build the course. */
export function AssignmentEditor({ course, viewer }: AssignmentEditorProps) {
  const assignmentId = idParam(useParams().assignmentId);
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'assignments')}>
          <FormattedMessage {...assignmentMessages.all} />
        </Link>
      </p>
      {!viewer.canManage ? (
        <NotAllowed course={course} what="assignments" />
      ) : assignmentId === undefined ? (
        <NewAssignment course={course} />
      ) : (
        <EditAssignment course={course} assignmentId={assignmentId} />
      )}
    </article>
  );
}

function NewAssignment({ course }: { course: Course }) {
  const heading = useIntl().formatMessage(assignmentMessages.new);
  useDocumentTitle(heading, course.name);
  return (
    <>
      <h2>{heading}</h2>
      <AssignmentForm course={course} />
    </>
  );
}

function EditAssignment({ course, assignmentId }: { course: Course; assignmentId: number }) {
  const intl = useIntl();
  const assignment = useResource(resources.assignment(course.id, assignmentId));
  useDocumentTitle(
    assignment.status === 'loaded'
      ? intl.formatMessage(assignmentMessages.editNamed, { name: assignment.data.name })
      : intl.formatMessage({ id: 'assignments.edit', defaultMessage: 'Edit assignment', description: 'Window title while the assignment loads.' }),
    course.name,
  );
  return (
    <Loaded value={assignment} what={intl.formatMessage(assignmentMessages.this)}>
      {(a) => (
        <>
          <h2>
            <FormattedMessage {...assignmentMessages.editNamed} values={{ name: <bdi>{a.name}</bdi> }} />
          </h2>
          <AssignmentForm course={course} assignment={a} />
        </>
      )}
    </Loaded>
  );
}
