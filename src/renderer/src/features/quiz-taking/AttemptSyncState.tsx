import { FormattedMessage } from 'react-intl';
import type { QuizSubmission } from '../../../../contracts/quiz-attempt-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useChangesWaiting, useSyncStatusStore } from '../../stores/sync-status-store.ts';
import { strong } from '../submissions/SubmissionStatus.tsx';
import { waitingToSync } from '../../lib/waiting-to-sync.ts';

/*
 * On a device, where an attempt stands with the hub, in the words the submission screens use. The line is always
 * there (a status region must exist before its words change); it is empty on a hub and once the hub has it all.
 */

/** A running attempt: `Waiting to sync` while answers given here have not reached the hub. */
export function AnswersSyncState() {
  const waiting = useChangesWaiting();
  return (
    <p role="status" className="submission-state submission-waiting">
      {waiting && (
        <FormattedMessage
          id="quizTake.sync.answersWaiting"
          defaultMessage="<b>Waiting to sync</b> · your answers are saved on this computer. They reach the hub when this computer next syncs with it."
          values={{ b: strong }}
        />
      )}
    </p>
  );
}

/**
 * An attempt turned in on a device, which the hub scores: `Waiting to sync` until the hub has the turn-in, then
 * the wait for the hub's result to come back.
 */
export function TurnInSyncState({ sub }: { sub: QuizSubmission }) {
  const status = useSyncStatusStore((s) => s.status);
  const waiting = sub.finished_at !== null && waitingToSync(sub.finished_at, status);
  return (
    <p role="status" className={`submission-state ${waiting ? 'submission-waiting' : ''}`}>
      {waiting ? (
        <FormattedMessage
          id="quizTake.sync.turnInWaiting"
          defaultMessage="<b>Waiting to sync</b> · turned in on this computer {when}. The hub scores it when this computer next syncs; the score shows here then."
          values={{ when: formatDateTime(sub.finished_at) ?? '', b: strong }}
          description="{when}: a date and time."
        />
      ) : (
        <FormattedMessage id="quizTake.awaitingSync" defaultMessage="Turned in on this computer. The hub scores it: the score shows here once this computer has synced." />
      )}
    </p>
  );
}
