import { Link } from 'react-router';
import type { GradebookSubmission } from '../../../../contracts/gradebook-dtos.ts';
import { paths } from '../../lib/paths.ts';
import { cellKey, useGradebookStore, type GradebookAssignment, type GradebookStudent } from '../../stores/gradebook-store.ts';
import { EditableCell, type EditableCellProps } from './EditableCell.tsx';
import { gradable, StaticCell } from './GradebookCells.tsx';

interface GradeCellProps extends EditableCellProps {
  courseId: number;
  student: GradebookStudent;
  assignment: GradebookAssignment;
  submission: GradebookSubmission | undefined;
  /** The grade ended in a sync conflict that waits for review. */
  inConflict: boolean;
}

/**
 * One student's grade on one assignment: a textbox in the grade's own words (points, a percentage, a letter,
 * complete/incomplete, a grade point), as the server takes them for the assignment's grading type.
 */
export function GradeCell({ courseId, student, assignment, submission, inConflict, ...cell }: GradeCellProps) {
  const pending = useGradebookStore((s) => s.pending[cellKey(student.id, assignment.id)]);
  const gradeEntered = useGradebookStore((s) => s.gradeEntered);

  // Canvas grades neither an unpublished assignment nor one that is not graded; their cells only say so.
  if (!gradable(assignment) || !submission) {
    return (
      <StaticCell muted {...cell}>
        {!assignment.published ? 'Unpublished' : assignment.grading_type === 'not_graded' ? 'Not graded' : '–'}
      </StaticCell>
    );
  }

  return (
    <EditableCell
      label={`Grade for ${student.name}, ${assignment.name}${inConflict ? ', grade in conflict' : ''}`}
      shown={submission.excused ? '' : (submission.entered_grade ?? '')}
      pending={pending}
      onSave={(typed) => void gradeEntered({ courseId, assignmentId: assignment.id, userId: student.id }, typed)}
      {...cell}
    >
      <Markers submission={submission} />
      {inConflict && <ConflictMark />}
    </EditableCell>
  );
}

function Markers({ submission: s }: { submission: GradebookSubmission }) {
  const marks = [s.excused && 'Excused', s.late && 'Late', s.missing && 'Missing'].filter((m): m is string => typeof m === 'string');
  if (marks.length === 0) return null;
  return <span className="gradebook-marks">{marks.join(', ')}</span>;
}

/**
 * The grade met a later one on the hub: a mark and the way to the review. The link is out of the Tab order (the grid
 * keeps one tab stop and Tab moves between cells); keyboard users reach the review from the grid's conflict notice.
 */
function ConflictMark() {
  return (
    <Link to={paths.conflicts()} className="gradebook-conflict" tabIndex={-1}>
      ⚠ Conflict
    </Link>
  );
}
