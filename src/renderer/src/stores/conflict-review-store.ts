import { create } from 'zustand';
import type { ConflictChoice } from '../../../contracts/session-dtos.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';
import { useSyncStatusStore } from './sync-status-store.ts';

interface ConflictReviewStore {
  /** The conflict whose decision is on its way. */
  resolvingId?: number;
  failure?: { conflictId: number; message: string };
  resolveClicked: (conflictId: number, choice: ConflictChoice) => Promise<void>;
}

/** The person's decision on a conflict; the server applies it through its normal write path and it leaves the list. */
export const useConflictReviewStore = create<ConflictReviewStore>()((set) => ({
  resolveClicked: async (conflictId, choice) => {
    set({ resolvingId: conflictId, failure: undefined });
    try {
      await currentApi().resolveConflict(conflictId, choice);
      await Promise.all([
        useResourceStore.getState().resourceStale(resources.conflicts()),
        useSyncStatusStore.getState().refreshRequested(),
      ]);
    } catch (error) {
      set({ failure: { conflictId, message: error instanceof Error ? error.message : String(error) } });
    } finally {
      set({ resolvingId: undefined });
    }
  },
}));
