import { defineMessages } from '@formatjs/intl';
import type { SubmissionAttempt } from '../../../../contracts/grading-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';
import { formatDateTime } from '../../lib/format.ts';

const words: Messages<'offline' | 'submitted' | 'unknown'> = defineMessages({
  offline: { id: 'grader.attempt.offline', defaultMessage: 'Attempt {attempt, number}, submitted offline at {submitted}, received {received}' },
  submitted: { id: 'grader.attempt.submitted', defaultMessage: 'Attempt {attempt, number}, submitted {submitted}' },
  unknown: { id: 'grader.attempt.unknownTime', defaultMessage: 'Attempt {attempt, number}, submitted at an unknown time' },
});

/**
 * When an attempt was handed in, as the grader reads it. An attempt made offline that reached the hub later shows
 * both times (decision 0062): the teacher judges lateness by the first and can see how long it travelled.
 */
export function attemptTimes(attempt: Pick<SubmissionAttempt, 'attempt' | 'submitted_at' | 'received_at'>): string {
  const submitted = formatDateTime(attempt.submitted_at);
  const received = formatDateTime(attempt.received_at);
  const intl = currentIntl();
  const values = { attempt: attempt.attempt, submitted, received };
  if (submitted && received) return intl.formatMessage(words.offline, values);
  return intl.formatMessage(submitted ? words.submitted : words.unknown, values);
}
