/** A body cell of the grid: `row` counts students from 0, `col` counts columns from 0 (the name column). */
export interface CellPosition {
  row: number;
  col: number;
}

/** The cell being edited and what has been typed into it. */
export interface EditState extends CellPosition {
  draft: string;
}

/** Rows PageUp and PageDown move by. */
const PAGE_ROWS = 10;

/**
 * Where a navigation key moves the active cell in a grid of `rows` × `cols` body cells, as a spreadsheet does;
 * undefined when the key is not a move or would leave the grid (Tab at a row's end then leaves it, as it should).
 */
export function movedCell(from: CellPosition, key: string, modifiers: { ctrl: boolean; shift: boolean }, rows: number, cols: number): CellPosition | undefined {
  const at = (row: number, col: number): CellPosition => ({ row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) });
  switch (key) {
    case 'ArrowUp':
      return at(from.row - 1, from.col);
    case 'ArrowDown':
      return at(from.row + 1, from.col);
    case 'ArrowLeft':
      return at(from.row, from.col - 1);
    case 'ArrowRight':
      return at(from.row, from.col + 1);
    case 'PageUp':
      return at(from.row - PAGE_ROWS, from.col);
    case 'PageDown':
      return at(from.row + PAGE_ROWS, from.col);
    case 'Home':
      return modifiers.ctrl ? at(0, 0) : at(from.row, 0);
    case 'End':
      return modifiers.ctrl ? at(rows - 1, cols - 1) : at(from.row, cols - 1);
    case 'Tab': {
      const col = from.col + (modifiers.shift ? -1 : 1);
      return col < 0 || col >= cols ? undefined : at(from.row, col);
    }
    default:
      return undefined;
  }
}
