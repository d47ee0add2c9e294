import type { KeyboardEvent, ReactNode } from 'react';
import { cellAttributes, type CellPlace } from './GradebookCells.tsx';
import type { EditState } from './grid-navigation.ts';

export interface EditableCellProps extends CellPlace {
  width: number;
  editing: EditState | null;
  /** Starts or continues editing with what is typed; null leaves editing. */
  onEdit: (draft: string | null) => void;
  /** A key that moves the active cell while editing (Tab saves, then moves). */
  onMove: (key: string, shift: boolean) => void;
}

/**
 * A grid cell holding a labelled text box, edited as in a spreadsheet: until Enter or a printable key starts
 * editing, the keys move around the grid; while editing, Enter (or Tab, or leaving the box) saves what was typed
 * through `onSave` when it differs from `shown`, and Escape puts `shown` back. Grades and custom column entries
 * both work this way.
 */
export function EditableCell({
  label,
  shown,
  pending,
  onSave,
  children,
  width,
  editing,
  onEdit,
  onMove,
  ...place
}: EditableCellProps & { label: string; shown: string; pending: string | undefined; onSave: (typed: string) => void; children?: ReactNode }) {
  const { active, ...attributes } = cellAttributes(place);
  const value = editing?.draft ?? pending ?? shown;
  const commit = () => {
    const typed = value.trim();
    onEdit(null);
    if (typed !== shown) onSave(typed);
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
    // A printable key replaces the value, as in a spreadsheet.
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) onEdit(e.key);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  return (
    <div role="gridcell" className={`gradebook-cell${pending === undefined ? '' : ' gradebook-saving'}`} style={{ width }} {...attributes}>
      <input
        aria-label={label}
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
      {children}
    </div>
  );
}
