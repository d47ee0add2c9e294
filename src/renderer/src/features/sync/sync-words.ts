import type { SyncStatus } from '../../../../contracts/session-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';

/** "1 change waiting", "3 changes waiting". */
export function changesWaiting(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
}

/** The status line's words: where sync stands, and what has not reached the hub yet. */
export function syncStatusText(status: SyncStatus): string {
  const last = formatDateTime(status.last_synced_at);
  const state = {
    synced: last ? `Synced ${last}` : 'Synced',
    syncing: 'Syncing…',
    // Lower-case "last sync": the line must not read as "Synced" while offline.
    offline: last ? `Offline · last sync ${last}` : 'Offline',
    not_connected: 'Not connected',
  }[status.state];
  return status.waiting > 0 ? `${state} · ${changesWaiting(status.waiting)}` : state;
}
