import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { PermissionContext } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { GroupCategoryData, GroupData, GroupMembershipData } from '../../domain/records/group-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { NewGroup } from './groups.params.ts';
import { groupJson } from './groups.serializer.ts';

/** Memberships that hold a place in a group: a deleted one does not. */
export const isLive = (m: Stored<GroupMembershipData>): boolean => m.data.workflow_state !== 'deleted';

/** Where the group's rights are decided: its course, or its account. */
export function groupContext(data: { context_type: 'Course' | 'Account'; context_id: number }): PermissionContext {
  return data.context_type === 'Course' ? { type: 'course', courseId: data.context_id } : { type: 'account', accountId: data.context_id };
}

/**
 * Groups and their memberships. Other areas (group wiki pages, group assignments) use `get`, `isMember` and
 * `canRead` to authorize by group, so those stay small and stable.
 */
export class GroupsService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** An active group; a deleted or unknown one is a NotFoundError. */
  async get(id: number): Promise<Stored<GroupData>> {
    const group = await this.#services.repos.groups.get(id);
    if (!group || group.data.workflow_state === 'deleted') throw new NotFoundError('group');
    return group;
  }

  /** True when the user holds an accepted membership of the group. */
  async isMember(groupId: number, userId: number): Promise<boolean> {
    const memberships = await this.#services.repos.groupMemberships.find({ parent_id: groupId, user_id: userId });
    return memberships.some((m) => m.data.workflow_state === 'accepted');
  }

  /**
   * Canvas's group `:read`: its members, and whoever manages groups or may view group pages in its context.
   * Students outside the group do not see it (view_group_pages is off for them by default).
   */
  async canRead(principal: Principal, group: Stored<GroupData>): Promise<boolean> {
    if (await this.isMember(group.id, principal.userId)) return true;
    return this.#services.access.canAny(principal, ['manage_groups', 'view_group_pages'], groupContext(group.data));
  }

  /** manage_groups in the group's context: add anyone, create groups, assign members. */
  canManage(principal: Principal, data: { context_type: 'Course' | 'Account'; context_id: number }): Promise<boolean> {
    return this.#services.access.canAny(principal, ['manage_groups'], groupContext(data));
  }

  /** A category's active groups, by name then id (Canvas lists them by name). */
  async groupsOf(categoryId: number): Promise<Stored<GroupData>[]> {
    const rows = await this.#services.repos.groups.find({ parent_id: categoryId }, [{ sort_key: 'asc' }, { id: 'asc' }]);
    return rows.filter((g) => g.data.workflow_state !== 'deleted');
  }

  /** Live memberships of the groups, oldest first (join order decides the `first` leader). */
  async membershipsOf(groupIds: readonly number[]): Promise<Stored<GroupMembershipData>[]> {
    if (groupIds.length === 0) return [];
    return (await this.#services.repos.groupMemberships.find({ parent_id: { $in: [...groupIds] } })).filter(isLive);
  }

  /** Accepted members per group, for `members_count`. */
  async memberCounts(groupIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map(groupIds.map((id) => [id, 0]));
    for (const m of await this.membershipsOf(groupIds)) {
      if (m.data.workflow_state === 'accepted') counts.set(m.data.group_id, (counts.get(m.data.group_id) ?? 0) + 1);
    }
    return counts;
  }

  /** Group JSON for a page of groups: member counts and leaders in two reads. */
  async json(groups: readonly Stored<GroupData>[], baseUrl: string): Promise<Record<string, unknown>[]> {
    const counts = await this.memberCounts(groups.map((g) => g.id));
    const leaders = await this.#services.repos.users.getMany(groups.flatMap((g) => (g.data.leader_id === null ? [] : [g.data.leader_id])));
    return groups.map((g) =>
      groupJson(g, { baseUrl, membersCount: counts.get(g.id) ?? 0, leader: g.data.leader_id === null ? undefined : leaders.get(g.data.leader_id) }),
    );
  }

  /** A group's data from a category: new groups inherit its context and its cap (group_limit). */
  newGroupData(category: Stored<GroupCategoryData>, input: NewGroup, now: number): GroupData {
    const c = category.data;
    return {
      name: input.name,
      group_category_id: category.id,
      context_type: c.context_type,
      context_id: c.context_id,
      course_id: c.course_id,
      description: input.description ?? null,
      is_public: input.is_public ?? false,
      // Canvas: self-signup categories let students join by themselves; otherwise only by invitation.
      join_level: input.join_level ?? (c.self_signup === null ? 'invitation_only' : 'parent_context_auto_join'),
      max_membership: input.max_membership ?? c.group_limit,
      leader_id: null,
      sis_group_id: null,
      workflow_state: 'available',
      created_at: isoSeconds(now),
    };
  }

  async create(category: Stored<GroupCategoryData>, input: NewGroup, stamp: WriteStamp): Promise<Stored<GroupData>> {
    if (input.name.trim() === '') throw ValidationError.field('name', "Name can't be blank", 'blank');
    if (input.max_membership !== undefined && input.max_membership !== null && input.max_membership < 1) {
      throw ValidationError.field('max_membership', 'must be greater than 0', 'greater_than');
    }
    return this.#services.repos.groups.create(this.newGroupData(category, { ...input, name: input.name.trim() }, stamp.now), stamp);
  }

  /** Builds a membership record without writing it (assignments insert many in one transaction). */
  buildMembership(group: Stored<GroupData>, userId: number, stamp: WriteStamp): Promise<Stored<GroupMembershipData>> {
    return this.#services.repos.groupMemberships.build(
      { group_id: group.id, user_id: userId, course_id: group.data.course_id, workflow_state: 'accepted', moderator: false, created_at: isoSeconds(stamp.now) },
      stamp,
    );
  }

  /** Sets the group's leader; `null` clears it. */
  /** Soft-deletes memberships (moving a student out of a category's other groups, deleting a group). */
  async removeMemberships(memberships: readonly Stored<GroupMembershipData>[], stamp: WriteStamp): Promise<void> {
    for (const m of memberships) {
      await this.#services.repos.groupMemberships.update(m.id, stamp, (d) => ({ ...d, workflow_state: 'deleted' }));
    }
  }
}
