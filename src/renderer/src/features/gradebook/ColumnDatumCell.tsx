import { useIntl } from 'react-intl';
import type { CustomColumn } from '../../../../contracts/gradebook-dtos.ts';
import { columnCellKey, useGradebookStore, type GradebookStudent } from '../../stores/gradebook-store.ts';
import { EditableCell, type EditableCellProps } from './EditableCell.tsx';
import { StaticCell } from './GradebookCells.tsx';

interface ColumnDatumCellProps extends EditableCellProps {
  courseId: number;
  student: GradebookStudent;
  column: CustomColumn;
  content: string | undefined;
}

/** A student's entry in a custom column (`{column} for {student}`, e.g. their teacher notes); Enter saves it. */
export function ColumnDatumCell({ courseId, student, column, content, ...cell }: ColumnDatumCellProps) {
  const intl = useIntl();
  const pending = useGradebookStore((s) => s.pending[columnCellKey(student.id, column.id)]);
  const columnDatumEntered = useGradebookStore((s) => s.columnDatumEntered);
  if (column.read_only) return <StaticCell {...cell}>{content}</StaticCell>;
  return (
    <EditableCell
      label={intl.formatMessage({ id: 'gradebook.columnDatum.label', defaultMessage: '{column} for {student}' }, { column: column.title, student: student.name })}
      shown={content ?? ''}
      pending={pending}
      onSave={(typed) => void columnDatumEntered(courseId, column.id, student.id, typed)}
      {...cell}
    />
  );
}
