import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { GroupCategoryData, GroupData, GroupMembershipData } from '../../domain/records/group-records.ts';
import { writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { IdResolver } from '../common/id-lookup.ts';
import { CategoryRoster } from '../group-categories/category-roster.ts';
import { chooseLeader } from '../group-categories/group-assignment.ts';
import { PROTECTED_ROLES } from '../group-categories/group-categories.serializer.ts';
import { GroupsService } from './groups.service.ts';

export interface AddedMembership {
  membership: Stored<GroupMembershipData>;
  created: boolean;
}

/**
 * Adding people to groups: managers add anyone in the group's context, a student may add themself where the
 * category has self-signup (restricted: only beside members of their own section) or the group auto-joins.
 */
export class MembershipsService {
  readonly #services: CoreServices;
  readonly #groups: GroupsService;
  readonly #roster: CategoryRoster;
  readonly #ids: IdResolver;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#groups = new GroupsService(services);
    this.#roster = new CategoryRoster(services);
    this.#ids = new IdResolver(services);
  }

  async category(group: Stored<GroupData>): Promise<Stored<GroupCategoryData>> {
    const category = await this.#services.repos.groupCategories.get(group.data.group_category_id);
    if (!category || category.data.workflow_state === 'deleted') throw new NotFoundError('group category');
    return category;
  }

  /** The permission question of `POST /groups/:group_id/memberships`. */
  async mayAdd(principal: Principal, group: Stored<GroupData>, rawUserId: string): Promise<boolean> {
    if (await this.#groups.canManage(principal, group.data)) return true;
    if ((await this.#ids.userId(rawUserId, principal)) !== principal.userId) return false;
    const category = await this.category(group);
    if (category.data.self_signup === null && group.data.join_level !== 'parent_context_auto_join') return false;
    if (category.data.self_signup !== 'restricted') return true;
    const candidates = await this.#roster.candidates(category, Date.now());
    const sectionsOf = (userId: number) => new Set(candidates.find((c) => c.user.id === userId)?.sections.map((s) => s.section_id) ?? []);
    const own = sectionsOf(principal.userId);
    const members = await this.#groups.membershipsOf([group.id]);
    return members.every((m) => [...sectionsOf(m.data.user_id)].some((id) => own.has(id)));
  }

  /**
   * Adds the user (an existing live membership is returned as it is). Outside multiple-membership categories a
   * user sits in one group, so their other memberships in the category end (Canvas's mutually exclusive rule).
   */
  async add(principal: Principal, group: Stored<GroupData>, rawUserId: string, stamp: WriteStamp): Promise<AddedMembership> {
    const userId = await this.#ids.userId(rawUserId, principal);
    const user = await this.#services.repos.users.get(userId);
    if (!user || user.data.workflow_state === 'deleted') throw new NotFoundError('user');
    const category = await this.category(group);
    const live = await this.#groups.membershipsOf([group.id]);
    const existing = live.find((m) => m.data.user_id === userId);
    if (existing) return { membership: existing, created: false };
    const inContext = await this.#inContext(category, userId, stamp.now);
    if (!inContext) throw ValidationError.field('user_id', 'user must be in the group context', 'not_in_group_context');
    if (group.data.max_membership !== null && live.length >= group.data.max_membership) {
      throw ValidationError.field('group_id', 'The group is full.', 'full');
    }
    const { groups, groupMemberships } = this.#services.repos;
    // Leaving the other groups, joining this one and its new leader are one write: a move is never half done.
    const writes: PlannedWrite[] = [];
    if (!(category.data.role !== null && PROTECTED_ROLES.has(category.data.role))) writes.push(...(await this.#leaveOtherGroups(category, group.id, userId, stamp)));
    const membership = await this.#groups.buildMembership(group, userId, stamp);
    writes.push(groupMemberships.insertion(membership));
    if (group.data.leader_id === null) {
      const leader = chooseLeader(category.data.auto_leader, [...live.map((m) => m.data.user_id), userId], Math.random);
      const read = leader === null ? undefined : await groups.get(group.id);
      if (read) writes.push(groups.replacement(read, { ...read.data, leader_id: leader }, stamp));
    }
    await writeTogether(writes);
    return { membership, created: true };
  }

  async #inContext(category: Stored<GroupCategoryData>, userId: number, now: number): Promise<boolean> {
    if (category.data.context_type === 'Account') return (await this.#roster.candidates(category, now)).some((c) => c.user.id === userId);
    const course = await this.#services.repos.courses.get(category.data.context_id);
    const enrollments = await this.#services.repos.enrollments.find({ course_id: category.data.context_id, user_id: userId });
    return course !== undefined && enrollments.some((e) => e.data.workflow_state === 'active' || e.data.workflow_state === 'invited');
  }

  /** The user's memberships in the category's other groups, ended: planned for the write that adds the new one. */
  async #leaveOtherGroups(category: Stored<GroupCategoryData>, groupId: number, userId: number, stamp: WriteStamp): Promise<PlannedWrite[]> {
    const { groups } = this.#services.repos;
    const others = (await this.#groups.groupsOf(category.id)).filter((g) => g.id !== groupId);
    const theirs = (await this.#groups.membershipsOf(others.map((g) => g.id))).filter((m) => m.data.user_id === userId);
    return [
      ...this.#groups.membershipRemovals(theirs, stamp),
      // A leader who leaves stops leading (Canvas's GroupLeadership): the group picks anew on its next member.
      ...groups.replacements(others.filter((g) => g.data.leader_id === userId).map((g) => ({ read: g, data: { ...g.data, leader_id: null } })), stamp),
    ];
  }
}
