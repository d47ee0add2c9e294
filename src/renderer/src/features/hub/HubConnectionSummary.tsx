import type { HubConnectionStatus } from '../../../../contracts/session-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';

/** Which hub this computer syncs with, and since when. */
export function HubConnectionSummary({ connection }: { connection: HubConnectionStatus }) {
  if (!connection.connected) return <p>This computer is not connected to a hub: your work stays here only.</p>;
  return (
    <p>
      Connected to <strong>{connection.url}</strong>
      {connection.connected_at && ` since ${formatDateTime(connection.connected_at)}`}.
    </p>
  );
}
