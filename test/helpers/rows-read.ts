import type { Statement } from 'better-sqlite3';
import { vi } from 'vitest';
import { TableStatements } from '../../src/server/storage/sqlite/table-statements.ts';

/**
 * The rows of each record type the SQLite storage reads out of index ranges while `run` runs (the server runs in
 * the test's process): how a test shows that a read stays within its records instead of covering the whole type.
 * Reads by key (`findDocumentsById`) are bounded by what is asked and are not counted.
 */
export async function rowsReadDuring(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const byType = new Map<string, number>();
  const tally = (row: unknown) => {
    const { type } = JSON.parse(row as string) as { type: string };
    byType.set(type, (byType.get(type) ?? 0) + 1);
  };
  const range = TableStatements.prototype.range;
  const spy = vi.spyOn(TableStatements.prototype, 'range').mockImplementation(function (this: TableStatements, ...args) {
    const statement = range.apply(this, args);
    if (args[3] !== 'docs') return statement;
    // Counted as the storage consumes them: `all` for ranges the index answers, `iterate` for those matched in JavaScript.
    const counted = {
      all: (...params: unknown[]) => {
        const rows = statement.all(...params);
        rows.forEach(tally);
        return rows;
      },
      *iterate(...params: unknown[]) {
        for (const row of statement.iterate(...params)) {
          tally(row);
          yield row;
        }
      },
    };
    return counted as unknown as Statement<unknown[]>;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return byType;
}
