import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSyncStatusStore } from '../../stores/sync-status-store.ts';
import { syncStatusText } from './sync-words.ts';

/** On every signed-in screen: where sync stands, a way to the details, and to conflicts while any wait. */
export function SyncStatusIndicator() {
  const intl = useIntl();
  const status = useSyncStatusStore((s) => s.status);
  const pollingStarted = useSyncStatusStore((s) => s.pollingStarted);
  useEffect(() => pollingStarted(), [pollingStarted]);

  return (
    <div className="sync-indicator">
      <Link to={paths.syncDetails()} className={`sync-status sync-${status?.state ?? 'unknown'}`}>
        <span role="status" aria-label={intl.formatMessage({ id: 'sync.status.label', defaultMessage: 'Sync status' })} data-testid="sync-status">
          {status ? syncStatusText(status, intl) : intl.formatMessage({ id: 'sync.checking', defaultMessage: 'Checking sync…' })}
        </span>
      </Link>
      {status && status.conflicts > 0 && <ReviewConflictsLink count={status.conflicts} />}
    </div>
  );
}

export function ReviewConflictsLink({ count }: { count: number }) {
  return (
    <Link to={paths.conflicts()} className="review-conflicts">
      <FormattedMessage id="sync.reviewConflicts" defaultMessage="Review conflicts ({count, number})" values={{ count }} />
    </Link>
  );
}
