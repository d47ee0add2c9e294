import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { GroupCategoryData, GroupContextType, GroupData } from '../../domain/records/group-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { GroupsService } from '../groups/groups.service.ts';
import { CategoryRoster } from './category-roster.ts';
import { resolveSettings, singularName } from './category-settings.ts';
import type { CategoryFields, CategoryInclude } from './group-categories.params.ts';
import { categoryJson, PROTECTED_ROLES } from './group-categories.serializer.ts';
import { MemberAssignment } from './member-assignment.ts';

/** Canvas's group categories controller answers an unknown or deleted category with `{"status":"not found"}`. */
const CATEGORY_404 = () => NotFoundError.saying('not found', 'bare_status');

/** The account or course a category belongs to. */
export interface CategoryContext {
  context_type: GroupContextType;
  context_id: number;
  course_id: number;
}

/** The categories of an account (the route's rule resolved it). */
export const accountCategories = (accountId: number): CategoryContext => ({ context_type: 'Account', context_id: accountId, course_id: 0 });

/** The categories of a course (the route's rule resolved it). */
export const courseCategories = (courseId: number): CategoryContext => ({ context_type: 'Course', context_id: courseId, course_id: courseId });

export interface JsonOptions {
  baseUrl: string;
  includes: ReadonlySet<CategoryInclude>;
  /** Create always shows the counts (docs/canvas-compatibility.md §3.1). */
  counts?: boolean;
}

/** Group categories of accounts and courses: lookups, writes (validated in full first) and their JSON. */
export class GroupCategoriesService {
  readonly #services: CoreServices;
  readonly groups: GroupsService;
  readonly roster: CategoryRoster;
  readonly assignment: MemberAssignment;

  constructor(services: CoreServices) {
    this.#services = services;
    this.groups = new GroupsService(services);
    this.roster = new CategoryRoster(services);
    this.assignment = new MemberAssignment(services);
  }

  async resolve(id: number): Promise<Stored<GroupCategoryData>> {
    const category = await this.#services.repos.groupCategories.get(id);
    if (!category || category.data.workflow_state === 'deleted') throw CATEGORY_404();
    return category;
  }

  /** Active categories of the context, by id (Canvas's default order). */
  async list(context: CategoryContext): Promise<Stored<GroupCategoryData>[]> {
    const rows = await this.#services.repos.groupCategories.find({ parent_id: context.context_id, course_id: context.course_id });
    return rows.filter((c) => c.data.workflow_state === 'active' && c.data.context_type === context.context_type);
  }

