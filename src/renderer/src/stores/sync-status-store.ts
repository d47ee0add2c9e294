import { create } from 'zustand';
import type { SyncStatus } from '../../../contracts/session-dtos.ts';
import { pollWhileVisible } from '../lib/poll-while-visible.ts';
import { singleFlight } from '../lib/single-flight.ts';
import { currentApi, useSessionStore } from './session-store.ts';

interface SyncStatusStore {
  status?: SyncStatus;
  /** The last poll failed; the status shown is the last one known. */
  stale: boolean;
  /** Starts polling while the page is visible; returns the function that stops it. */
  pollingStarted: () => () => void;
  /** Something the person did changed what waits or conflicts: ask now. */
  refreshRequested: () => Promise<void>;
}

/** The server knows where sync stands; the page asks this often while someone looks at it, and never guesses. */
const POLL_INTERVAL_MS = 2_000;

export const useSyncStatusStore = create<SyncStatusStore>()((set) => {
  const refresh = singleFlight(async () => {
    try {
      set({ status: await currentApi().syncStatus(), stale: false });
    } catch {
      // Not signed in any more, or the local server is gone: the session and health stores say so.
      set({ stale: true });
    }
  });

  return {
    stale: false,
    pollingStarted: () => pollWhileVisible(() => void refresh(), POLL_INTERVAL_MS),
    refreshRequested: refresh,
  };
});

useSessionStore.subscribe((state, previous) => {
  // Another person's sync state must not show after a sign-out.
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useSyncStatusStore.setState({ status: undefined, stale: false });
});

/**
 * True while this installation syncs with a hub and holds changes the hub has not taken yet: what "saved on this
 * computer" means. The status counts waiting changes, not which ones, so the save lines all read it the same way.
 */
export function useChangesWaiting(): boolean {
  return useSyncStatusStore((s) => s.status !== undefined && s.status.state !== 'not_connected' && s.status.waiting > 0);
}
