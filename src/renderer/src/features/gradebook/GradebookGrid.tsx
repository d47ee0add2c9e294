import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { structureFromApi } from '../../../../contracts/grading/structure-from-api.ts';
import { formatPercent } from '../../lib/format.ts';
import { cellKey, type GradebookData, type GradebookStudent } from '../../stores/gradebook-store.ts';
import { ColumnDatumCell } from './ColumnDatumCell.tsx';
import { AssignmentHeader, CustomColumnHeader, FixedCell, GroupHeader, type AssignmentDialog, StudentCell, TotalCell } from './GradebookCells.tsx';
import { GradeCell } from './GradeCell.tsx';
import { teacherGroupPercents } from './group-columns.ts';
import { movedCell, type CellPosition, type EditState } from './grid-navigation.ts';

const ROW_HEIGHT = 40;
/** Room for a heading of a few wrapped lines: the name (up to two), its group and points, the two dialog buttons. */
const HEADER_HEIGHT = 96;
const NAME_WIDTH = 220;
const TOTAL_WIDTH = 96;
const GROUP_WIDTH = 112;
const CELL_WIDTH = 136;

/**
 * The students × assignments grid. The student, one column per assignment group and the Total stay in view
 * (sticky); the custom and assignment columns scroll under them. Only the rows and columns in view are rendered
 * (react-virtual), so every rendered row and cell carries its place in the whole grid (aria-rowindex,
 * aria-colindex, with the totals in aria-rowcount and aria-colcount) for assistive technology. One cell is in the Tab order (a roving tabindex);
 * the arrow keys, Home/End and PageUp/PageDown move it, scrolling it into view first when it was not rendered.
 */
