import { describe, expect, it } from 'vitest';
import { diffLines } from '../../../src/renderer/src/lib/line-diff.ts';

describe('the side-by-side line diff of page revisions', () => {
  it('keeps shared lines together and marks the rest removed or added', () => {
    expect(diffLines(['Intro', 'Old step', 'Outro'], ['Intro', 'New step', 'Extra', 'Outro'])).toEqual([
      { kind: 'same', left: 'Intro', right: 'Intro' },
      { kind: 'removed', left: 'Old step' },
      { kind: 'added', right: 'New step' },
      { kind: 'added', right: 'Extra' },
      { kind: 'same', left: 'Outro', right: 'Outro' },
    ]);
  });

  it('handles empty sides and identical sides', () => {
    expect(diffLines([], ['A'])).toEqual([{ kind: 'added', right: 'A' }]);
    expect(diffLines(['A'], [])).toEqual([{ kind: 'removed', left: 'A' }]);
    expect(diffLines(['A', 'B'], ['A', 'B']).every((row) => row.kind === 'same')).toBe(true);
  });

  it('finds the longest run of shared lines, not the first match', () => {
    const rows = diffLines(['x', 'a', 'b', 'c'], ['a', 'b', 'c', 'x']);
    expect(rows.filter((r) => r.kind === 'same').map((r) => r.kind === 'same' && r.left)).toEqual(['a', 'b', 'c']);
  });
});
