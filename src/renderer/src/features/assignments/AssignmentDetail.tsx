import { Link, useParams } from 'react-router';
import type { Assignment, Course } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime, formatPoints, formatSubmissionTypes } from '../../lib/format.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useShownStudent } from '../observers/shown-student.ts';
import { ObservedSubmission, SubmissionPanel } from '../submissions/SubmissionPanel.tsx';
import { DeleteAssignment } from './DeleteAssignment.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

interface AssignmentDetailProps {
  course: Course;
  viewer: CourseViewer;
}

/** `assignments/:assignmentId` inside a course. */
export function AssignmentDetail({ course, viewer }: AssignmentDetailProps) {
  const assignmentId = idParam(useParams().assignmentId) ?? 0;
  const assignment = useResource(resources.assignment(course.id, assignmentId));
  const shownStudent = useShownStudent(viewer);
  useDocumentTitle(assignment.status === 'loaded' ? assignment.data.name : 'Assignment', course.name);
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'assignments')}>All assignments</Link>
      </p>
      <Loaded value={assignment} what="this assignment">
        {(a) => (
          <>
            <h2>
              {a.name} {viewer.canManage && !a.published && <Badge tone="warn">Unpublished</Badge>}
            </h2>
            <AssignmentFacts assignment={a} />
            {viewer.canManage && (
              <div className="button-row">
                <Link to={paths.editAssignment(course.id, a.id)} className="button-link">
                  Edit
                </Link>
                <DeleteAssignment courseId={course.id} assignment={a} />
              </div>
            )}
            {viewer.canGrade && (
              <p>
                <Link to={paths.grader(course.id, a.id)}>Grade submissions</Link>
              </p>
            )}
            {a.locked_for_user && a.lock_explanation && <p className="lock-explanation">{a.lock_explanation}</p>}
            {a.description ? (
              <SafeHtmlFrame html={a.description} title="Assignment description" />
            ) : (
              <p className="muted">No description.</p>
            )}
            {viewer.isStudent && <SubmissionPanel courseId={course.id} assignment={a} />}
            {!viewer.isStudent && shownStudent !== undefined && <ObservedSubmission courseId={course.id} assignment={a} studentId={shownStudent} />}
          </>
        )}
      </Loaded>
    </article>
  );
}

function AssignmentFacts({ assignment: a }: { assignment: Assignment }) {
  const facts: Array<[string, string | undefined]> = [
    ['Due', formatDateTime(a.due_at) ?? 'No due date'],
    ['Available from', formatDateTime(a.unlock_at)],
    ['Available until', formatDateTime(a.lock_at)],
    ['Points', formatPoints(a.points_possible)],
    ['Submission types', formatSubmissionTypes(a.submission_types)],
    ['File types', a.allowed_extensions?.length ? a.allowed_extensions.join(', ') : undefined],
  ];
  return (
    <dl className="facts" aria-label="Assignment details">
      {facts
        .filter((fact): fact is [string, string] => fact[1] !== undefined)
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