export function GradebookGrid({
  data,
  weighted,
  students,
  onDialog,
  conflicted,
}: {
  data: GradebookData;
  /** The course weights its assignment groups: their headers give the weights. */
  weighted: boolean;
  students: GradebookStudent[];
  /** Submissions whose grade ended in a sync conflict, by id. */
  conflicted: ReadonlySet<number>;
  onDialog: (dialog: AssignmentDialog) => void;
}) {
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const { assignments, customColumns, groups } = data;
  const structure = useMemo(() => structureFromApi(weighted, groups), [weighted, groups]);
  // Student, the groups, Total: sticky, in that order.
  const fixedColumns = groups.length + 2;
  const totalLeft = NAME_WIDTH + groups.length * GROUP_WIDTH;
  const fixedWidth = totalLeft + TOTAL_WIDTH;
  const groupLeft = (index: number) => NAME_WIDTH + index * GROUP_WIDTH;
  // The scrolling columns: the custom columns (teacher notes…), then the assignments.
  const scrolling = customColumns.length + assignments.length;
  const assignmentAt = (index: number) => assignments[index - customColumns.length];
  const columnCount = fixedColumns + scrolling;
  const [active, setActive] = useState<CellPosition>({ row: 0, col: fixedColumns });
  const [editing, setEditing] = useState<EditState | null>(null);
  /** Set when the keyboard moved the active cell: focus follows it once it is rendered. */
  const focusWanted = useRef(false);

  const rows = useVirtualizer({
    count: students.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: scrolling,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL_WIDTH,
    overscan: 2,
    scrollMargin: fixedWidth,
    scrollPaddingStart: fixedWidth,
  });
  const visibleRows = rows.getVirtualItems();
  const visibleColumns = columns.getVirtualItems();
  const leadingSpace = (visibleColumns[0]?.start ?? fixedWidth) - fixedWidth;
  const rowWidth = fixedWidth + columns.getTotalSize();

  // A filter can leave the active cell outside the grid: bring it back in.
  const row = Math.min(active.row, Math.max(0, students.length - 1));

  useEffect(() => {
    if (!focusWanted.current) return;
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-cell="${row}:${active.col}"]`);
    if (!cell) return;
    focusWanted.current = false;
    (cell.querySelector<HTMLElement>('input') ?? cell).focus({ preventScroll: true });
  });

  function moveTo(to: CellPosition): void {
    setEditing(null);
    setActive(to);
    focusWanted.current = true;
    rows.scrollToIndex(to.row);
    if (to.col >= fixedColumns) columns.scrollToIndex(to.col - fixedColumns);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    if (editing || e.altKey || e.metaKey) return;
    const to = movedCell({ row, col: active.col }, e.key, { ctrl: e.ctrlKey, shift: e.shiftKey }, students.length, columnCount);
    if (!to) return;
    e.preventDefault();
    moveTo(to);
  }

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={intl.formatMessage({ id: 'gradebook.grid', defaultMessage: 'Gradebook' })}
      aria-rowcount={students.length + 1}
      aria-colcount={columnCount}
      className="gradebook-grid"
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="gradebook-head" style={{ width: rowWidth, height: HEADER_HEIGHT }}>
        <div role="row" aria-rowindex={1} className="gradebook-row">
          <div role="columnheader" aria-colindex={1} className="gradebook-fixed gradebook-name" style={{ width: NAME_WIDTH }}>
            <FormattedMessage id="gradebook.column.student" defaultMessage="Student" />
          </div>
          {groups.map((g, index) => (
            <GroupHeader key={g.id} group={g} weighted={weighted} colIndex={index + 2} width={GROUP_WIDTH} left={groupLeft(index)} />
          ))}
          <div role="columnheader" aria-colindex={fixedColumns} className="gradebook-fixed gradebook-total" style={{ width: TOTAL_WIDTH, insetInlineStart: totalLeft }}>
            <FormattedMessage id="gradebook.column.total" defaultMessage="Total" />
          </div>
          <div aria-hidden="true" style={{ width: leadingSpace, flex: 'none' }} />
          {visibleColumns.map((c) => {
            const assignment = assignmentAt(c.index);
            const colIndex = c.index + fixedColumns + 1;
            return assignment ? (
              <AssignmentHeader key={c.key} assignment={assignment} colIndex={colIndex} width={CELL_WIDTH} onDialog={onDialog} />
            ) : (
              <CustomColumnHeader key={c.key} column={customColumns[c.index]!} colIndex={colIndex} width={CELL_WIDTH} />
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className="gradebook-body" style={{ width: rowWidth, height: rows.getTotalSize() }}>
        {visibleRows.map((r) => {
          const student = students[r.index]!;
          const groupPercents = teacherGroupPercents(structure, data.submissions, student.id);
          const cellProps = (col: number) => ({
            position: { row: r.index, col },
            active: row === r.index && active.col === col,
            onActivate: () => setActive({ row: r.index, col }),
          });
          return (
            <div
              key={student.id}
              role="row"
              aria-rowindex={r.index + 2}
              className="gradebook-row"
              style={{ transform: `translateY(${r.start - HEADER_HEIGHT}px)`, height: ROW_HEIGHT }}
            >
              <StudentCell student={student} width={NAME_WIDTH} {...cellProps(0)} />
              {groups.map((g, index) => (
                <FixedCell key={g.id} width={GROUP_WIDTH} left={groupLeft(index)} {...cellProps(index + 1)}>
                  {formatPercent(groupPercents.get(g.id))}
                </FixedCell>
              ))}
              <TotalCell grades={data.totals[student.id]} width={TOTAL_WIDTH} left={totalLeft} {...cellProps(fixedColumns - 1)} />
              <div aria-hidden="true" style={{ width: leadingSpace, flex: 'none' }} />
              {visibleColumns.map((c) => {
                const col = c.index + fixedColumns;
                const cell = {
                  courseId: data.courseId,
                  student,
                  width: CELL_WIDTH,
                  editing: editing?.row === r.index && editing.col === col ? editing : null,
                  onEdit: (draft: string | null) => setEditing(draft === null ? null : { row: r.index, col, draft }),
                  onMove: (key: string, shift: boolean) => {
                    const to = movedCell({ row: r.index, col }, key, { ctrl: false, shift }, students.length, columnCount);
                    if (to) moveTo(to);
                  },
                  ...cellProps(col),
                };
                const assignment = assignmentAt(c.index);
                if (!assignment) {
                  const column = customColumns[c.index]!;
                  return <ColumnDatumCell {...cell} key={c.key} column={column} content={data.columnData[cellKey(student.id, column.id)]} />;
                }
                const submission = data.submissions[cellKey(student.id, assignment.id)];
                return <GradeCell {...cell} key={c.key} assignment={assignment} submission={submission} inConflict={submission !== undefined && conflicted.has(submission.id)} />;
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
