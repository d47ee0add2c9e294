import { describe, expect, it } from 'vitest';
import { gradeDistribution } from '../../../src/renderer/src/features/gradebook/grade-distribution.ts';

describe('an assignment’s grade distribution', () => {
  const counts = (scores: number[], points: number | null) => gradeDistribution(scores, points).map((b) => b.students);

  it('puts scores in ten bins of a tenth of the points, full marks in the top one', () => {
    expect(counts([0, 3, 3, 9.99, 10], 10)).toEqual([1, 0, 0, 2, 0, 0, 0, 0, 0, 2]);
    expect(gradeDistribution([], 10).map((b) => b.range)).toEqual([
      '0% to under 10%',
      '10% to under 20%',
      '20% to under 30%',
      '30% to under 40%',
      '40% to under 50%',
      '50% to under 60%',
      '60% to under 70%',
      '70% to under 80%',
      '80% to under 90%',
      '90% to 100%',
    ]);
  });

  it('adds a bin above full marks only when extra credit put someone there, and keeps negative scores in the lowest', () => {
    const bins = gradeDistribution([-2, 12, 15, 5], 10);
    expect(bins.at(-1)).toEqual({ range: 'Above 100%', students: 2 });
    expect(bins[0]).toEqual({ range: '0% to under 10%', students: 1 });
    expect(bins).toHaveLength(11);
  });

  it('counts each score as its own bin when there are no points possible', () => {
    expect(gradeDistribution([2, 0, 2, 1], 0)).toEqual([
      { range: '0 points', students: 1 },
      { range: '1 point', students: 1 },
      { range: '2 points', students: 2 },
    ]);
    expect(gradeDistribution([], null)).toEqual([]);
  });
});
