import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { common } from '../../i18n/common-messages.ts';
import { assignmentMessages } from './assignment-messages.ts';
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
            <FormattedMessage {...assignmentMessages.new} />
          </Link>
        </p>
      )}
      <AssignmentList courseId={courseId} viewer={viewer} assignments={assignments} />
    </>
  );
}

function AssignmentList({ courseId, viewer, assignments }: { courseId: number; viewer: CourseViewer; assignments: ResourceView<Assignment[]> }) {
  const intl = useIntl();
  const columns = [
    intl.formatMessage({ id: 'assignments.column.assignment', defaultMessage: 'Assignment' }),
    intl.formatMessage({ id: 'assignments.column.due', defaultMessage: 'Due' }),
    intl.formatMessage({ id: 'assignments.column.points', defaultMessage: 'Points' }),
    intl.formatMessage({ id: 'assignments.column.submission', defaultMessage: 'Submission' }),
  ];
  return (
    <Loaded value={assignments} what={intl.formatMessage(assignmentMessages.what)}>
      {(list) =>
        list.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="assignments.none" defaultMessage="This course has no assignments yet." />
          </p>
        ) : (
          <DataTable caption={intl.formatMessage({ id: 'assignments.table', defaultMessage: 'Assignments' })} columns={columns}>
            {list.map((a) => (
              <tr key={a.id}>
                <th scope="row">
                  <Link to={paths.assignment(courseId, a.id)} dir="auto">
                    {a.name}
                  </Link>
                  {viewer.canManage && !a.published && <Badge tone="warn">{intl.formatMessage(common.unpublished)}</Badge>}
                </th>
                <td>{formatDateTime(a.due_at) ?? intl.formatMessage(assignmentMessages.noDueDate)}</td>
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
