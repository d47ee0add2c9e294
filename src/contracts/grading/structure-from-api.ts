import type { GradingStructure } from './course-totals.ts';

/** The fields of an assignment in Canvas's JSON that decide whether and how it counts towards totals. */
export interface CountedAssignmentJson {
  id: number;
  points_possible: number | null;
  published: boolean;
  grading_type: string;
  muted?: boolean;
  omit_from_final_grade?: boolean;
}

/** Canvas's AssignmentGroup JSON with `include[]=assignments`, as far as totals read it; a rule is present only when set. */
export interface TotalsGroupJson {
  id: number;
  group_weight: number;
  rules?: { drop_lowest?: number; drop_highest?: number; never_drop?: number[] };
  assignments: readonly CountedAssignmentJson[];
}

/**
 * The grading structure a screen rebuilds from what the API lists (the course's weighting switch and its groups
 * with their assignments), so it can run the server's totals arithmetic on its own data: the work that counts is
 * what the server counts (published, graded, not omitted from the final grade).
 */
export function structureFromApi(weighted: boolean, groups: readonly TotalsGroupJson[]): GradingStructure {
  return {
    weighted,
    groups: groups.map((g) => ({
      id: g.id,
      weight: g.group_weight,
      rules: { drop_lowest: g.rules?.drop_lowest ?? 0, drop_highest: g.rules?.drop_highest ?? 0, never_drop: g.rules?.never_drop ?? [] },
    })),
    assignments: groups.flatMap((g) =>
      g.assignments
        .filter((a) => a.published && a.grading_type !== 'not_graded' && !a.omit_from_final_grade)
        .map((a) => ({ id: a.id, group_id: g.id, points_possible: a.points_possible, muted: a.muted ?? false })),
    ),
  };
}
