import type { Submission } from '../../../../contracts/grading-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AttemptContent } from '../grader/SubmissionView.tsx';
import { useSyncStatusStore } from '../../stores/sync-status-store.ts';
import { waitingToSync } from './submittable.ts';

/**
 * Where the student's work stands: not yet submitted, waiting to reach the hub, or submitted (with when the hub
 * received it, for work made offline); then what they sent.
 */
export function SubmissionStatus({ submission: s }: { submission: Submission }) {
  const syncStatus = useSyncStatusStore((state) => state.status);
  if (s.attempt === null || s.submitted_at === null) {
    return (
      <p role="status" className="submission-state">
        Not submitted yet.
      </p>
    );
  }
  const when = formatDateTime(s.submitted_at);
  const waiting = waitingToSync(s.submitted_at, syncStatus);
  return (
    <>
      <p role="status" className={`submission-state ${waiting ? 'submission-waiting' : 'submission-done'}`}>
        {waiting ? (
          <>
            <strong>Waiting to sync</strong> · attempt {s.attempt}, saved on this device {when}. It reaches your teacher when this device
            next syncs with the hub.
          </>
        ) : (
          <>
            <strong>Submitted</strong> {when}
            {s.received_at && ` (received ${formatDateTime(s.received_at)})`} · attempt {s.attempt}
            {s.late && ' · late'}
          </>
        )}
      </p>
      <AttemptContent attempt={s} />
    </>
  );
}

/** Every attempt, oldest first, when there has been more than one. */
export function AttemptHistory({ submission }: { submission: Submission }) {
  const attempts = (submission.submission_history ?? []).filter((a) => a.attempt !== null);
  if (attempts.length < 2) return null;
  return (
    <>
      <h4>Attempts</h4>
      <ol className="plain-list" aria-label="Attempts">
        {attempts.map((a) => (
          <li key={a.attempt}>
            Attempt {a.attempt} · {formatDateTime(a.submitted_at)}
          </li>
        ))}
      </ol>
    </>
  );
}
