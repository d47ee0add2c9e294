import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SyncStatus } from '../../../../contracts/session-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { common } from '../../i18n/common-messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useSyncStatusStore } from '../../stores/sync-status-store.ts';
import { HubConnectionSummary } from '../hub/HubConnectionSummary.tsx';
import { ReviewConflictsLink } from './SyncStatusIndicator.tsx';
import { changesWaiting, syncStatusText } from './sync-words.ts';

/** What has not reached the hub, what the hub refused and why, and the conflicts waiting for a decision. */
export function SyncDetailsScreen() {
  const intl = useIntl();
  const status = useSyncStatusStore((s) => s.status);
  const stale = useSyncStatusStore((s) => s.stale);
  const refreshRequested = useSyncStatusStore((s) => s.refreshRequested);
  const hub = useResource(resources.hubConnection());
  return (
    <Screen title={intl.formatMessage({ id: 'sync.details.title', defaultMessage: 'Sync' })}>
      <section aria-labelledby="sync-hub" className="panel">
        <h2 id="sync-hub">
          <FormattedMessage {...common.hub} />
        </h2>
        <Loaded value={hub} what={intl.formatMessage(common.hubConnection)}>
          {(connection) => (
            <>
              <HubConnectionSummary connection={connection} />
              {!connection.connected && (
                <Link to={paths.connectHub()}>
                  <FormattedMessage {...common.connectHub} />
                </Link>
              )}
            </>
          )}
        </Loaded>
      </section>
      {status ? (
        <StatusDetails status={status} />
      ) : stale ? (
        <div className="failure">
          <p role="alert" className="error">
            <FormattedMessage
              id="sync.details.unreadable"
              defaultMessage="Could not read the sync status from Outpost. Check that it is still running, then retry."
            />
          </p>
          <button type="button" onClick={() => void refreshRequested()}>
            <FormattedMessage {...common.retry} />
          </button>
        </div>
      ) : (
        <p role="status" className="muted">
          <FormattedMessage id="sync.details.loading" defaultMessage="Loading the sync status…" />
        </p>
      )}
    </Screen>
  );
}

function StatusDetails({ status }: { status: SyncStatus }) {
  const intl = useIntl();
  return (
    <>
      <section aria-labelledby="sync-waiting" className="panel">
        <h2 id="sync-waiting">
          <FormattedMessage id="sync.details.changes" defaultMessage="Changes" />
        </h2>
        <p>{syncStatusText(status, intl)}</p>
        <p>
          {status.waiting > 0 ? (
            <FormattedMessage id="sync.details.waiting" defaultMessage="{waiting} to reach the hub." values={{ waiting: changesWaiting(status.waiting, intl) }} />
          ) : (
            <FormattedMessage id="sync.details.nothingWaiting" defaultMessage="No changes waiting: the hub has everything made here." />
          )}
        </p>
      </section>
      <section aria-labelledby="sync-refused" className="panel">
        <h2 id="sync-refused">
          <FormattedMessage id="sync.details.refused" defaultMessage="Refused changes" />
        </h2>
        {status.refused.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="sync.details.noneRefused" defaultMessage="The hub has refused no changes." />
          </p>
        ) : (
          <>
            <p>
              <FormattedMessage
                id="sync.details.refusedExplanation"
                defaultMessage="The hub's API answered these changes with an error; they were undone on this computer."
              />
            </p>
            <ul className="plain-list" aria-label={intl.formatMessage({ id: 'sync.details.refused', defaultMessage: 'Refused changes' })}>
              {status.refused.map((refusal) => (
                <li key={refusal.id}>
                  <strong dir="ltr">{refusal.description}</strong>: {refusal.status === null ? '' : `${refusal.status} `}
                  <span dir="auto">{refusal.message}</span>{' '}
                  <span className="muted">
                    <FormattedMessage id="sync.details.madeAt" defaultMessage="(made {when})" values={{ when: formatDateTime(refusal.created_at) }} />
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="sync-conflicts" className="panel">
        <h2 id="sync-conflicts">
          <FormattedMessage id="sync.details.conflicts" defaultMessage="Conflicts" />
        </h2>
        {status.conflicts === 0 ? (
          <p className="muted">
            <FormattedMessage id="sync.details.noConflicts" defaultMessage="No conflicts wait for you." />
          </p>
        ) : (
          <p>
            <FormattedMessage id="sync.details.someConflicts" defaultMessage="Some of your changes met other changes on the hub." />{' '}
            <ReviewConflictsLink count={status.conflicts} />
          </p>
        )}
      </section>
    </>
  );
}
