import { FormattedMessage, useIntl } from 'react-intl';
import type { AssignmentGroupWithAssignments, CustomColumn, EnrollmentGrades } from '../../../../contracts/gradebook-dtos.ts';
import type { GradebookAssignment, GradebookStudent } from '../../stores/gradebook-store.ts';
import type { ReactNode } from 'react';
import { percentWithGrade } from '../grades/grade-cells.ts';
import { gradebookWords } from './gradebook-words.ts';
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
  const intl = useIntl();
  const details = [
    a.groupName,
    a.points_possible !== null && a.grading_type !== 'not_graded' && intl.formatMessage({ id: 'gradebook.heading.outOf', defaultMessage: 'out of {points, number}' }, { points: a.points_possible }),
    !a.published && intl.formatMessage({ id: 'gradebook.heading.unpublished', defaultMessage: 'unpublished', description: 'After the group name and points in a column heading.' }),
  ];
  return (
    <div role="columnheader" aria-colindex={colIndex} className="gradebook-cell gradebook-heading" style={{ width }}>
      <span className="gradebook-heading-name" dir="auto">
        {a.name}
      </span>
      {/* A list of short facts, “Homework · out of 10 · unpublished”: the dot separates, as in the sync status line. */}
      <span className="muted">{details.filter((d): d is string => typeof d === 'string').join(' · ')}</span>
      {gradable(a) && (
        // Short visible words (the column is narrow); each is part of the button's full name.
        <span className="gradebook-heading-actions">
          <button type="button" className="link-button" aria-label={intl.formatMessage(gradebookWords.setDefaultFor, { assignment: a.name })}
            onClick={() => onDialog({ kind: 'default-grade', assignment: a })}
          >
            <FormattedMessage id="gradebook.heading.default" defaultMessage="Default" description="Short for “Set default grade” in a narrow column heading." />
          </button>
          <button type="button" className="link-button" aria-label={intl.formatMessage(gradebookWords.distributionFor, { assignment: a.name })}
            onClick={() => onDialog({ kind: 'distribution', assignment: a })}
          >
            <FormattedMessage id="gradebook.heading.distribution" defaultMessage="Distribution" description="Short for “Grade distribution” in a narrow column heading." />
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
      <span className="gradebook-heading-name" dir="auto">
        {column.title}
      </span>
    </div>
  );
}

export function StudentCell({ student, width, ...place }: CellPlace & { student: GradebookStudent; width: number }) {
  const { active, ...attributes } = cellAttributes(place);
  return (
    <div role="rowheader" tabIndex={active ? 0 : -1} className="gradebook-fixed gradebook-name" style={{ width }} {...attributes}>
      <span dir="auto">{student.name}</span>
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
  return <FixedCell {...cell}>{percentWithGrade(score, grade)}</FixedCell>;
}

/** An assignment group's column: its name, and its weight when the course weights its groups. */
export function GroupHeader({ group, weighted, colIndex, width, left }: FixedColumn & { group: AssignmentGroupWithAssignments; weighted: boolean; colIndex: number }) {
  return (
    <div role="columnheader" aria-colindex={colIndex} className="gradebook-fixed gradebook-heading" style={{ width, insetInlineStart: left }}>
      <span className="gradebook-group-name" dir="auto">
        {group.name}
      </span>
      {weighted && (
        <span className="muted">
          <FormattedMessage id="gradebook.heading.weight" defaultMessage="{weight, number}% of total" values={{ weight: group.group_weight }} />
        </span>
      )}
    </div>
  );
}