  async create(context: CategoryContext, fields: CategoryFields, stamp: WriteStamp): Promise<Stored<GroupCategoryData>> {
    const resolved = resolveSettings(fields, undefined, context.context_type);
    await this.#checkName(context, resolved.settings.name, undefined, resolved.errors);
    if (Object.keys(resolved.errors).length > 0) throw new ValidationError(resolved.errors);
    const category = await this.#services.repos.groupCategories.build(
      { ...context, ...resolved.settings, role: null, sis_group_category_id: null, progress_id: null, workflow_state: 'active', created_at: isoSeconds(stamp.now) },
      stamp,
    );
    const inserts = await this.#newGroups(category, resolved.groupCount, 0, resolved.split, stamp);
    // The category, its groups and (split) their members commit together or not at all.
    await writeTogether([this.#services.repos.groupCategories.insertion(category), ...inserts]);
    return category;
  }

  /** A PUT: unmentioned fields keep their values; a changed group_limit becomes every group's cap (Canvas). */
  async update(category: Stored<GroupCategoryData>, fields: CategoryFields, stamp: WriteStamp): Promise<Stored<GroupCategoryData>> {
    const { repos } = this.#services;
    const context: CategoryContext = { context_type: category.data.context_type, context_id: category.data.context_id, course_id: category.data.course_id };
    const resolved = resolveSettings(fields, category.data, context.context_type);
    await this.#checkName(context, resolved.settings.name, category.id, resolved.errors);
    if (Object.keys(resolved.errors).length > 0) throw new ValidationError(resolved.errors);
    // The category, its groups' new cap and any new groups (with split members) share the course collection:
    // one transaction, so a failure cannot leave groups capped differently from their category.
    return retryStale(async () => {
      const read = await repos.groupCategories.get(category.id);
      if (!read) throw new NotFoundError();
      const existing = await this.groups.groupsOf(category.id);
      const planned = repos.groupCategories.replacement(read, { ...read.data, ...resolved.settings }, stamp);
      const capped = resolved.settings.group_limit === read.data.group_limit ? [] : existing;
      const inserts = await this.#newGroups(planned.record, resolved.groupCount, existing.length, resolved.split, stamp);
      await writeTogether([
        planned,
        ...repos.groups.replacements(capped.map((g) => ({ read: g, data: { ...g.data, max_membership: resolved.settings.group_limit } })), stamp),
        ...inserts,
      ]);
      return planned.record;
    });
  }

  /** Soft-deletes the category, its groups and their memberships, in one transaction; protected categories are refused (401). */
  async remove(category: Stored<GroupCategoryData>, stamp: WriteStamp): Promise<Stored<GroupCategoryData>> {
    if (category.data.role !== null && PROTECTED_ROLES.has(category.data.role)) throw new UnauthorizedError();
    const { repos } = this.#services;
    return retryStale(async () => {
      const read = await repos.groupCategories.get(category.id);
      if (!read) throw new NotFoundError();
      const groups = await this.groups.groupsOf(category.id);
      const memberships = await this.groups.membershipsOf(groups.map((g) => g.id));
      const deleted = repos.groupCategories.replacement(read, { ...read.data, workflow_state: 'deleted' }, stamp);
      await writeTogether([
        deleted,
        ...this.groups.membershipRemovals(memberships, stamp),
        ...repos.groups.replacements(groups.map((g) => ({ read: g, data: { ...g.data, workflow_state: 'deleted' } })), stamp),
      ]);
      return deleted.record;
    });
  }

  async json(principal: Principal, categories: readonly Stored<GroupCategoryData>[], options: JsonOptions): Promise<Record<string, unknown>[]> {
    const { repos } = this.#services;
    const own = (await repos.groupMemberships.find({ user_id: principal.userId })).filter((m) => m.data.workflow_state !== 'deleted');
    const ownGroups = await repos.groups.getMany([...new Set(own.map((m) => m.data.group_id))]);
    const memberOf = new Set([...ownGroups.values()].filter((g) => g.data.workflow_state !== 'deleted').map((g) => g.data.group_category_id));
    const progressIds = categories.flatMap((c) => (c.data.progress_id === null ? [] : [c.data.progress_id]));
    const progress = await repos.progress.getMany(progressIds);
    const out: Record<string, unknown>[] = [];
    for (const c of categories) {
      const counts = options.counts === true;
      const multiple = c.data.role !== null && PROTECTED_ROLES.has(c.data.role);
      out.push(
        categoryJson(c, {
          baseUrl: options.baseUrl,
          isMember: memberOf.has(c.id),
          progress: c.data.progress_id === null ? undefined : progress.get(c.data.progress_id),
          progressUrl: options.includes.has('progress_url'),
          groupsCount: counts || options.includes.has('groups_count') ? (await this.groups.groupsOf(c.id)).length : undefined,
          unassignedUsersCount:
            counts || options.includes.has('unassigned_users_count') ? (await this.roster.unassigned(c, Date.now(), multiple)).length : undefined,
        }),
      );
    }
    return out;
  }

  /** Canvas: names are unique among the context's active categories. */
  async #checkName(context: CategoryContext, name: string, selfId: number | undefined, errors: Record<string, { type: string; message: string }[]>) {
    if (name === '' || errors.name) return;
    const taken = (await this.list(context)).some((c) => c.id !== selfId && c.data.name === name);
    if (taken) (errors.name ??= []).push({ type: 'taken', message: `${name} is already in use.` });
  }

  /**
   * Builds `count` groups named "<singular name> n", numbered after the groups already there; with `split`, also
   * the memberships placing the unassigned students over the new groups, leaders set before anything is written.
   */
  async #newGroups(category: Stored<GroupCategoryData>, count: number, existing: number, split: boolean, stamp: WriteStamp): Promise<PlannedWrite[]> {
    const { groups: groupRepo, groupMemberships } = this.#services.repos;
    const base = singularName(category.data.name);
    const groups: Stored<GroupData>[] = [];
    for (let n = 1; n <= count; n++) {
      const data = this.groups.newGroupData(category, { name: `${base} ${existing + n}` }, stamp.now);
      groups.push(await groupRepo.build(data, stamp));
    }
    if (!split || groups.length === 0) return groups.map((g) => groupRepo.insertion(g));
    const candidates = await this.roster.unassigned(category, stamp.now, false);
    const plan = await this.assignment.plan(category, groups, [], candidates, stamp);
    for (const g of groups) g.data = { ...g.data, leader_id: plan.leaders.get(g.id) ?? null };
    return [...groups.map((g) => groupRepo.insertion(g)), ...plan.memberships.map((m) => groupMemberships.insertion(m))];
  }
}
