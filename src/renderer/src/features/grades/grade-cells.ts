import { defineMessages } from '@formatjs/intl';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';
import { formatPercent } from '../../lib/format.ts';

/** Canvas's marks beside a grade; the gradebook and the grader show the same words. */
export const MARKERS: Messages<'excused' | 'late' | 'missing'> = defineMessages({
  excused: { id: 'grades.marker.excused', defaultMessage: 'Excused' },
  late: { id: 'grades.marker.late', defaultMessage: 'Late' },
  missing: { id: 'grades.marker.missing', defaultMessage: 'Missing' },
});

const words: Messages<'notPosted' | 'noScore' | 'outOf' | 'withGrade' | 'percentWithGrade'> = defineMessages({
  notPosted: { id: 'grades.score.notPosted', defaultMessage: 'Not posted yet' },
  noScore: { id: 'grades.score.none', defaultMessage: '– / {possible, number}', description: 'No score yet, out of {possible} points.' },
  outOf: { id: 'grades.score.outOf', defaultMessage: '{score, number} / {possible, number}', description: 'A score out of the points possible.' },
  withGrade: { id: 'grades.score.withGrade', defaultMessage: '{score} ({grade})', description: '{grade}: the letter or other grade the score makes, e.g. “9 / 10 (A-)”.' },
  percentWithGrade: { id: 'grades.percentWithGrade', defaultMessage: '{percent} ({grade})', description: 'A total: “86% (B)”.' },
});

/** The score cell of one assignment as released: the server has already withheld what is not posted. */
export function scoreText(assignment: Assignment, submission: Submission | undefined): string {
  const intl = currentIntl();
  if (submission?.excused) return intl.formatMessage(MARKERS.excused);
  if (assignment.muted) return intl.formatMessage(words.notPosted);
  const score = submission?.score ?? null;
  const possible = assignment.points_possible;
  if (score === null) return possible === null ? '–' : intl.formatMessage(words.noScore, { possible });
  const points = possible === null ? intl.formatNumber(score) : intl.formatMessage(words.outOf, { score, possible });
  const grade = submission?.grade;
  return grade !== null && grade !== undefined && grade !== String(score) ? intl.formatMessage(words.withGrade, { score: points, grade }) : points;
}

/** Late, missing and excused, as Canvas marks them beside a score. */
export function markers(submission: Submission | undefined): string[] {
  if (!submission) return [];
  const intl = currentIntl();
  if (submission.excused) return [intl.formatMessage(MARKERS.excused)];
  return [submission.late && MARKERS.late, submission.missing && MARKERS.missing].flatMap((m) => (m ? [intl.formatMessage(m)] : []));
}

/** A total's percentage, with its letter grade when the course has a grading scheme. */
export function percentWithGrade(score: number | null | undefined, grade: string | null | undefined): string {
  const percent = formatPercent(score);
  return grade ? currentIntl().formatMessage(words.percentWithGrade, { percent, grade }) : percent;
}
