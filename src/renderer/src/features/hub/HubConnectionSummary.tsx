import { FormattedMessage } from 'react-intl';
import type { HubConnectionStatus } from '../../../../contracts/session-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';

/** Which hub this computer syncs with, and since when. */
export function HubConnectionSummary({ connection }: { connection: HubConnectionStatus }) {
  if (!connection.connected) {
    return (
      <p>
        <FormattedMessage id="hub.notConnected" defaultMessage="This computer is not connected to a hub: your work stays here only." />
      </p>
    );
  }
  // An address reads left to right in every language.
  const url = <strong dir="ltr">{connection.url}</strong>;
  return (
    <p>
      {connection.connected_at ? (
        <FormattedMessage id="hub.connectedSince" defaultMessage="Connected to {url} since {when}." values={{ url, when: formatDateTime(connection.connected_at) }} />
      ) : (
        <FormattedMessage id="hub.connected" defaultMessage="Connected to {url}." values={{ url }} />
      )}
    </p>
  );
}
