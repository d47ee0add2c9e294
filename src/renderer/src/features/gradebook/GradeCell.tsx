import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { GradebookSubmission } from '../../../../contracts/gradebook-dtos.ts';
import { common } from '../../i18n/common-messages.ts';
import { paths } from '../../lib/paths.ts';
import { cellKey, useGradebookStore, type GradebookAssignment, type GradebookStudent } from '../../stores/gradebook-store.ts';
import { MARKERS } from '../grades/grade-cells.ts';
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
  const intl = useIntl();
  const pending = useGradebookStore((s) => s.pending[cellKey(student.id, assignment.id)]);
  const gradeEntered = useGradebookStore((s) => s.gradeEntered);

  // Canvas grades neither an unpublished assignment nor one that is not graded; their cells only say so.
  if (!gradable(assignment) || !submission) {
    return (
      <StaticCell muted {...cell}>
        {!assignment.published ? (
          <FormattedMessage {...common.unpublished} />
        ) : assignment.grading_type === 'not_graded' ? (
          <FormattedMessage id="gradebook.cell.notGraded" defaultMessage="Not graded" />
        ) : (
          '–'
        )}
      </StaticCell>
    );
  }

  return (
    <EditableCell
      label={intl.formatMessage(
        { id: 'gradebook.cell.label', defaultMessage: 'Grade for {student}, {assignment}{inConflict, select, true {, grade in conflict} other {}}' },
        { student: student.name, assignment: assignment.name, inConflict: String(inConflict) },
      )}
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
  const intl = useIntl();
  const marks = [s.excused && MARKERS.excused, s.late && MARKERS.late, s.missing && MARKERS.missing].flatMap((m) => (m ? [intl.formatMessage(m)] : []));
  if (marks.length === 0) return null;
  return <span className="gradebook-marks">{intl.formatList(marks, { type: 'unit' })}</span>;
}

/**
 * The grade met a later one on the hub: a mark and the way to the review. The link is out of the Tab order (the grid
 * keeps one tab stop and Tab moves between cells); keyboard users reach the review from the grid's conflict notice.
 */
function ConflictMark() {
  return (
    <Link to={paths.conflicts()} className="gradebook-conflict" tabIndex={-1}>
      <FormattedMessage id="gradebook.cell.conflict" defaultMessage="⚠ Conflict" description="A mark on a grade that met a later one on the hub." />
    </Link>
  );
}
