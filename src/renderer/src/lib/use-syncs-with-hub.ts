import { useSyncStatusStore } from '../stores/sync-status-store.ts';

/** True on an installation that syncs with a hub (connected now or offline from it), as the sync status says. */
export function useSyncsWithHub(): boolean {
  return useSyncStatusStore((s) => s.status !== undefined && s.status.state !== 'not_connected');
}
