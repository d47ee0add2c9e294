import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AttemptContent } from '../grader/SubmissionView.tsx';
import { useSyncStatusStore } from '../../stores/sync-status-store.ts';
import { waitingToSync } from '../../lib/waiting-to-sync.ts';

/** The state's first words stand out (`<b>` in the messages). */
export const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * Where the student's work stands: not yet submitted, waiting to reach the hub, or submitted (with when the hub
 * received it, for work made offline); then what they sent.
 */
export function SubmissionStatus({ submission: s }: { submission: Submission }) {
  const syncStatus = useSyncStatusStore((state) => state.status);
  if (s.attempt === null || s.submitted_at === null) {
    return (
      <p role="status" className="submission-state">
        <FormattedMessage id="submissions.status.none" defaultMessage="Not submitted yet." />
      </p>
    );
  }
  const when = formatDateTime(s.submitted_at) ?? '';
  const waiting = waitingToSync(s.submitted_at, syncStatus);
  const received = formatDateTime(s.received_at);
  return (
    <>
      <p role="status" className={`submission-state ${waiting ? 'submission-waiting' : 'submission-done'}`}>
        {waiting ? (
          <FormattedMessage
            id="submissions.status.waiting"
            defaultMessage="<b>Waiting to sync</b> · attempt {attempt}, saved on this device {when}. It reaches your teacher when this device next syncs with the hub."
            values={{ attempt: s.attempt, when, b: strong }}
            description="{when}: a date and time."
          />
        ) : (
          <FormattedMessage
            id="submissions.status.submitted"
            defaultMessage="<b>Submitted</b> {when}{received, select, none {} other { (received {received})}} · attempt {attempt}{late, select, yes { · late} other {}}"
            values={{ when, received: received ?? 'none', attempt: s.attempt, late: s.late ? 'yes' : 'no', b: strong }}
            description="{when} and {received}: dates and times; “received” is when the hub got work made offline."
          />
        )}
      </p>
      <AttemptContent attempt={s} />
    </>
  );
}

/** Every attempt, oldest first, when there has been more than one. */
export function AttemptHistory({ submission }: { submission: Submission }) {
  const intl = useIntl();
  const attempts = (submission.submission_history ?? []).filter((a) => a.attempt !== null);
  if (attempts.length < 2) return null;
  const title = intl.formatMessage({ id: 'submissions.attempts', defaultMessage: 'Attempts' });
  return (
    <>
      <h4>{title}</h4>
      <ol className="plain-list" aria-label={title}>
        {attempts.map((a) => (
          <li key={a.attempt}>
            <FormattedMessage id="submissions.attempt" defaultMessage="Attempt {attempt} · {when}" values={{ attempt: a.attempt, when: formatDateTime(a.submitted_at) ?? '' }} />
          </li>
        ))}
      </ol>
    </>
  );
}
