import { create } from 'zustand';
import type { SyncStatus } from '../../../contracts/session-dtos.ts';
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
  let inFlight: Promise<void> | undefined;

  function refresh(): Promise<void> {
    inFlight ??= (async () => {
      try {
        set({ status: await currentApi().syncStatus(), stale: false });
      } catch {
        // Not signed in any more, or the local server is gone: the session and health stores say so.
        set({ stale: true });
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  return {
    stale: false,
    pollingStarted: () => {
      let timer: ReturnType<typeof setInterval> | undefined;
      const sync = () => {
        clearInterval(timer);
        timer = undefined;
        if (document.visibilityState !== 'visible') return;
        void refresh();
        timer = setInterval(() => void refresh(), POLL_INTERVAL_MS);
      };
      sync();
      document.addEventListener('visibilitychange', sync);
      return () => {
        clearInterval(timer);
        document.removeEventListener('visibilitychange', sync);
      };
    },
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
