import { create } from 'zustand';
import { fetchHealth } from '../api/client.ts';
import { apiBaseUrl } from '../lib/session.ts';

type HealthState =
  | { phase: 'checking' }
  | { phase: 'online'; version: string }
  | { phase: 'unreachable'; reason: string };

interface HealthStore {
  health: HealthState;
  healthCheckRequested: () => Promise<void>;
}

export const useHealthStore = create<HealthStore>()((set) => ({
  health: { phase: 'checking' },
  healthCheckRequested: async () => {
    set({ health: { phase: 'checking' } });
    try {
      const { version } = await fetchHealth(await apiBaseUrl());
      set({ health: { phase: 'online', version } });
    } catch (err) {
      set({ health: { phase: 'unreachable', reason: err instanceof Error ? err.message : String(err) } });
    }
  },
}));
