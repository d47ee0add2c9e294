import { create } from 'zustand';
import type { GroupCategoryUpdate, GroupCategoryWrite, GroupUpdate } from '../../../contracts/group-dtos.ts';
import { followProgress } from '../lib/follow-progress.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';

interface GroupsStore {
  /**
   * Creates the group set with its groups; with `assign`, then spreads the unassigned students over them through
   * the API's background job, telling `onCompletion` its percentage as it runs.
   */
  groupSetCreateRequested: (courseId: number, category: GroupCategoryWrite, assign: boolean, onCompletion: (percent: number) => void) => Promise<void>;
  /** Puts the student in the group; they leave the set's other group in the same write. */
  memberMoveRequested: (categoryId: number, groupId: number, userId: number) => Promise<void>;
  groupSetUpdateRequested: (courseId: number, categoryId: number, settings: GroupCategoryUpdate) => Promise<void>;
  groupSetDeleteRequested: (courseId: number, categoryId: number) => Promise<void>;
  /** Renames the group or sets its leader. */
  groupUpdateRequested: (categoryId: number, groupId: number, change: GroupUpdate) => Promise<void>;
  /** Deletes the group; its members become the set's unassigned students. */
  groupDeleteRequested: (categoryId: number, groupId: number) => Promise<void>;
}

export const useGroupsStore = create<GroupsStore>()(() => {
  const reread = (categoryId: number) => useResourceStore.getState().resourceStale(resources.groupSet(categoryId));
  const rereadSets = (courseId: number) => useResourceStore.getState().resourceStale(resources.groupCategories(courseId));
  return {
    groupSetCreateRequested: async (courseId, category, assign, onCompletion) => {
      const api = currentApi();
      const created = await api.createGroupCategory(courseId, category);
      try {
        if (assign) {
          await followProgress(await api.assignUnassigned(created.id), (id) => api.progress(id), onCompletion, 'The students could not be assigned to groups');
          onCompletion(100);
        }
      } finally {
        await Promise.all([rereadSets(courseId), reread(created.id)]);
      }
    },
    memberMoveRequested: async (categoryId, groupId, userId) => {
      await currentApi().addGroupMember(groupId, userId);
      await reread(categoryId);
    },
    groupSetUpdateRequested: async (courseId, categoryId, settings) => {
      await currentApi().updateGroupCategory(categoryId, settings);
      // A new limit is every group's cap: the groups are read again with the set.
      await Promise.all([rereadSets(courseId), reread(categoryId)]);
    },
    groupSetDeleteRequested: async (courseId, categoryId) => {
      await currentApi().deleteGroupCategory(categoryId);
      await rereadSets(courseId);
    },
    groupUpdateRequested: async (categoryId, groupId, change) => {
      await currentApi().updateGroup(groupId, change);
      await reread(categoryId);
    },
    groupDeleteRequested: async (categoryId, groupId) => {
      await currentApi().deleteGroup(groupId);
      await reread(categoryId);
    },
  };
});
