import type { Group, GroupUser } from '../../../contracts/group-dtos.ts';
import type { ApiClient } from '../api/client.ts';

export interface GroupWithMembers extends Group {
  members: GroupUser[];
}

export interface GroupSetMembers {
  groups: GroupWithMembers[];
  /** The set's students who are in none of its groups yet. */
  unassigned: GroupUser[];
}

/** One read of a group set for its screen: the groups, each group's members, and who is left over, side by side. */
export async function groupSetMembers(api: ApiClient, categoryId: number): Promise<GroupSetMembers> {
  const [groups, unassigned] = await Promise.all([api.categoryGroups(categoryId), api.unassignedUsers(categoryId)]);
  const members = await Promise.all(groups.map((g) => api.groupUsers(g.id)));
  return { groups: groups.map((g, i) => ({ ...g, members: members[i]! })), unassigned };
}
