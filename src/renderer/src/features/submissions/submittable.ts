import { defineMessages } from '@formatjs/intl';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';

/** The kinds of work a student can hand in on the assignment screen, in the order the form offers them. */
export const SUBMITTABLE = ['online_text_entry', 'online_url', 'online_upload', 'media_recording'] as const;
export type SubmittableType = (typeof SUBMITTABLE)[number];

/** The kinds the student can make here: a recording only where the browser can record (`canRecordMedia`). */
export function submittableTypes(assignment: Assignment, canRecord: boolean): SubmittableType[] {
  return SUBMITTABLE.filter((t) => assignment.submission_types.includes(t) && (t !== 'media_recording' || canRecord));
}

const refusals: Messages<'locked' | 'cannotRecord' | 'nothingOnline' | 'attemptsUsed'> = defineMessages({
  locked: { id: 'submissions.refused.locked', defaultMessage: 'You cannot submit while this assignment is locked.' },
  cannotRecord: {
    id: 'submissions.refused.cannotRecord',
    defaultMessage: 'This assignment takes a media recording, and this browser cannot record one. Open Outpost on a device with a microphone.',
  },
  nothingOnline: { id: 'submissions.refused.nothingOnline', defaultMessage: 'There is nothing to submit online for this assignment.' },
  attemptsUsed: {
    id: 'submissions.refused.attemptsUsed',
    defaultMessage: '{limit, plural, =1 {You have used the one attempt this assignment allows.} other {You have used all # attempts this assignment allows.}}',
  },
});

/** Why the student cannot hand in another attempt now, in words (the current language's); undefined when they can. */
export function whyNoSubmitting(assignment: Assignment, submission: Submission, canRecord: boolean): string | undefined {
  const intl = currentIntl();
  if (assignment.locked_for_user) return intl.formatMessage(refusals.locked);
  if (submittableTypes(assignment, canRecord).length === 0) {
    return intl.formatMessage(assignment.submission_types.includes('media_recording') ? refusals.cannotRecord : refusals.nothingOnline);
  }
  const limit = assignment.allowed_attempts ?? -1;
  if (limit > 0 && (submission.attempt ?? 0) >= limit) return intl.formatMessage(refusals.attemptsUsed, { limit });
  return undefined;
}
