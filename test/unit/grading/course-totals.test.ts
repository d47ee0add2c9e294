import { describe, expect, it } from 'vitest';
import {
  courseScores,
  groupScores,
  keptAfterDrops,
  round2,
  type GradingStructure,
  type GroupRules,
  type StudentScore,
  type TotalsAssignment,
} from '../../../src/contracts/grading/course-totals.ts';

const NO_RULES: GroupRules = { drop_lowest: 0, drop_highest: 0, never_drop: [] };
const work = (id: number, group_id: number, points_possible: number | null, muted = false): TotalsAssignment => ({
  id,
  group_id,
  points_possible,
  muted,
});
const graded = (assignment_id: number, score: number | null, excused = false): StudentScore => ({ assignment_id, score, excused });
const oneGroup = (assignments: TotalsAssignment[], rules: GroupRules = NO_RULES): GradingStructure => ({
  weighted: false,
  groups: [{ id: 1, weight: 0, rules }],
  assignments,
});

// One group of three: 10 points (scored 2), 100 points (50) and 20 points (15).
const trio = [work(1, 1, 10), work(2, 1, 100), work(3, 1, 20)];
const trioScores = [graded(1, 2), graded(2, 50), graded(3, 15)];

describe('unweighted totals', () => {
  const structure = oneGroup([work(1, 1, 10), work(2, 1, 20), work(3, 1, 10)]);

  it('current ignores ungraded work, final counts it as zero', () => {
    // current 23/30, final 23/40
    expect(courseScores(structure, [graded(1, 8), graded(2, 15)])).toMatchObject({ current_score: 76.67, final_score: 57.5 });
  });

  it('excused work counts in neither', () => {
    expect(courseScores(structure, [graded(1, 8), graded(2, 15), graded(3, null, true)])).toMatchObject({ current_score: 76.67, final_score: 76.67 });
  });

  it('nothing graded: no current score, a final score of zero', () => {
    expect(courseScores(structure, [])).toMatchObject({ current_score: null, final_score: 0 });
  });

  it('a course without counted work has no scores at all', () => {
    expect(courseScores(oneGroup([]), [])).toEqual({ current_score: null, final_score: null, unposted_current_score: null, unposted_final_score: null });
  });

  it('points across groups simply add up', () => {
    const two: GradingStructure = {
      weighted: false,
      groups: [{ id: 1, weight: 90, rules: NO_RULES }, { id: 2, weight: 10, rules: NO_RULES }],
      assignments: [work(1, 1, 10), work(2, 2, 30)],
    };
    // (5 + 30) / 40; weights are ignored until the course applies them
    expect(courseScores(two, [graded(1, 5), graded(2, 30)]).current_score).toBe(87.5);
  });
});

describe('weighted totals', () => {
  const structure: GradingStructure = {
    weighted: true,
    groups: [{ id: 1, weight: 40, rules: NO_RULES }, { id: 2, weight: 60, rules: NO_RULES }],
    assignments: [work(1, 1, 10), work(2, 2, 100), work(3, 2, 50)],
  };

  it('averages group percentages by weight', () => {
    // current: 0.9×40 + 0.7×60 = 78; final: 0.9×40 + (70/150)×60 = 36 + 28 = 64
    expect(courseScores(structure, [graded(1, 9), graded(2, 70)])).toMatchObject({ current_score: 78, final_score: 64 });
  });

  it('renormalises the weights over groups with points when computing current', () => {
    // current: only group 1 has graded work: 0.9×40 scaled by 100/40 = 90; final: 36 + 0×60 = 36
    expect(courseScores(structure, [graded(1, 9)])).toMatchObject({ current_score: 90, final_score: 36 });
  });

  it('does not scale weights that add up to more than 100', () => {
    const heavy = { ...structure, groups: [{ id: 1, weight: 100, rules: NO_RULES }, { id: 2, weight: 50, rules: NO_RULES }] };
    // 0.9×100 + 0.7×50 = 125
    expect(courseScores(heavy, [graded(1, 9), graded(2, 70)]).current_score).toBe(125);
  });

  it('groups weighted zero leave no score', () => {
    const zero = { ...structure, groups: [{ id: 1, weight: 0, rules: NO_RULES }, { id: 2, weight: 0, rules: NO_RULES }] };
    expect(courseScores(zero, [graded(1, 9)]).current_score).toBeNull();
  });
});

