import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
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
        <Link to={paths.course(course.id, 'assignments')}>All assignments</Link>
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
  useDocumentTitle('New assignment', course.name);
  return (
    <>
      <h2>New assignment</h2>
      <AssignmentForm course={course} />
    </>
  );
}

function EditAssignment({ course, assignmentId }: { course: Course; assignmentId: number }) {
  const assignment = useResource(resources.assignment(course.id, assignmentId));
  useDocumentTitle(assignment.status === 'loaded' ? `Edit ${assignment.data.name}` : 'Edit assignment', course.name);
  return (
    <Loaded value={assignment} what="this assignment">
      {(a) => (
        <>
          <h2>Edit {a.name}</h2>
          <AssignmentForm course={course} assignment={a} />
        </>
      )}
    </Loaded>
  );
}
