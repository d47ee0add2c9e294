import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';

/** The score cell of one assignment as released: the server has already withheld what is not posted. */
export function scoreText(assignment: Assignment, submission: Submission | undefined): string {
  if (submission?.excused) return 'Excused';
  if (assignment.muted) return 'Not posted yet';
  const score = submission?.score ?? null;
  const possible = assignment.points_possible;
  if (score === null) return possible === null ? '–' : `– / ${possible}`;
  const shown = submission?.grade !== null && submission?.grade !== undefined && submission.grade !== String(score) ? ` (${submission.grade})` : '';
  return possible === null ? `${score}${shown}` : `${score} / ${possible}${shown}`;
}

/** Late, missing and excused, as Canvas marks them beside a score. */
export function markers(submission: Submission | undefined): string[] {
  if (!submission) return [];
  if (submission.excused) return ['Excused'];
  return [submission.late && 'Late', submission.missing && 'Missing'].filter((m): m is string => typeof m === 'string');
}
