/**
 * Custom gradebook columns and their per-student entries. A column is course structure, so it lives in the
 * `course` collection; an entry is about one student, so it lives in `course_user` and reaches only that
 * student's and the course's teachers' devices (docs/architecture.md §4.2).
 */

/** Canvas's three states: `hidden` is a state, not a flag, so a deleted column never reports hidden. */
export type CustomColumnState = 'active' | 'hidden' | 'deleted';

export interface CustomColumnData {
  course_id: number;
  title: string;
  position: number;
  /** The gradebook's one "Notes" column (at most one per course that is not deleted). */
  teacher_notes: boolean;
  read_only: boolean;
  workflow_state: CustomColumnState;
}

/** One column's entry for one student; blank content soft-deletes it, so sync sees the removal. */
export interface ColumnDatumData {
  course_id: number;
  column_id: number;
  user_id: number;
  content: string;
  workflow_state: 'active' | 'deleted';
}

/** The lookup slot of a column's entry for one student: at most one entry per pair. */
export const columnDatumKey = (columnId: number, userId: number): string => `column_datum:${columnId}:${userId}`;
