/**
 * Letter grading schemes (docs/canvas-compatibility.md §8.3): a list of letters with the lowest percentage that earns each, highest
 * first. Outpost has no grading-standards API yet, so every letter_grade and gpa_scale assignment uses Canvas's
 * default scheme; the functions take the scheme so a course's own can be passed in later.
 */

export interface SchemeEntry {
  readonly name: string;
  /** Lowest percentage (0..100) that earns the letter. */
  readonly cutoff: number;
}

export type GradingScheme = readonly SchemeEntry[];

export const DEFAULT_GRADING_SCHEME: GradingScheme = [
  { name: 'A', cutoff: 94 },
  { name: 'A-', cutoff: 90 },
  { name: 'B+', cutoff: 87 },
  { name: 'B', cutoff: 84 },
  { name: 'B-', cutoff: 80 },
  { name: 'C+', cutoff: 77 },
  { name: 'C', cutoff: 74 },
  { name: 'C-', cutoff: 70 },
  { name: 'D+', cutoff: 67 },
  { name: 'D', cutoff: 64 },
  { name: 'D-', cutoff: 61 },
  { name: 'F', cutoff: 0 },
];

/** The letter of the highest cutoff at or below the percentage; a negative percentage counts as 0. */
export function letterForPercent(percent: number, scheme: GradingScheme = DEFAULT_GRADING_SCHEME): string {
  const p = Math.max(0, percent);
  const sorted = [...scheme].sort((a, b) => b.cutoff - a.cutoff);
  // Rounding noise (83.99999 for 84%) must not drop a student a letter.
  const entry = sorted.find((e) => p + 1e-9 >= e.cutoff) ?? sorted[sorted.length - 1];
  return entry?.name ?? '';
}

/**
 * A course's letter for a total: its grading standard's, when it has one (`grading_standard_id` not null). Outpost
 * stores no custom standards yet, so any standard is Canvas's default scheme; without one there is no letter.
 */
export function letterForCourse(gradingStandardId: number | null | undefined, score: number | null): string | null {
  if (gradingStandardId === null || gradingStandardId === undefined || score === null) return null;
  return letterForPercent(score, DEFAULT_GRADING_SCHEME);
}

/**
 * The percentage a letter stands for, case-insensitively; undefined for an unknown letter. The top letter is 100%;
 * any other is just below the next-higher cutoff (− 1, or − 0.1 when cutoffs are under 1 apart), Canvas's
 * `grade_to_score`, so the letter maps back to itself.
 */
export function percentForLetter(letter: string, scheme: GradingScheme = DEFAULT_GRADING_SCHEME): number | undefined {
  const sorted = [...scheme].sort((a, b) => b.cutoff - a.cutoff);
  const wanted = letter.trim().toLowerCase();
  const index = sorted.findIndex((e) => e.name.toLowerCase() === wanted);
  if (index < 0) return undefined;
  if (index === 0) return 100;
  const higher = sorted[index - 1]!.cutoff;
  const gap = higher - sorted[index]!.cutoff;
  return higher - (gap < 1 ? 0.1 : 1);
}
