import type { ReactNode } from 'react';

/**
 * A list shown as a table: it scrolls sideways on a narrow window, its caption names it for screen readers, and its
 * header row names each column (`scope="col"`). The rows are the children, each naming itself in a `scope="row"` cell.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: readonly ReactNode[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              // Column headers are fixed per table: their position is their identity.
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
