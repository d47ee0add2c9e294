/**
 * A student's course totals, as Canvas computes them (docs/canvas-compatibility.md §18): pure arithmetic over the
 * course's grading structure and one student's scores, so it can run inside the write that changes a grade. It lives
 * in contracts/ because the renderer runs the very same arithmetic: the gradebook's group columns and a student's
 * what-if scores (decision 0072), so the screens can never disagree with the server.
 *
 * - *current* ignores ungraded work; *final* counts it as zero; excused work counts in neither.
 * - The *posted* view is the student's: a grade on a muted (unposted) assignment counts as ungraded there, and
 *   such an assignment is never dropped (dropping it would reveal how it compares). The *unposted* view is the
 *   teacher's: every grade counts.
 * - Each group drops the work whose removal leaves the best group score (drop_lowest) and then the work whose
 *   removal leaves the worst (drop_highest), never touching `never_drop`.
 * - Weighted courses average the groups' percentages by weight over the groups that have points possible,
 *   scaled up when those weights add up to less than 100.
 */

export interface GroupRules {
  readonly drop_lowest: number;
  readonly drop_highest: number;
  readonly never_drop: readonly number[];
}

export interface TotalsGroup {
  readonly id: number;
  readonly weight: number;
  readonly rules: GroupRules;
}

/** An assignment that counts towards totals (published, graded, not omitted from the final grade). */
export interface TotalsAssignment {
  readonly id: number;
  readonly group_id: number;
  /** Null counts as 0: work worth nothing that can still earn extra credit. */
  readonly points_possible: number | null;
  /** Its grades are not posted: hidden from the student's own totals. */
  readonly muted: boolean;
}

export interface GradingStructure {
  readonly weighted: boolean;
  readonly groups: readonly TotalsGroup[];
  readonly assignments: readonly TotalsAssignment[];
}

export interface StudentScore {
  readonly assignment_id: number;
  readonly score: number | null;
  readonly excused: boolean;
}

export interface CourseScores {
  readonly current_score: number | null;
  readonly final_score: number | null;
  readonly unposted_current_score: number | null;
  readonly unposted_final_score: number | null;
}

/** One piece of work as a group sees it: what it earned of what it was worth. */
export interface GradedItem {
  readonly assignment_id: number;
  readonly score: number;
  readonly possible: number;
}

interface GroupSum {
  readonly score: number;
  readonly possible: number;
  readonly weight: number;
}

/** Both views' current and final scores, percentages rounded to 2 places as Canvas stores them. */
export function courseScores(structure: GradingStructure, scores: readonly StudentScore[]): CourseScores {
  const byAssignment = new Map(scores.map((s) => [s.assignment_id, s]));
  const total = (posted: boolean, ungradedAsZero: boolean) => {
    const sums = structure.groups.map((group) => groupSum(group, structure.assignments, byAssignment, posted, ungradedAsZero));
    return structure.weighted ? weightedPercent(sums) : plainPercent(sums);
  };
  return {
    current_score: total(true, false),
    final_score: total(true, true),
    unposted_current_score: total(false, false),
    unposted_final_score: total(false, true),
  };
}

/** Whose view of the grades: the student's (`posted`: unposted grades count as ungraded) or the teacher's (every grade). */
export type TotalsView = 'posted' | 'unposted';

/** A group's current and final percentages for the student, in one view. */
export interface GroupScores {
  readonly id: number;
  readonly current_score: number | null;
  readonly final_score: number | null;
}

/**
 * Each group's current and final percentage (after its drop rules) in the given view; null where it has no points
 * possible. The student's grades page shows the posted view, the teacher's gradebook the unposted one.
 */
export function groupScores(structure: GradingStructure, scores: readonly StudentScore[], view: TotalsView): GroupScores[] {
  const byAssignment = new Map(scores.map((s) => [s.assignment_id, s]));
  const percent = (group: TotalsGroup, ungradedAsZero: boolean) => {
    const s = groupSum(group, structure.assignments, byAssignment, view === 'posted', ungradedAsZero);
    return s.possible > 0 ? round2((s.score / s.possible) * 100) : null;
  };
  return structure.groups.map((group) => ({ id: group.id, current_score: percent(group, false), final_score: percent(group, true) }));
}

