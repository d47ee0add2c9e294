import type { CoreServices } from '../../core-services.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { GroupCategoryData } from '../../domain/records/group-records.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { Grant, PermissionRule } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import { groupContext } from '../groups/groups.service.ts';
import type { GroupCategoriesService } from './group-categories.service.ts';

type ByCategory = { group_category_id: number };

/**
 * Permission rules of routes naming a category: each resolves it first (404 when it does not exist), then asks
 * the policy in the category's account or course.
 */
export function categoryRules(services: CoreServices, categories: GroupCategoriesService) {
  const { access } = services;
  const holds = (principal: Principal, category: Stored<GroupCategoryData>, permissions: readonly PermissionName[]) =>
    access.canAny(principal, permissions, groupContext(category.data));

  const rule = <P extends ByCategory>(
    description: string,
    grants: Grant,
    decide: (principal: Principal, category: Stored<GroupCategoryData>) => Promise<boolean>,
  ): PermissionRule<P, Stored<GroupCategoryData>> =>
    scopedRule(description, grants, async (ctx, p: P) => {
      const category = await categories.resolve(p.group_category_id);
      return scopeIf(await decide(ctx.principal, category), category);
    });

  return {
    manage: <P extends ByCategory>(grants: Grant) =>
      rule<P>('manage_groups in the category’s course or account', grants, (principal, c) => holds(principal, c, ['manage_groups'])),

    /**
     * The spec's "401 if the caller lacks rights to see it", as Canvas decides it: only those who manage the groups
     * of the category's course or account see a category whole; members see their groups through the groups API.
     */
    read: <P extends ByCategory>() =>
      rule<P>('manage_groups in the category’s course or account', 'read', (principal, c) => holds(principal, c, ['manage_groups'])),

    roster: <P extends ByCategory>() =>
      rule<P>('read_roster or manage_groups in the category’s course or account', 'read', (principal, c) => holds(principal, c, ['read_roster', 'manage_groups'])),
  };
}
