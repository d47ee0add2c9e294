import { DataTable } from '../../components/DataTable.tsx';
import { Link } from 'react-router';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime, formatPoints, formatSubmissionTypes } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useResource, type ResourceView } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export function AssignmentsTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const assignments = useResource(resources.assignments(courseId));
  return (
    <>
      {viewer.canManage && (
        <p>
          <Link to={paths.newAssignment(courseId)} className="button-link">
            New assignment
          </Link>
        </p>
      )}
      <AssignmentList courseId={courseId} viewer={viewer} assignments={assignments} />
    </>
  );
}

function AssignmentList({ courseId, viewer, assignments }: { courseId: number; viewer: CourseViewer; assignments: ResourceView<Assignment[]> }) {
  return (
    <Loaded value={assignments} what="assignments">
      {(list) =>
        list.length === 0 ? (
          <p className="muted">This course has no assignments yet.</p>
        ) : (
          <DataTable caption="Assignments" columns={['Assignment', 'Due', 'Points', 'Submission']}>
            {list.map((a) => (
              <tr key={a.id}>
                <th scope="row">
                  <Link to={paths.assignment(courseId, a.id)}>{a.name}</Link>
                  {viewer.canManage && !a.published && <Badge tone="warn">Unpublished</Badge>}
                </th>
                <td>{formatDateTime(a.due_at) ?? 'No due date'}</td>
                <td>{formatPoints(a.points_possible)}</td>
                <td>{formatSubmissionTypes(a.submission_types)}</td>
              </tr>
            ))}
          </DataTable>
        )
      }
    </Loaded>
  );
}
