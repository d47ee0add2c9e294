import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { HubConnectionStatus } from '../../../../contracts/session-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { common } from '../../i18n/common-messages.ts';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useHubStore } from '../../stores/hub-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { ClassroomSharing } from '../classroom/ClassroomSharing.tsx';
import { HubConnectionSummary } from '../hub/HubConnectionSummary.tsx';
import { NotificationSettings } from '../notifications/NotificationSettings.tsx';
import { ApprovedIntegrations } from '../tokens/ApprovedIntegrations.tsx';
import { LanguageSettings } from './LanguageSettings.tsx';

export function SettingsScreen() {
  const intl = useIntl();
  const hub = useResource(resources.hubConnection());
  return (
    <Screen title={intl.formatMessage(common.settings)}>
      <LanguageSettings />
      <section aria-labelledby="settings-hub" className="panel">
        <h2 id="settings-hub">
          <FormattedMessage {...common.hub} />
        </h2>
        <Loaded value={hub} what={intl.formatMessage(common.hubConnection)}>
          {(connection) => <HubSettings connection={connection} />}
        </Loaded>
      </section>
      {hub.status === 'loaded' && hub.data.connected && <ClassroomSharing />}
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
          <FormattedMessage {...common.connectHub} />
        </Link>
      </p>
      {connection.connected && <DisconnectForm />}
    </>
  );
}

function DisconnectForm() {
  const intl = useIntl();
  const disconnectRequested = useHubStore((s) => s.disconnectRequested);
  const [removeData, setRemoveData] = useState(false);
  const { pending, error, submit } = useSubmission();
  return (
    <form
      className="stacked-form"
      aria-label={intl.formatMessage({ id: 'settings.hub.disconnect.label', defaultMessage: 'Disconnect from the hub' })}
      onSubmit={(event) => {
        event.preventDefault();
        submit(() => disconnectRequested(removeData));
      }}
    >
      <FormError message={error} />
      <label className="checkbox">
        <input type="checkbox" checked={removeData} onChange={(e) => setRemoveData(e.target.checked)} />
        <FormattedMessage id="settings.hub.removeData" defaultMessage="Also remove the hub's data from this computer" />
      </label>
      <button type="submit" disabled={pending}>
        <FormattedMessage id="settings.hub.disconnect" defaultMessage="Disconnect" />
      </button>
    </form>
  );
}
