import { defineMessages } from '@formatjs/intl';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';

const HINTS: Messages<'points' | 'percent' | 'letter_grade' | 'gpa_scale' | 'pass_fail' | 'other'> = defineMessages({
  points: { id: 'grader.hint.points', defaultMessage: 'Points out of {points, number}, or a percentage such as 85%.' },
  percent: { id: 'grader.hint.percent', defaultMessage: 'A percentage such as 85%, or points.' },
  letter_grade: { id: 'grader.hint.letter', defaultMessage: 'A letter grade such as B+, or a percentage.' },
  gpa_scale: { id: 'grader.hint.gpa', defaultMessage: 'A grade point such as 3.7, or a letter such as B+.' },
  pass_fail: {
    id: 'grader.hint.passFail',
    defaultMessage: 'complete or incomplete.',
    description: 'The server takes these two English words (or their Canvas equivalents) as the grade: keep them as they are.',
  },
  other: { id: 'grader.hint.other', defaultMessage: 'Leave empty to remove the grade.' },
});

/** What the `Grade` box takes for the assignment's grading type, in the words the server accepts. */
export function gradeHint(assignment: Pick<Assignment, 'grading_type' | 'points_possible'>): string {
  const type = assignment.grading_type;
  const hint = type === 'points' || type === 'percent' || type === 'letter_grade' || type === 'gpa_scale' || type === 'pass_fail' ? HINTS[type] : HINTS.other;
  return currentIntl().formatMessage(hint, { points: assignment.points_possible ?? 0 });
}
