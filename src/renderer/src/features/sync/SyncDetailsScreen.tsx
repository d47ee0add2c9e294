import { Link } from 'react-router';
import type { SyncStatus } from '../../../../contracts/session-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
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
  const status = useSyncStatusStore((s) => s.status);
  const stale = useSyncStatusStore((s) => s.stale);
  const refreshRequested = useSyncStatusStore((s) => s.refreshRequested);
  const hub = useResource(resources.hubConnection());
  return (
    <Screen title="Sync">
      <section aria-labelledby="sync-hub" className="panel">
        <h2 id="sync-hub">Hub</h2>
        <Loaded value={hub} what="the hub connection">
          {(connection) => (
            <>
              <HubConnectionSummary connection={connection} />
              {!connection.connected && <Link to={paths.connectHub()}>Connect to a hub</Link>}
            </>
          )}
        </Loaded>
      </section>
      {status ? (
        <StatusDetails status={status} />
      ) : stale ? (
        <div className="failure">
          <p role="alert" className="error">
            Could not read the sync status from Outpost. Check that it is still running, then retry.
          </p>
          <button type="button" onClick={() => void refreshRequested()}>
            Retry
          </button>
        </div>
      ) : (
        <p role="status" className="muted">
          Loading the sync status…
        </p>
      )}
    </Screen>
  );
}

function StatusDetails({ status }: { status: SyncStatus }) {
  return (
    <>
      <section aria-labelledby="sync-waiting" className="panel">
        <h2 id="sync-waiting">Changes</h2>
        <p>{syncStatusText(status)}</p>
        <p>{status.waiting > 0 ? `${changesWaiting(status.waiting)} to reach the hub.` : 'No changes waiting: the hub has everything made here.'}</p>
      </section>
      <section aria-labelledby="sync-refused" className="panel">
        <h2 id="sync-refused">Refused changes</h2>
        {status.refused.length === 0 ? (
          <p className="muted">The hub has refused no changes.</p>
        ) : (
          <>
            <p>The hub's API answered these changes with an error; they were undone on this computer.</p>
            <ul className="plain-list" aria-label="Refused changes">
              {status.refused.map((refusal) => (
                <li key={refusal.id}>
                  <strong>{refusal.description}</strong>: {refusal.status === null ? '' : `${refusal.status} `}
                  {refusal.message} <span className="muted">(made {formatDateTime(refusal.created_at)})</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="sync-conflicts" className="panel">
        <h2 id="sync-conflicts">Conflicts</h2>
        {status.conflicts === 0 ? (
          <p className="muted">No conflicts wait for you.</p>
        ) : (
          <p>
            Some of your changes met other changes on the hub. <ReviewConflictsLink count={status.conflicts} />
          </p>
        )}
      </section>
    </>
  );
}
