/** One row of a side-by-side comparison: a line both sides share, or one only the left (old) or right (new) has. */
export type DiffRow = { kind: 'same'; left: string; right: string } | { kind: 'removed'; left: string } | { kind: 'added'; right: string };

/**
 * The rows that turn `left` into `right`, by the longest common subsequence of lines: shared lines stay side by
 * side, and where the sides differ the removed lines come before the added ones. Pages are short (the table is
 * |left| × |right|), so the plain dynamic programme is enough.
 */
export function diffLines(left: readonly string[], right: readonly string[]): DiffRow[] {
  // common[i][j]: length of the longest common subsequence of left[i..] and right[j..].
  const common = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i--) {
    for (let j = right.length - 1; j >= 0; j--) {
      common[i]![j] = left[i] === right[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i < left.length && j < right.length && left[i] === right[j]) {
      rows.push({ kind: 'same', left: left[i]!, right: right[j]! });
      i++;
      j++;
    } else if (j === right.length || (i < left.length && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      rows.push({ kind: 'removed', left: left[i++]! });
    } else {
      rows.push({ kind: 'added', right: right[j++]! });
    }
  }
  return rows;
}
