import { InvalidParameterError } from '../../domain/errors.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import { pageResult, readPageRequest } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import { writeStamp } from '../common/api-values.ts';
import { createGroupParams } from '../groups/groups.params.ts';
import { progressJson } from '../progress/progress.serializer.ts';
import { userJson } from '../users/users.serializer.ts';
import type { categoryRules } from './category-rules.ts';
import { assignMembersParams, categoryGroupsParams, categoryUsersParams } from './group-categories.params.ts';
import { PROTECTED_ROLES } from './group-categories.serializer.ts';
import type { GroupCategoriesService } from './group-categories.service.ts';

/** docs/canvas-compatibility.md §1.4: shorter search terms are refused with a coded 400. */
const MIN_SEARCH_TERM_LENGTH = 3;

/** Canvas matches names partially and ids exactly; logins are left out so a search cannot probe for one. */
function matchesSearch(user: Stored<UserData>, term: string): boolean {
  const needle = term.toLowerCase();
  const u = user.data;
  return String(user.id) === term || [u.name, u.sortable_name, u.short_name].some((field) => field.toLowerCase().includes(needle));
}

/** The routes under a category: its groups, its users, and placing unassigned users in groups. */
export function categoryMemberRoutes(categories: GroupCategoriesService, byCategory: ReturnType<typeof categoryRules>): AnyRoute[] {
  const { groups, roster, assignment } = categories;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/group_categories/:group_category_id/groups',
      summary: "List a category's active groups, by name",
      params: categoryGroupsParams,
      permission: byCategory.manage('read'),
      handler: async (ctx, _p, category) => {
        const all = await groups.groupsOf(category.id);
        const request = readPageRequest(ctx.query);
        const slice = all.slice(request.offset, request.offset + request.perPage);
        return pageResult(ctx, request, all.length, await groups.json(slice, ctx.baseUrl));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/group_categories/:group_category_id/groups',
      summary: 'Create a group in a category (its cap defaults to the category’s group_limit)',
      params: createGroupParams,
      permission: byCategory.manage('write'),
      handler: async (ctx, p, category) => {
        const group = await groups.create(category, p, writeStamp(ctx));
        const [body] = await groups.json([group], ctx.baseUrl);
        return { body };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/group_categories/:group_category_id/users',
      summary: "List the users a category's groups can hold (search_term ≥ 3 characters; unassigned)",
      params: categoryUsersParams,
      permission: byCategory.roster(),
      handler: async (ctx, p, category) => {
        const term = p.search_term?.trim();
        if (term !== undefined && term.length < MIN_SEARCH_TERM_LENGTH) {
          throw new InvalidParameterError('search_term', `${MIN_SEARCH_TERM_LENGTH} or more characters is required`);
        }
        const multiple = category.data.role !== null && PROTECTED_ROLES.has(category.data.role);
        const candidates = p.unassigned ? await roster.unassigned(category, ctx.now, multiple) : await roster.candidates(category, ctx.now);
        const users = candidates.map((c) => c.user).filter((u) => term === undefined || matchesSearch(u, term));
        const request = readPageRequest(ctx.query);
        const view = { baseUrl: ctx.baseUrl, showLogins: false, includes: new Set<string>() };
        return pageResult(ctx, request, users.length, users.slice(request.offset, request.offset + request.perPage).map((u) => userJson(u, view)));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/group_categories/:group_category_id/assign_unassigned_members',
      summary: 'Spread unassigned students evenly over the groups: a Progress, or with sync=true the placements',
      params: assignMembersParams,
      permission: byCategory.manage('write'),
      handler: async (ctx, p, category) => {
        // Canvas answers these refusals with a bare 400 `{}` (docs/canvas-compatibility.md §3.4).
        if (assignment.refuses(category)) return { status: 400, body: {} };
        if (p.sync) return { body: await assignment.assignNow(category, writeStamp(ctx)) };
        return { body: progressJson(await assignment.start(category, writeStamp(ctx)), ctx.baseUrl) };
      },
    }),
  ];
}
