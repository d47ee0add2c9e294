import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { paths } from '../../lib/paths.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';

/** A deleted assignment takes its grades out of the totals, so the question says so. */
export function DeleteAssignment({ courseId, assignment }: { courseId: number; assignment: Assignment }) {
  const deleteRequested = useAuthoringStore((s) => s.assignmentDeleteRequested);
  const navigate = useNavigate();
  return (
    <ConfirmDelete
      what="assignment"
      question={
        <FormattedMessage
          id="assignments.delete.question"
          defaultMessage="Delete “{name}”? Its submissions and grades leave the gradebook with it."
          values={{ name: <bdi>{assignment.name}</bdi> }}
        />
      }
      onDelete={async () => {
        await deleteRequested(courseId, assignment.id);
        void navigate(paths.course(courseId, 'assignments'));
      }}
    />
  );
}
