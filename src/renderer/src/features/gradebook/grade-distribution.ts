import { defineMessages } from '@formatjs/intl';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';

/** One bar of an assignment's grade distribution: a score range and how many students' scores fall in it. */
export interface DistributionBin {
  range: string;
  students: number;
}

const BINS = 10;

const words: Messages<'points' | 'range' | 'topRange' | 'above'> = defineMessages({
  points: { id: 'gradebook.distribution.points', defaultMessage: '{score, plural, one {# point} other {# points}}', description: 'A score range without points possible: one score.' },
  range: { id: 'gradebook.distribution.bin', defaultMessage: '{from} to under {to}', description: 'Percentages: “10% to under 20%”.' },
  topRange: { id: 'gradebook.distribution.topBin', defaultMessage: '{from} to {to}', description: 'The top range, full marks included: “90% to 100%”.' },
  above: { id: 'gradebook.distribution.above', defaultMessage: 'Above {full}', description: 'Scores over full marks (extra credit): “Above 100%”.' },
});

/**
 * The graded scores of one assignment in bins. With points possible, ten bins of a tenth of them each (the top one
 * closed, so full marks count in it) and a bin above full marks when extra credit put anyone there; without points
 * possible there is no scale to divide, so each score that occurs is its own bin.
 */
export function gradeDistribution(scores: readonly number[], pointsPossible: number | null): DistributionBin[] {
  const intl = currentIntl();
  if (pointsPossible === null || pointsPossible <= 0) {
    const counts = new Map<number, number>();
    for (const score of scores) counts.set(score, (counts.get(score) ?? 0) + 1);
    return [...counts.entries()].sort(([a], [b]) => a - b).map(([score, students]) => ({ range: intl.formatMessage(words.points, { score }), students }));
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
    range: intl.formatMessage(i === BINS - 1 ? words.topRange : words.range, { from: percent(i), to: percent(i + 1) }),
    students,
  }));
  return above > 0 ? [...bins, { range: intl.formatMessage(words.above, { full: percent(BINS) }), students: above }] : bins;
}

/** The lower edge of a bin, e.g. “30%”, in the current language's way of writing a percentage. */
const percent = (bin: number) => currentIntl().formatNumber(bin / BINS, { style: 'percent' });
