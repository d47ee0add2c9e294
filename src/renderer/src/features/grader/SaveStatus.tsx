import { FormattedMessage } from 'react-intl';
import type { SaveState } from '../../stores/grader-store.ts';
import { useChangesWaiting } from '../../stores/sync-status-store.ts';

/**
 * "Saving…", "Saved", or the server's reason for refusing. Saved means saved on this computer: while the sync status
 * reports local changes the hub has not taken yet, it says so (the status line counts them).
 */
export function SaveStatus({ save, what }: { save: SaveState | undefined; what: 'grade' | 'comment' | 'excuse' }) {
  const waiting = useChangesWaiting();
  if (save?.status === 'failed') {
    return (
      <p role="alert" className="error">
        <FormattedMessage
          id="grader.save.failed"
          defaultMessage="The {what, select, grade {grade} comment {comment} other {excuse}} was not saved: {reason}"
          values={{ what, reason: save.message }}
        />
      </p>
    );
  }
  return (
    <p role="status" className="save-status muted">
      {save?.status === 'saving' && <FormattedMessage id="grader.save.saving" defaultMessage="Saving…" />}
      {save?.status === 'saved' &&
        (waiting ? (
          <FormattedMessage id="grader.save.waiting" defaultMessage="Saved on this computer, waiting to sync" />
        ) : (
          <FormattedMessage id="grader.save.saved" defaultMessage="Saved" />
        ))}
    </p>
  );
}
