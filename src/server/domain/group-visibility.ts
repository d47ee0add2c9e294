import type { Access } from './access.ts';
import type { PermissionName } from './permissions/index.ts';
import type { Principal } from './principal.ts';
import type { GroupMembershipData } from './records/group-records.ts';
import type { Repositories } from './repositories.ts';

/**
 * Who reads a course's groups, for the groups API and the sync pull alike (decision 0097): Canvas's group `:read`
 * is its accepted members and whoever manages groups or may view group pages in its context; a category is listed
 * to those who manage groups.
 */
export const GROUP_READERS = ['manage_groups', 'view_group_pages'] as const satisfies readonly PermissionName[];
export const GROUP_CATEGORY_READERS = ['manage_groups'] as const satisfies readonly PermissionName[];

/** A membership that makes its user a member who reads the group. */
export function isAcceptedMembership(membership: Pick<GroupMembershipData, 'workflow_state'>): boolean {
  return membership.workflow_state === 'accepted';
}

/** The course's groups the user reads: all, or those they are an accepted member of. */
export async function readableGroups(access: Access, repos: Repositories, principal: Principal, courseId: number): Promise<'all' | ReadonlySet<number>> {
  if (await access.canAny(principal, GROUP_READERS, { type: 'course', courseId })) return 'all';
  const own = await repos.groupMemberships.find({ user_id: principal.userId, course_id: courseId });
  return new Set(own.filter((m) => isAcceptedMembership(m.data)).map((m) => m.data.group_id));
}
