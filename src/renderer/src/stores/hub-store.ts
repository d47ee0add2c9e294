import { create } from 'zustand';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';
import { useSyncStatusStore } from './sync-status-store.ts';

interface HubStore {
  /** Stops sync and forgets the hub credential; local data stays unless `removeData`. Throws the server's refusal. */
  disconnectRequested: (removeData: boolean) => Promise<void>;
}

export const useHubStore = create<HubStore>()(() => ({
  disconnectRequested: async (removeData) => {
    await currentApi().disconnectHub(removeData);
    await Promise.all([
      useResourceStore.getState().resourceStale(resources.hubConnection()),
      useSyncStatusStore.getState().refreshRequested(),
    ]);
  },
}));
