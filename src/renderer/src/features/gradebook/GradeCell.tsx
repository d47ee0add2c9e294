import type { KeyboardEvent } from 'react';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import { cellKey, useGradebookStore, type GradebookAssignment, type GradebookStudent } from '../../stores/gradebook-store.ts';
import { cellAttributes, gradable, type CellPlace } from './GradebookCells.tsx';
import type { EditState } from './grid-navigation.ts';

interface GradeCellProps extends CellPlace {
  courseId: number;
  student: GradebookStudent;
  assignment: GradebookAssignment;
  submission: Submission | undefined;
  width: number;
  editing: EditState | null;
  /** Starts or continues editing with what is typed; null leaves editing. */
  onEdit: (draft: string | null) => void;
  /** A key that moves the active cell while editing (Tab saves, then moves). */
  onMove: (key: string, shift: boolean) => void;
}

/**
 * One student's grade on one assignment: a textbox in the grade's own words (points, a percentage, a letter,
 * complete/incomplete, a grade point), as the server takes them for the assignment's grading type. Until Enter
 * or a printable key starts editing, the keys move around the grid; Enter saves, Escape puts the grade back.
 */
export function GradeCell({ courseId, student, assignment, submission, width, editing, onEdit, onMove, ...place }: GradeCellProps) {
  const key = cellKey(student.id, assignment.id);
  const pending = useGradebookStore((s) => s.pending[key]);
  const gradeEntered = useGradebookStore((s) => s.gradeEntered);
  const { active, ...attributes } = cellAttributes(place);
  const className = `gradebook-cell${pending === undefined ? '' : ' gradebook-saving'}`;

  // Canvas grades neither an unpublished assignment nor one that is not graded; their cells only say so.
  if (!gradable(assignment) || !submission) {
    return (
      <div role="gridcell" tabIndex={active ? 0 : -1} className={`${className} muted`} style={{ width }} {...attributes}>
        {!assignment.published ? 'Unpublished' : assignment.grading_type === 'not_graded' ? 'Not graded' : '–'}
      </div>
    );
  }

  const shown = submission.excused ? '' : (submission.entered_grade ?? '');
  const value = editing?.draft ?? pending ?? shown;
  const commit = () => {
    const typed = value.trim();
    onEdit(null);
    if (typed !== shown) void gradeEntered({ courseId, assignmentId: assignment.id, userId: student.id }, typed);
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): void {
    if (editing) {
      if (e.key === 'Enter') commit();
      else if (e.key === 'Escape') onEdit(null);
      else if (e.key === 'Tab') {
        commit();
        onMove('Tab', e.shiftKey);
      } else return;
      e.preventDefault();
      return;
    }
    if (e.key === 'Enter') onEdit(shown);
    else if (e.key === 'Backspace' || e.key === 'Delete') onEdit('');
    // A printable key replaces the grade, as in a spreadsheet.
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) onEdit(e.key);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  return (
    <div role="gridcell" className={className} style={{ width }} {...attributes}>
      <input
        aria-label={`Grade for ${student.name}, ${assignment.name}`}
        className={editing ? 'gradebook-input editing' : 'gradebook-input'}
        tabIndex={active ? 0 : -1}
        value={value}
        autoComplete="off"
        onChange={(e) => onEdit(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (editing) commit();
        }}
      />
      <Markers submission={submission} />
    </div>
  );
}

function Markers({ submission: s }: { submission: Submission }) {
  const marks = [s.excused && 'Excused', s.late && 'Late', s.missing && 'Missing'].filter((m): m is string => typeof m === 'string');
  if (marks.length === 0) return null;
  return <span className="gradebook-marks">{marks.join(', ')}</span>;
}
