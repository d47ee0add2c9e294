/** One bar of an assignment's grade distribution: a score range and how many students' scores fall in it. */
export interface DistributionBin {
  range: string;
  students: number;
}

const BINS = 10;

/**
 * The graded scores of one assignment in bins. With points possible, ten bins of a tenth of them each (the top one
 * closed, so full marks count in it) and a bin above full marks when extra credit put anyone there; without points
 * possible there is no scale to divide, so each score that occurs is its own bin.
 */
export function gradeDistribution(scores: readonly number[], pointsPossible: number | null): DistributionBin[] {
  if (pointsPossible === null || pointsPossible <= 0) {
    const counts = new Map<number, number>();
    for (const score of scores) counts.set(score, (counts.get(score) ?? 0) + 1);
    return [...counts.entries()].sort(([a], [b]) => a - b).map(([score, students]) => ({ range: `${score} ${score === 1 ? 'point' : 'points'}`, students }));
  }
  const counts = new Array<number>(BINS).fill(0);
  let above = 0;
  for (const score of scores) {
    if (score > pointsPossible) above++;
    // Multiplied before dividing, so 3 of 10 is bin 3 exactly (0.3 * 10 is not 3 in floating point).
    // A negative score (a late deduction past zero) is still the lowest bin.
    else counts[Math.max(0, Math.min(BINS - 1, Math.floor((score * BINS) / pointsPossible)))]!++;
  }
  const bins = counts.map((students, i) => ({
    range: i === BINS - 1 ? `${percent(i)} to 100%` : `${percent(i)} to under ${percent(i + 1)}`,
    students,
  }));
  return above > 0 ? [...bins, { range: 'Above 100%', students: above }] : bins;
}

const percent = (bin: number) => `${(bin * 100) / BINS}%`;
