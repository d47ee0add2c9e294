import { create } from 'zustand';
import { pollWhileVisible } from '../lib/poll-while-visible.ts';
import { singleFlight } from '../lib/single-flight.ts';
import { currentApi, useSessionStore } from './session-store.ts';

interface UnreadStore {
  /** Conversations the person has not read; undefined until first asked. */
  count?: number;
  /** Starts asking while the page is visible; returns the function that stops it. */
  pollingStarted: () => () => void;
  /** The person read or wrote something: ask now. */
  refreshRequested: () => Promise<void>;
}

/** Messages arrive from others (and from the hub), so the count is asked for, not worked out here. */
const POLL_INTERVAL_MS = 5_000;

export const useUnreadStore = create<UnreadStore>()((set) => {
  const refresh = singleFlight(async () => {
    try {
      set({ count: await currentApi().unreadCount() });
    } catch {
      // Signed out or the server is gone: the session and health stores say so; the last count stays.
    }
  });
  return {
    pollingStarted: () => pollWhileVisible(() => void refresh(), POLL_INTERVAL_MS),
    refreshRequested: refresh,
  };
});

useSessionStore.subscribe((state, previous) => {
  // Another person's count must not show after a sign-out.
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useUnreadStore.setState({ count: undefined });
});
