import type { CoreServices } from '../../core-services.ts';
import { paginate } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { createRoleParams, listRolesParams, roleLookupParams, updateRoleParams } from './roles.params.ts';
import { createdRoleJson } from './roles.serializer.ts';
import { RolesService } from './roles.service.ts';

const ROLES = '/api/v1/accounts/:account_id/roles';

export function rolesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const roles = new RolesService(services);
  const { directory } = roles;
  // docs/canvas-compatibility.md §5.3: every role endpoint needs manage_role_overrides on the account.
  const read = rules.onAccount('read', ['manage_role_overrides'], (p: { account_id: string }) => p.account_id);
  const manage = rules.onAccount('write', ['manage_role_overrides'], (p: { account_id: string }) => p.account_id);

  return [
    defineRoute({
      method: 'GET',
      path: ROLES,
      summary: 'List roles: the built-in ones, then custom roles of the account (show_inherited: and of its ancestors)',
      params: listRolesParams,
      permission: read,
      handler: async (ctx, p, { account }) => {
        const scope = await directory.scope(account);
        const list = await directory.list(scope, RolesService.states(p.state), p.show_inherited);
        return paginate(ctx, { count: () => list.length, fetch: (offset, limit) => roles.present(scope, list.slice(offset, offset + limit)) });
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${ROLES}/:id`,
      summary: 'Get a single role, by id (or by name, deprecated), with its permissions at the account',
      params: roleLookupParams,
      permission: read,
      handler: async (_ctx, p, { account }) => {
        const scope = await directory.scope(account);
        return { body: await roles.presentOne(scope, await directory.find(scope, p.id, p.role)) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: ROLES,
      summary: 'Create a custom account or course role, optionally with permissions[<X>] overrides',
      params: createRoleParams,
      permission: manage,
      handler: async (ctx, p, { account }) => {
        const scope = await directory.scope(account);
        return { body: createdRoleJson(await roles.presentOne(scope, await roles.create(scope, p, writeStamp(ctx)))) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: `${ROLES}/:id`,
      summary: "Update a role's label (custom roles of the account) and its permissions at the account",
      params: updateRoleParams,
      permission: manage,
      handler: async (ctx, p, { account }) => {
        const scope = await directory.scope(account);
        return { body: await roles.presentOne(scope, await roles.update(scope, p, p, writeStamp(ctx))) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${ROLES}/:id`,
      summary: 'Deactivate a custom role of the account (built-in roles cannot be deactivated)',
      params: roleLookupParams,
      permission: manage,
      handler: async (ctx, p, { account }) => {
        const scope = await directory.scope(account);
        return { body: await roles.presentOne(scope, await roles.deactivate(scope, p, writeStamp(ctx))) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${ROLES}/:id/activate`,
      summary: 'Reactivate an inactive custom role of the account',
      params: roleLookupParams,
      permission: manage,
      handler: async (ctx, p, { account }) => {
        const scope = await directory.scope(account);
        return { body: await roles.presentOne(scope, await roles.activate(scope, p, writeStamp(ctx))) };
      },
    }),
  ];
}
