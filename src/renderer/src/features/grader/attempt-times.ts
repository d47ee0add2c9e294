import type { SubmissionAttempt } from '../../../../contracts/grading-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * When an attempt was handed in, as the grader reads it. An attempt made offline that reached the hub later shows
 * both times (decision 0062): the teacher judges lateness by the first and can see how long it travelled.
 */
export function attemptTimes(attempt: Pick<SubmissionAttempt, 'attempt' | 'submitted_at' | 'received_at'>): string {
  const submitted = formatDateTime(attempt.submitted_at);
  const received = formatDateTime(attempt.received_at);
  if (submitted && received) return `Attempt ${attempt.attempt}, submitted offline at ${submitted}, received ${received}`;
  return `Attempt ${attempt.attempt}, submitted ${submitted ?? 'at an unknown time'}`;
}