describe('drop rules', () => {
  it('drop_lowest drops the work whose removal leaves the best score, not the lowest percentage', () => {
    // drop #1 → 65/120 = 54.17%; drop #2 → 17/30 = 56.67%; drop #3 → 52/110 = 47.27%
    expect(courseScores(oneGroup(trio, { ...NO_RULES, drop_lowest: 1 }), trioScores).current_score).toBe(56.67);
  });

  it('never_drop keeps its work', () => {
    expect(courseScores(oneGroup(trio, { drop_lowest: 1, drop_highest: 0, never_drop: [2] }), trioScores).current_score).toBe(54.17);
  });

  it('drop_highest drops the work whose removal leaves the worst score', () => {
    expect(courseScores(oneGroup(trio, { ...NO_RULES, drop_highest: 1 }), trioScores).current_score).toBe(47.27);
  });

  it('drops lowest first, then highest from what is left', () => {
    const four = [...trio, work(4, 1, 10)];
    // drop_lowest 1 of four (adds 10/10): best is dropping #2 → 27/40; then drop_highest 1 of #1, #3, #4:
    // drop #4 → 17/30 = 56.67%, drop #3 → 12/20 = 60%, drop #1 → 25/30 = 83.33% → the worst, 56.67
    const scores = [...trioScores, graded(4, 10)];
    expect(courseScores(oneGroup(four, { drop_lowest: 1, drop_highest: 1, never_drop: [] }), scores).current_score).toBe(56.67);
  });

  it('always keeps one item, and ignores drop_highest when both rules would drop everything', () => {
    const items = [{ assignment_id: 1, score: 2, possible: 10 }, { assignment_id: 2, score: 9, possible: 10 }];
    expect(keptAfterDrops(items, [], { drop_lowest: 5, drop_highest: 0, never_drop: [] }).map((i) => i.assignment_id)).toEqual([2]);
    expect(keptAfterDrops(items, [], { drop_lowest: 1, drop_highest: 1, never_drop: [] }).map((i) => i.assignment_id)).toEqual([2]);
  });

  it('work without points possible is dropped by score', () => {
    const structure: GradingStructure = {
      weighted: false,
      groups: [{ id: 1, weight: 0, rules: NO_RULES }, { id: 2, weight: 0, rules: { ...NO_RULES, drop_lowest: 1 } }],
      assignments: [work(1, 1, 10), work(2, 2, 0), work(3, 2, null)],
    };
    // extra credit group keeps 5 (drops 2): (8 + 5) / 10
    expect(courseScores(structure, [graded(1, 8), graded(2, 5), graded(3, 2)]).current_score).toBe(130);
  });

  it('finds the best set among many items', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ assignment_id: i + 1, score: (i * 7) % 11, possible: 5 + ((i * 5) % 9) }));
    const kept = keptAfterDrops(items, [], { drop_lowest: 4, drop_highest: 0, never_drop: [] });
    const ratioOf = (set: typeof items) => set.reduce((a, i) => a + i.score, 0) / set.reduce((a, i) => a + i.possible, 0);
    let best = 0;
    for (let mask = 0; mask < 1 << 12; mask++) {
      const set = items.filter((_, i) => mask & (1 << i));
      if (set.length === 8) best = Math.max(best, ratioOf(set));
    }
    expect(ratioOf(kept)).toBeCloseTo(best, 10);
  });
});

describe('muted (unposted) grades', () => {
  const muted = [work(1, 1, 10), work(2, 1, 100, true), work(3, 1, 20)];

  it('count as ungraded in the posted view and fully in the unposted one', () => {
    expect(courseScores(oneGroup(muted), trioScores)).toEqual({
      current_score: 56.67, // 17/30
      final_score: 13.08, // 17/130
      unposted_current_score: 51.54, // 67/130
      unposted_final_score: 51.54,
    });
  });

  it('are never dropped in the posted view', () => {
    const scores = courseScores(oneGroup(muted, { ...NO_RULES, drop_lowest: 1 }), trioScores);
    // posted current: #2 is hidden, drop #1 of #1, #3 → 15/20; posted final: #2 is 0/100 and kept → drop #1 → 15/120
    expect(scores).toMatchObject({ current_score: 75, final_score: 12.5, unposted_current_score: 56.67 });
  });
});

describe('group scores', () => {
  const structure: GradingStructure = {
    weighted: true,
    groups: [
      { id: 1, weight: 40, rules: { ...NO_RULES, drop_lowest: 1 } },
      { id: 2, weight: 60, rules: NO_RULES },
      { id: 3, weight: 0, rules: NO_RULES },
    ],
    assignments: [work(1, 1, 10), work(2, 1, 100), work(3, 1, 20), work(4, 2, 50), work(5, 2, 50, true)],
  };
  const scores = [...trioScores, graded(4, 30), graded(5, 50)];

  it('each group’s posted current and final percentage after its drop rules; null without points possible', () => {
    // Group 1 drops #2 (50/100), which leaves the best score: 17/30. Group 2: #5 is muted, so current 30/50, final 30/100.
    expect(groupScores(structure, scores, 'posted')).toEqual([
      { id: 1, current_score: 56.67, final_score: 56.67 },
      { id: 2, current_score: 60, final_score: 30 },
      { id: 3, current_score: null, final_score: null },
    ]);
  });

  it('the teacher’s unposted view counts the muted grade', () => {
    // Group 2: (30 + 50) / 100 in both views of the teacher.
    expect(groupScores(structure, scores, 'unposted')).toEqual([
      { id: 1, current_score: 56.67, final_score: 56.67 },
      { id: 2, current_score: 80, final_score: 80 },
      { id: 3, current_score: null, final_score: null },
    ]);
  });
});

describe('round2', () => {
  it('rounds half away from zero at two places', () => {
    expect(round2(83.335)).toBe(83.34);
    expect(round2((2 / 3) * 100)).toBe(66.67);
    expect(round2(-1.005)).toBe(-1.01);
  });
});
