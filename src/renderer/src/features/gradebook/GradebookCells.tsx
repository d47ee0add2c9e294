import type { AssignmentGroupWithAssignments, CustomColumn, EnrollmentGrades } from '../../../../contracts/gradebook-dtos.ts';
import { formatPercent } from '../../lib/format.ts';
import type { GradebookAssignment, GradebookStudent } from '../../stores/gradebook-store.ts';
import type { ReactNode } from 'react';
import type { CellPosition } from './grid-navigation.ts';

/** What every body cell knows of its place: where it is, whether it holds the grid's tab stop. */
export interface CellPlace {
  position: CellPosition;
  active: boolean;
  onActivate: () => void;
}

/** The attributes that place a cell in the grid and in its roving tab order. */
export function cellAttributes({ position, active, onActivate }: CellPlace) {
  return { 'aria-colindex': position.col + 1, 'data-cell': `${position.row}:${position.col}`, onFocus: onActivate, active };
}

/** `gradable`: an assignment Canvas grades (published, graded), whose header offers `Set default grade for {name}`. */
export const gradable = (a: GradebookAssignment) => a.published && a.grading_type !== 'not_graded';

/** A dialog an assignment's column header opens: `Set default grade for {name}` or `Grade distribution for {name}`. */
export interface AssignmentDialog {
  kind: 'default-grade' | 'distribution';
  assignment: GradebookAssignment;
}

export function AssignmentHeader({ assignment: a, colIndex, width, onDialog }: { assignment: GradebookAssignment; colIndex: number; width: number; onDialog: (dialog: AssignmentDialog) => void }) {
  return (
    <div role="columnheader" aria-colindex={colIndex} className="gradebook-cell gradebook-heading" style={{ width }}>
      <span className="gradebook-heading-name">{a.name}</span>
      <span className="muted">
        {a.groupName}
        {a.points_possible !== null && a.grading_type !== 'not_graded' ? ` · out of ${a.points_possible}` : ''}
        {a.published ? '' : ' · unpublished'}
      </span>
      {gradable(a) && (
        // Short visible words (the column is narrow); each is part of the button's full name.
        <span className="gradebook-heading-actions">
          <button type="button" className="link-button" aria-label={`Set default grade for ${a.name}`} onClick={() => onDialog({ kind: 'default-grade', assignment: a })}>
            Default
          </button>
          <button type="button" className="link-button" aria-label={`Grade distribution for ${a.name}`} onClick={() => onDialog({ kind: 'distribution', assignment: a })}>
            Distribution
          </button>
        </span>
      )}
    </div>
  );
}

/** A body cell with nothing to edit: the cell itself takes the grid's tab stop. */
export function StaticCell({ width, muted = false, children, ...place }: CellPlace & { width: number; muted?: boolean; children: ReactNode }) {
  const { active, ...attributes } = cellAttributes(place);
  return (
    <div role="gridcell" tabIndex={active ? 0 : -1} className={muted ? 'gradebook-cell muted' : 'gradebook-cell'} style={{ width }} {...attributes}>
      {children}
    </div>
  );
}

export function CustomColumnHeader({ column, colIndex, width }: { column: CustomColumn; colIndex: number; width: number }) {
  return (
    <div role="columnheader" aria-colindex={colIndex} className="gradebook-cell gradebook-heading" style={{ width }}>
      <span className="gradebook-heading-name">{column.title}</span>
    </div>
  );
}

export function StudentCell({ student, width, ...place }: CellPlace & { student: GradebookStudent; width: number }) {
  const { active, ...attributes } = cellAttributes(place);
  return (
    <div role="rowheader" tabIndex={active ? 0 : -1} className="gradebook-fixed gradebook-name" style={{ width }} {...attributes}>
      {student.name}
    </div>
  );
}

/**
 * The teacher's view of a student's current total, as the server stored it: unposted grades count (the server
 * gives graders that figure beside the student's posted one), as they do in the group columns beside it.
 */
export function teacherTotal(grades: EnrollmentGrades | undefined): { score: number | null; grade: string | null } {
  if (grades?.unposted_current_score !== undefined) return { score: grades.unposted_current_score, grade: grades.unposted_current_grade ?? null };
  return { score: grades?.current_score ?? null, grade: grades?.current_grade ?? null };
}

/** A sticky column left of the scrolling ones: where it starts. */
interface FixedColumn {
  width: number;
  left: number;
}

/** A read-only figure in a sticky column (a group's percentage, the total): it follows the grades. */
export function FixedCell({ width, left, children, ...place }: CellPlace & FixedColumn & { children: ReactNode }) {
  const { active, ...attributes } = cellAttributes(place);
  return (
    <div role="gridcell" tabIndex={active ? 0 : -1} className="gradebook-fixed gradebook-total" style={{ width, insetInlineStart: left }} {...attributes}>
      {children}
    </div>
  );
}

export function TotalCell({ grades, ...cell }: CellPlace & FixedColumn & { grades: EnrollmentGrades | undefined }) {
  const { score, grade } = teacherTotal(grades);
  return (
    <FixedCell {...cell}>
      {formatPercent(score)}
      {grade ? ` (${grade})` : ''}
    </FixedCell>
  );
}

/** An assignment group's column: its name, and its weight when the course weights its groups. */
export function GroupHeader({ group, weighted, colIndex, width, left }: FixedColumn & { group: AssignmentGroupWithAssignments; weighted: boolean; colIndex: number }) {
  return (
    <div role="columnheader" aria-colindex={colIndex} className="gradebook-fixed gradebook-heading" style={{ width, insetInlineStart: left }}>
      <span className="gradebook-group-name">{group.name}</span>
      {weighted && <span className="muted">{group.group_weight}% of total</span>}
    </div>
  );
}
