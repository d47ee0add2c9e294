import { useState } from 'react';
import { Link } from 'react-router';
import type { HubConnectionStatus } from '../../../../contracts/session-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useHubStore } from '../../stores/hub-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { HubConnectionSummary } from '../hub/HubConnectionSummary.tsx';
import { NotificationSettings } from '../notifications/NotificationSettings.tsx';
import { ApprovedIntegrations } from '../tokens/ApprovedIntegrations.tsx';

export function SettingsScreen() {
  const hub = useResource(resources.hubConnection());
  return (
    <Screen title="Settings">
      <section aria-labelledby="settings-hub" className="panel">
        <h2 id="settings-hub">Hub</h2>
        <Loaded value={hub} what="the hub connection">
          {(connection) => <HubSettings connection={connection} />}
        </Loaded>
      </section>
      <NotificationSettings />
      <ApprovedIntegrations />
    </Screen>
  );
}

function HubSettings({ connection }: { connection: HubConnectionStatus }) {
  return (
    <>
      <HubConnectionSummary connection={connection} />
      <p>
        <Link to={paths.connectHub()} className="button-link">
          Connect to a hub
        </Link>
      </p>
      {connection.connected && <DisconnectForm />}
    </>
  );
}

function DisconnectForm() {
  const disconnectRequested = useHubStore((s) => s.disconnectRequested);
  const [removeData, setRemoveData] = useState(false);
  const { pending, error, submit } = useSubmission();
  return (
    <form
      className="stacked-form"
      aria-label="Disconnect from the hub"
      onSubmit={(event) => {
        event.preventDefault();
        submit(() => disconnectRequested(removeData));
      }}
    >
      <FormError message={error} />
      <label className="checkbox">
        <input type="checkbox" checked={removeData} onChange={(e) => setRemoveData(e.target.checked)} />
        Also remove the hub&apos;s data from this computer
      </label>
      <button type="submit" disabled={pending}>
        Disconnect
      </button>
    </form>
  );
}
