/** One line of a comparison: our figure, the reference's, and the target it must meet if it has one. */
export interface Row {
  measure: string;
  ours: number;
  reference: number;
  /** Target as a ratio to the reference (ours / reference ≤ maxRatio). */
  maxRatio?: number | undefined;
  /** Target as an absolute time in milliseconds. */
  maxMs?: number | undefined;
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** A markdown table, ready for docs/benchmarks.md; a missed target is marked, never hidden. */
export function formatTable(referenceName: string, rows: readonly Row[]): string {
  const lines = [`| measure | Outpost SQLite | ${referenceName} | ratio | target |`, '|---|---:|---:|---:|---|'];
  for (const row of rows) {
    const ratio = row.ours / row.reference;
    let target = '';
    if (row.maxRatio !== undefined) target = `≤ ${row.maxRatio}× ${ratio <= row.maxRatio ? 'met' : '**missed**'}`;
    if (row.maxMs !== undefined) target = `≤ ${row.maxMs} ms ${row.ours <= row.maxMs ? 'met' : '**missed**'}`;
    lines.push(`| ${row.measure} | ${ms(row.ours)} | ${ms(row.reference)} | ${ratio.toFixed(2)}× | ${target} |`);
  }
  return lines.join('\n');
}
