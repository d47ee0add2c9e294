import { create } from 'zustand';
import { fetchHealth } from '../api/health.ts';
import { apiBaseUrl } from '../lib/api-base-url.ts';

type HealthState =
  | { phase: 'checking' }
  | { phase: 'online'; version: string }
  | { phase: 'unreachable'; reason: string };

interface HealthStore {
  health: HealthState;
  /** Starts the periodic check; returns the function that stops it. */
  watchStarted: () => () => void;
  /** A request got no answer: check now rather than at the next tick. */
  failureNoticed: () => Promise<void>;
}

/** While the server answers, a check now and then; while it does not, often, so recovery shows up quickly. */
const ONLINE_INTERVAL_MS = 30_000;
const UNREACHABLE_INTERVAL_MS = 3_000;

export const useHealthStore = create<HealthStore>()((set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watching = false;
  let inFlight: Promise<void> | undefined;

  function schedule(): void {
    clearTimeout(timer);
    if (!watching) return;
    timer = setTimeout(() => void check(), get().health.phase === 'unreachable' ? UNREACHABLE_INTERVAL_MS : ONLINE_INTERVAL_MS);
  }

  function check(): Promise<void> {
    // One check at a time: many failing requests at once need one answer.
    inFlight ??= (async () => {
      try {
        const { version } = await fetchHealth(await apiBaseUrl());
        set({ health: { phase: 'online', version } });
      } catch (err) {
        set({ health: { phase: 'unreachable', reason: err instanceof Error ? err.message : String(err) } });
      } finally {
        inFlight = undefined;
        schedule();
      }
    })();
    return inFlight;
  }

  return {
    health: { phase: 'checking' },
    watchStarted: () => {
      watching = true;
      void check();
      const onOnline = () => void check();
      window.addEventListener('online', onOnline);
      return () => {
        watching = false;
        clearTimeout(timer);
        window.removeEventListener('online', onOnline);
      };
    },
    failureNoticed: () => check(),
  };
});
