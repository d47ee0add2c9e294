import type { CoreServices } from '../../core-services.ts';
import { pageResult, readPageRequest } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { categoryMemberRoutes } from './category-members.routes.ts';
import { categoryRules } from './category-rules.ts';
import {
  accountCategoriesParams,
  categoryIdParams,
  courseCategoriesParams,
  createAccountCategoryParams,
  createCourseCategoryParams,
  includesOf,
  showCategoryParams,
  updateCategoryParams,
  type CategoryFields,
} from './group-categories.params.ts';
import { accountCategories, courseCategories, GroupCategoriesService, type CategoryContext } from './group-categories.service.ts';

const accountIdOf = (p: { account_id: string }) => p.account_id;

export function groupCategoriesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const categories = new GroupCategoriesService(services);
  const byCategory = categoryRules(services, categories);

  const list = async (ctx: AuthenticatedContext, context: CategoryContext, p: Parameters<typeof includesOf>[0]) => {
    const all = await categories.list(context);
    const request = readPageRequest(ctx.query);
    const slice = all.slice(request.offset, request.offset + request.perPage);
    return pageResult(ctx, request, all.length, await categories.json(ctx.principal, slice, { baseUrl: ctx.baseUrl, includes: includesOf(p) }));
  };
  const create = async (ctx: AuthenticatedContext, context: CategoryContext, fields: CategoryFields) => {
    const category = await categories.create(context, fields, writeStamp(ctx));
    const [body] = await categories.json(ctx.principal, [category], { baseUrl: ctx.baseUrl, includes: includesOf(fields), counts: true });
    return { body };
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/accounts/:account_id/group_categories',
      summary: "List an account's group categories",
      params: accountCategoriesParams,
      permission: rules.onAccount('read', ['manage_groups'], accountIdOf),
      handler: (ctx, p, { account }) => list(ctx, accountCategories(account.id), p),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/group_categories',
      summary: "List a course's group categories",
      params: courseCategoriesParams,
      permission: rules.inCourse('read', ['manage_groups'], courseIdOf),
      handler: (ctx, p, { courseId }) => list(ctx, courseCategories(courseId), p),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/accounts/:account_id/group_categories',
      summary: 'Create a group category in an account',
      params: createAccountCategoryParams,
      permission: rules.onAccount('write', ['manage_groups'], accountIdOf),
      handler: (ctx, p, { account }) => create(ctx, accountCategories(account.id), p),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/group_categories',
      summary: 'Create a group category in a course (create_group_count creates groups; split_group_count also fills them)',
      params: createCourseCategoryParams,
      permission: rules.inCourse('write', ['manage_groups'], courseIdOf),
      handler: (ctx, p, { courseId }) => create(ctx, courseCategories(courseId), p),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/group_categories/:group_category_id',
      summary: 'Get a group category',
      params: showCategoryParams,
      permission: byCategory.read(),
      handler: async (ctx, p, category) => {
        const [body] = await categories.json(ctx.principal, [category], { baseUrl: ctx.baseUrl, includes: includesOf(p) });
        return { body };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/group_categories/:group_category_id',
      summary: 'Update a group category (fields not sent keep their values; an empty value clears)',
      params: updateCategoryParams,
      permission: byCategory.manage('write'),
      handler: async (ctx, p, category) => {
        const updated = await categories.update(category, p, writeStamp(ctx));
        const [body] = await categories.json(ctx.principal, [updated], { baseUrl: ctx.baseUrl, includes: includesOf(p) });
        return { body };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/group_categories/:group_category_id',
      summary: 'Delete a group category and its groups (communities and student_organized are protected)',
      params: categoryIdParams,
      permission: byCategory.manage('write'),
      handler: async (ctx, _p, category) => {
        const deleted = await categories.remove(category, writeStamp(ctx));
        const [body] = await categories.json(ctx.principal, [deleted], { baseUrl: ctx.baseUrl, includes: new Set() });
        return { body };
      },
    }),
    ...categoryMemberRoutes(categories, byCategory),
  ];
}
