import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { PermissionContext } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { GroupCategoryData, GroupData, GroupMembershipData } from '../../domain/records/group-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { GroupChanges, NewGroup } from './groups.params.ts';
import { groupJson } from './groups.serializer.ts';
import { GROUP_READERS, isAcceptedMembership } from '../../domain/group-visibility.ts';

/** Memberships that hold a place in a group: a deleted one does not. */
export const isLive = (m: Stored<GroupMembershipData>): boolean => m.data.workflow_state !== 'deleted';

/** Canvas's keyed 400s for a group's name and cap, on create and on update alike; an unsent name is not checked. */
function checkFields(input: { name?: string; max_membership?: number | null }): void {
  if (input.name !== undefined && input.name.trim() === '') throw ValidationError.field('name', "Name can't be blank", 'blank');
  if (input.max_membership !== undefined && input.max_membership !== null && input.max_membership < 1) {
    throw ValidationError.field('max_membership', 'must be greater than 0', 'greater_than');
  }
}

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
    return memberships.some((m) => isAcceptedMembership(m.data));
  }

  /**
   * Canvas's group `:read`: its members, and whoever manages groups or may view group pages in its context.
   * Students outside the group do not see it (view_group_pages is off for them by default).
   */
  async canRead(principal: Principal, group: Stored<GroupData>): Promise<boolean> {
    if (await this.isMember(group.id, principal.userId)) return true;
    return this.#services.access.canAny(principal, GROUP_READERS, groupContext(group.data));
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
    checkFields(input);
    return this.#services.repos.groups.create(this.newGroupData(category, { ...input, name: input.name.trim() }, stamp.now), stamp);
  }

  /** Builds a membership record without writing it (assignments insert many in one transaction). */
  buildMembership(group: Stored<GroupData>, userId: number, stamp: WriteStamp): Promise<Stored<GroupMembershipData>> {
    return this.#services.repos.groupMemberships.build(
      { group_id: group.id, user_id: userId, course_id: group.data.course_id, workflow_state: 'accepted', moderator: false, created_at: isoSeconds(stamp.now) },
      stamp,
    );
  }

  /**
   * A PUT: sent fields replace the stored ones, the others stay. A leader must be one of the group's accepted
   * members (Canvas's GroupLeadership refuses anyone else); `leader_id: null` clears it.
   */
  async update(group: Stored<GroupData>, changes: GroupChanges, stamp: WriteStamp): Promise<Stored<GroupData>> {
    checkFields(changes);
    if (changes.leader_id !== undefined && changes.leader_id !== null && !(await this.isMember(group.id, changes.leader_id))) {
      throw ValidationError.field('leader_id', 'must be a member of the group', 'not_a_member');
    }
    const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<GroupData>;
    const updated = await this.#services.repos.groups.update(group.id, stamp, (d) => ({ ...d, ...sent, ...(sent.name === undefined ? {} : { name: sent.name.trim() }) }));
    if (!updated) throw new NotFoundError('group');
    return updated;
  }

  /** Soft-deletes the group and its memberships in one write, so no member is left in a group that is gone. */
  async remove(group: Stored<GroupData>, stamp: WriteStamp): Promise<Stored<GroupData>> {
    const { repos } = this.#services;
    return retryStale(async () => {
      const read = await this.get(group.id);
      const memberships = await this.membershipsOf([group.id]);
      const deleted = repos.groups.replacement(read, { ...read.data, workflow_state: 'deleted' }, stamp);
      await writeTogether([deleted, ...this.membershipRemovals(memberships, stamp)]);
      return deleted.record;
    });
  }

  /** Memberships ended, planned for a write that also does something else (a move, deleting a group or a set). */
  membershipRemovals(memberships: readonly Stored<GroupMembershipData>[], stamp: WriteStamp): PlannedWrite[] {
    return this.#services.repos.groupMemberships.replacements(memberships.map((m) => ({ read: m, data: { ...m.data, workflow_state: 'deleted' as const } })), stamp);
  }
}
