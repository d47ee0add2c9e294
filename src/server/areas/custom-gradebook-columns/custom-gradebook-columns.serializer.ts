import type { ColumnDatumData, CustomColumnData } from '../../domain/records/custom-column-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** Canvas's CustomColumn JSON (`lib/api/v1/custom_gradebook_column.rb`, with the newer `read_only`). */
export function customColumnJson(column: Stored<CustomColumnData>): Record<string, unknown> {
  const c = column.data;
  return {
    id: column.id,
    title: c.title,
    position: c.position,
    teacher_notes: c.teacher_notes,
    read_only: c.read_only,
    hidden: c.workflow_state === 'hidden',
  };
}

/** Canvas's ColumnDatum JSON: `as_json(only: [:user_id, :content])`. */
export function columnDatumJson(datum: Pick<ColumnDatumData, 'user_id' | 'content'>): Record<string, unknown> {
  return { user_id: datum.user_id, content: datum.content };
}
