import type { CoreServices } from '../../core-services.ts';
import type { GroupData } from '../../domain/records/group-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { pageResult, readPageRequest } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import { userJson } from '../users/users.serializer.ts';
import { createMembershipParams, groupIdParams, listMembershipsParams, showGroupParams, updateGroupParams } from './groups.params.ts';
import { membershipJson } from './groups.serializer.ts';
import { GroupsService } from './groups.service.ts';
import { MembershipsService } from './memberships.service.ts';

export function groupsRoutes(services: CoreServices): AnyRoute[] {
  const groups = new GroupsService(services);
  const memberships = new MembershipsService(services);
  /** Group `:read`, for routes naming the group as `:id` or `:group_id`. */
  const readable = <P>(groupIdOf: (p: P) => number) =>
    scopedRule('a member of the group, or manage_groups / view_group_pages in its context', 'read', async (ctx, p: P) => {
      const group = await groups.get(groupIdOf(p));
      return scopeIf(await groups.canRead(ctx.principal, group), group);
    });

  /** manage_groups in the group's context, for the routes that change the group itself. */
  const manageable = scopedRule('manage_groups in the group’s context', 'write', async (ctx, p: { group_id: number }) => {
    const group = await groups.get(p.group_id);
    return scopeIf(await groups.canManage(ctx.principal, group.data), group);
  });
  const answer = async (group: Stored<GroupData>, baseUrl: string) => {
    const [body] = await groups.json([group], baseUrl);
    return { body };
  };

  return [
    defineRoute({
      method: 'PUT',
      path: '/api/v1/groups/:group_id',
      summary: 'Edit a group: name, description, max_membership, leader_id (null clears); fields not sent keep their values',
      params: updateGroupParams,
      permission: manageable,
      handler: async (ctx, { group_id: _id, ...changes }, group) => answer(await groups.update(group, changes, writeStamp(ctx)), ctx.baseUrl),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/groups/:group_id',
      summary: 'Delete a group and its memberships',
      params: groupIdParams,
      permission: manageable,
      handler: async (ctx, _p, group) => answer(await groups.remove(group, writeStamp(ctx)), ctx.baseUrl),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/groups/:id',
      summary: 'Get a group (include[]: users, permissions)',
      params: showGroupParams,
      permission: readable((p: { id: number }) => p.id),
      handler: async (ctx, p, group) => {
        const [body] = (await groups.json([group], ctx.baseUrl)) as [Record<string, unknown>];
        if (p.include.includes('users')) {
          const live = (await groups.membershipsOf([group.id])).filter((m) => m.data.workflow_state === 'accepted');
          const users = await services.repos.users.getMany(live.map((m) => m.data.user_id));
          const view = { baseUrl: ctx.baseUrl, showLogins: false, includes: new Set<string>() };
          body.users = [...users.values()].map((u) => userJson(u, view));
        }
        if (p.include.includes('permissions')) {
          const member = await groups.isMember(group.id, ctx.principal.userId);
          const manager = await groups.canManage(ctx.principal, group.data);
          const join = !member && (await memberships.mayAdd(ctx.principal, group, String(ctx.principal.userId)));
          body.permissions = { create_discussion_topic: member || manager, join, create_announcement: manager };
        }
        return { body };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/groups/:group_id/memberships',
      summary: "List a group's memberships (filter_states[]: accepted, invited, requested)",
      params: listMembershipsParams,
      permission: readable((p: { group_id: number }) => p.group_id),
      handler: async (ctx, p, group) => {
        const states = p.filter_states ?? [];
        const all = (await groups.membershipsOf([group.id])).filter((m) => states.length === 0 || (states as readonly string[]).includes(m.data.workflow_state));
        const request = readPageRequest(ctx.query);
        return pageResult(ctx, request, all.length, all.slice(request.offset, request.offset + request.perPage).map((m) => membershipJson(m)));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/groups/:group_id/memberships',
      summary: 'Add a user to a group (managers: anyone in its context; students: themselves where self-signup allows)',
      params: createMembershipParams,
      permission: scopedRule('manage_groups in the group’s context, or the user themself where the group may be joined', 'write', async (ctx, p: { group_id: number; user_id: string }) => {
        const group = await groups.get(p.group_id);
        return scopeIf(await memberships.mayAdd(ctx.principal, group, p.user_id), group);
      }),
      handler: async (ctx, p, group) => {
        const { membership, created } = await memberships.add(ctx.principal, group, p.user_id, writeStamp(ctx));
        return { body: membershipJson(membership, created) };
      },
    }),
  ];
}
