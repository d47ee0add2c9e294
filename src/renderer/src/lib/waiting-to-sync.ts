import type { SyncStatus } from '../../../contracts/session-dtos.ts';

/**
 * Whether something written here at `writtenAt` (an attempt, a message) may not have reached the hub yet. The sync
 * status counts the device's changes waiting, not which ones, so this is the honest reading: connected to a hub,
 * something still waits, and the write is newer than the last exchange with the hub. The hub itself (not connected to one) has the write as soon as it is saved.
 */
export function waitingToSync(writtenAt: string, status: SyncStatus | undefined): boolean {
  if (!status || status.state === 'not_connected' || status.waiting === 0) return false;
  return status.last_synced_at === null || Date.parse(writtenAt) >= Date.parse(status.last_synced_at);
}