function groupSum(
  group: TotalsGroup,
  assignments: readonly TotalsAssignment[],
  scores: ReadonlyMap<number, StudentScore>,
  posted: boolean,
  ungradedAsZero: boolean,
): GroupSum {
  const droppable: GradedItem[] = [];
  const fixed: GradedItem[] = [];
  for (const a of assignments) {
    if (a.group_id !== group.id) continue;
    const s = scores.get(a.id);
    if (s?.excused) continue;
    const hidden = posted && a.muted;
    const score = hidden ? null : (s?.score ?? null);
    if (score === null && !ungradedAsZero) continue;
    const item = { assignment_id: a.id, score: score ?? 0, possible: a.points_possible ?? 0 };
    (hidden || group.rules.never_drop.includes(a.id) ? fixed : droppable).push(item);
  }
  const kept = [...fixed, ...keptAfterDrops(droppable, fixed, group.rules)];
  return { score: sum(kept, 'score'), possible: sum(kept, 'possible'), weight: group.weight };
}

/**
 * The items a group keeps after its drop rules. Canvas's fudging applies: at least one item stays, and
 * drop_highest is ignored when both rules together would drop everything.
 */
export function keptAfterDrops(items: readonly GradedItem[], fixed: readonly GradedItem[], rules: GroupRules): GradedItem[] {
  const count = items.length;
  if (count === 0) return [];
  const dropLowest = Math.min(rules.drop_lowest, count - 1);
  const dropHighest = dropLowest + rules.drop_highest >= count ? 0 : rules.drop_highest;
  // Ties go to the lower assignment id, so the same scores always drop the same work.
  const ordered = [...items].sort((a, b) => a.assignment_id - b.assignment_id);
  if (ordered.every((i) => i.possible === 0)) {
    // Without points possible there is no percentage to optimise: drop by score alone.
    const byScore = ordered.sort((a, b) => b.score - a.score);
    return byScore.slice(dropHighest, count - dropLowest);
  }
  const afterLowest = bestSubset(ordered, fixed, count - dropLowest, 1);
  return bestSubset(afterLowest, fixed, afterLowest.length - dropHighest, -1);
}

/**
 * The `keep` items which, with the fixed ones, give the highest (direction 1) or lowest (-1) score/possible ratio.
 * Dinkelbach's method: for a ratio q, the items with the largest direction×(score − q×possible) form a set whose
 * ratio is at least as good as q; repeating from that set's ratio reaches the optimum in a few rounds.
 */
function bestSubset(items: readonly GradedItem[], fixed: readonly GradedItem[], keep: number, direction: 1 | -1): GradedItem[] {
  if (keep >= items.length) return [...items];
  const pick = (value: (i: GradedItem) => number) =>
    items
      .map((item, index) => ({ item, index, value: direction * value(item) }))
      .sort((a, b) => b.value - a.value || a.index - b.index)
      .slice(0, keep)
      .map((e) => e.item);
  let chosen = pick((i) => i.score);
  let q = ratio([...chosen, ...fixed]);
  // Each round strictly improves the ratio of a finite number of subsets, so this ends; the bound is a safeguard.
  for (let round = 0; round < items.length * items.length + 2 && Number.isFinite(q); round++) {
    const next = pick((i) => i.score - q * i.possible);
    const nextQ = ratio([...next, ...fixed]);
    if (!(direction * (nextQ - q) > 1e-12)) break;
    chosen = next;
    q = nextQ;
  }
  return chosen;
}

function ratio(items: readonly GradedItem[]): number {
  const possible = sum(items, 'possible');
  const score = sum(items, 'score');
  if (possible === 0) return score > 0 ? Infinity : score < 0 ? -Infinity : 0;
  return score / possible;
}

function plainPercent(sums: readonly GroupSum[]): number | null {
  const possible = sum(sums, 'possible');
  return possible > 0 ? round2((sum(sums, 'score') / possible) * 100) : null;
}

function weightedPercent(sums: readonly GroupSum[]): number | null {
  const counted = sums.filter((s) => s.possible > 0);
  const fullWeight = sum(counted, 'weight');
  if (fullWeight === 0) return null;
  const weighted = counted.reduce((acc, s) => acc + (s.score / s.possible) * s.weight, 0);
  return round2(fullWeight < 100 ? (weighted * 100) / fullWeight : weighted);
}

function sum<K extends string>(rows: ReadonlyArray<Record<K, number>>, key: K): number {
  return rows.reduce((acc, row) => acc + row[key], 0);
}

/** Half away from zero at 2 places, as Ruby's `round(2)`; the epsilon keeps 83.335 from reading as 83.33499…. */
export function round2(value: number): number {
  return Math.sign(value) * (Math.round((Math.abs(value) + 1e-9) * 100) / 100);
}
