import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import type { GroupCategoryData, GroupData, GroupMembershipData } from '../../domain/records/group-records.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import { writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { GroupsService } from '../groups/groups.service.ts';
import { ProgressService } from '../progress/progress.service.ts';
import type { JobKind } from '../../jobs/job-runner.ts';
import { CategoryRoster, type Candidate, type SectionRef } from './category-roster.ts';
import { chooseLeader, distributeMembers, type Random } from './group-assignment.ts';
import { isPending, PROTECTED_ROLES } from './group-categories.serializer.ts';

/** One group of the sync answer (docs/canvas-compatibility.md §3.4). */
export interface PlacementJson {
  id: number;
  new_members: { user_id: number; name: string; display_name: string; sections: SectionRef[] }[];
}

/** What a distribution writes: new memberships, and leaders for groups that had none. */
export interface AssignmentPlan {
  memberships: Stored<GroupMembershipData>[];
  leaders: Map<number, number>;
  placements: PlacementJson[];
}

export const ASSIGN_TAG = 'assign_unassigned_members';

/**
 * assign_unassigned_members and split_group_count: places the category's unassigned students evenly over its
 * groups (group-assignment.ts) and applies auto_leader. Runs of one category are serialized, so two requests
 * can never place the same student twice.
 */
export class MemberAssignment {
  readonly #services: CoreServices;
  readonly #groups: GroupsService;
  readonly #roster: CategoryRoster;
  readonly #progress: ProgressService;
  readonly #random: Random;
  /** One distribution per category at a time, so two requests can never place the same student twice. */
  readonly #running = new KeyedQueue();

  constructor(services: CoreServices, random: Random = Math.random) {
    this.#services = services;
    this.#groups = new GroupsService(services);
    this.#roster = new CategoryRoster(services);
    this.#progress = new ProgressService(services);
    this.#random = random;
    services.jobs.register(this.#job);
  }

  /** Canvas refuses student-organized categories, and course categories restricted to sections (400 `{}`). */
  refuses(category: Stored<GroupCategoryData>): boolean {
    return category.data.role === 'student_organized' || (category.data.context_type === 'Course' && category.data.self_signup === 'restricted');
  }

  /** Plans placing `candidates` in `groups` (stored or only built); nothing is written. */
  async plan(
    category: Stored<GroupCategoryData>,
    groups: readonly Stored<GroupData>[],
    live: readonly Stored<GroupMembershipData>[],
    candidates: readonly Candidate[],
    stamp: WriteStamp,
  ): Promise<AssignmentPlan> {
    const membersOf = (groupId: number) => live.filter((m) => m.data.group_id === groupId).map((m) => m.data.user_id);
    const rooms = groups.map((g) => ({ id: g.id, size: membersOf(g.id).length, limit: g.data.max_membership }));
    const byId = new Map(groups.map((g) => [g.id, g]));
    const plan: AssignmentPlan = { memberships: [], leaders: new Map(), placements: [] };
    for (const placement of distributeMembers(rooms, candidates, this.#random)) {
      const group = byId.get(placement.groupId)!;
      for (const c of placement.members) plan.memberships.push(await this.#groups.buildMembership(group, c.user.id, stamp));
      const members = [...membersOf(group.id), ...placement.members.map((c) => c.user.id)];
      if (group.data.leader_id === null || !members.includes(group.data.leader_id)) {
        const leader = chooseLeader(category.data.auto_leader, members, this.#random);
        if (leader !== null) plan.leaders.set(group.id, leader);
      }
      plan.placements.push({
        id: group.id,
        new_members: placement.members.map((c) => ({ user_id: c.user.id, name: c.user.data.sortable_name, display_name: c.user.data.short_name, sections: c.sections })),
      });
    }
    return plan;
  }

  /** Places the unassigned students now; the groups that received someone, as the sync answer lists them. */
  assignNow(category: Stored<GroupCategoryData>, stamp: WriteStamp): Promise<PlacementJson[]> {
    return this.#running.run(String(category.id), async () => {
      const groups = await this.#groups.groupsOf(category.id);
      const live = await this.#groups.membershipsOf(groups.map((g) => g.id));
      const multiple = category.data.role !== null && PROTECTED_ROLES.has(category.data.role);
      const candidates = await this.#roster.unassigned(category, stamp.now, multiple);
      const plan = await this.plan(category, groups, live, candidates, stamp);
      // Members and new leaders together: a failure leaves no group with members but no leader.
      const { groups: groupRepo, groupMemberships } = this.#services.repos;
      const byId = new Map(groups.map((g) => [g.id, g]));
      const leaderWrites = [...plan.leaders].map(([groupId, leaderId]) => {
        const group = byId.get(groupId)!;
        return groupRepo.replacement(group, { ...group.data, leader_id: leaderId }, stamp);
      });
      const writes = [...plan.memberships.map((m) => groupMemberships.insertion(m)), ...leaderWrites];
      if (writes.length > 0) await writeTogether(writes);
      return plan.placements;
    });
  }

  /**
   * The asynchronous form: a Progress that is running when answered (docs/canvas-compatibility.md §3.4) and moves
   * to completed, with the placements as its results, or failed. A job still pending is reused, as Canvas does. It
   * runs from the job table, so a restart finishes it; its one item is the whole placement, written at once.
   */
  async start(category: Stored<GroupCategoryData>, stamp: WriteStamp): Promise<Stored<ProgressData>> {
    const existing = category.data.progress_id === null ? undefined : await this.#services.repos.progress.get(category.data.progress_id);
    if (existing && isPending(existing)) return existing;
    const queued = await this.#services.jobs.enqueue(this.#job, { category_id: category.id }, { context_type: 'GroupCategory', context_id: category.id }, stamp);
    await this.#services.repos.groupCategories.update(category.id, stamp, (c) => ({ ...c, progress_id: queued.id }));
    return this.#progress.advance(queued.id, 0, stamp);
  }

  readonly #job: JobKind<{ category_id: number }> = {
    kind: ASSIGN_TAG,
    inputs: z.object({ category_id: z.number() }),
    load: async ({ category_id: id }) => {
      // Read when the job runs: the category may have changed (or gone) since the answer, or since a crash.
      const category = await this.#services.repos.groupCategories.get(id);
      if (!category || category.data.workflow_state === 'deleted') throw new Error('the group category was deleted');
      let placements: PlacementJson[] = [];
      return {
        count: 1,
        apply: async (_index, stamp) => {
          placements = await this.assignNow(category, stamp);
        },
        // After a restart the placements written before the crash are not known again: the results list what this run placed.
        finish: async () => placements,
      };
    },
  };
}
