import { create } from 'zustand';
import { currentApi } from './session-store.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';

interface ItemRef {
  courseId: number;
  moduleId: number;
  itemId: number;
}

interface ModuleProgressStore {
  /** Items whose done/undone request is on its way. */
  pendingItemIds: readonly number[];
  failure?: { itemId: number; message: string };
  itemDoneToggled: (item: ItemRef, done: boolean) => Promise<void>;
}

/** A student's "Mark as done" on a must_mark_done item; the modules are then reloaded (states and locks move on). */
export const useModuleProgressStore = create<ModuleProgressStore>()((set) => ({
  pendingItemIds: [],
  itemDoneToggled: async ({ courseId, moduleId, itemId }, done) => {
    set((s) => ({ pendingItemIds: [...s.pendingItemIds, itemId], failure: undefined }));
    try {
      const api = currentApi();
      await (done ? api.moduleItemDone(courseId, moduleId, itemId) : api.moduleItemNotDone(courseId, moduleId, itemId));
      await useResourceStore.getState().resourceStale(resources.modules(courseId));
    } catch (error) {
      set({ failure: { itemId, message: error instanceof Error ? error.message : String(error) } });
    } finally {
      set((s) => ({ pendingItemIds: s.pendingItemIds.filter((id) => id !== itemId) }));
    }
  },
}));
