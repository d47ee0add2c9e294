import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { paginateArray } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { selfOrUserAdmin } from '../users/user-rules.ts';
import { UsersService } from '../users/users.service.ts';
import {
  accountLoginParams,
  accountLoginsParams,
  createLoginParams,
  updateLoginParams,
  userLoginParams,
  userLoginsParams,
  type AccountLoginParams,
  type AccountLoginsParams,
  type CreateLoginParams,
  type UpdateLoginParams,
  type UserLoginParams,
  type UserLoginsParams,
} from './logins.params.ts';
import { loginJson } from './logins.serializer.ts';
import { LoginsService } from './logins.service.ts';

const MANAGE = ['manage_user_logins'] as const;

/** Canvas's Logins API. Passwords go in, never out: the JSON is an allow-list without the hash. */
export function loginsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const logins = new LoginsService(services, rules.ids);
  const users = new UsersService(services, rules.ids);
  const accountIdOf = (p: { account_id: string }) => p.account_id;
  const isAccountAdmin = async (principal: Parameters<UsersService['isAdmin']>[0], rawAccountId: string) =>
    services.access.canAny(principal, MANAGE, { type: 'account', accountId: await rules.ids.accountId(rawAccountId) });
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/accounts/:account_id/logins',
      summary: "List an account's logins.",
      params: accountLoginsParams,
      permission: rules.onAccount('read', MANAGE, accountIdOf),
      handler: async (ctx, p: AccountLoginsParams) => paginateArray(ctx, (await logins.ofAccount(p.account_id)).map(loginJson)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/logins',
      summary: "List a user's logins.",
      params: userLoginsParams,
      permission: selfOrUserAdmin(users, 'read', MANAGE, (p: UserLoginsParams) => p.user_id),
      async handler(ctx, _p, { user }) {
        return paginateArray(ctx, (await logins.ofUser(user.id)).map(loginJson));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/accounts/:account_id/logins',
      summary: 'Add a login (with an optional password) to an existing user.',
      params: createLoginParams,
      permission: rules.onAccount('write', MANAGE, (p: CreateLoginParams) => p.account_id),
      handler: async (ctx, p) => ({ body: loginJson(await logins.create(ctx.principal, p, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/accounts/:account_id/logins/:id',
      summary: "Edit a login; people may change their own password, given `login[old_password]`.",
      params: updateLoginParams,
      permission: scopedRule('manage_user_logins on the account, or the login’s own user (password only)', 'write', async (ctx, p: UpdateLoginParams) => {
        const login = await logins.inAccount(p.account_id, p.id);
        const admin = await isAccountAdmin(ctx.principal, p.account_id);
        return scopeIf(admin || login.data.user_id === ctx.principal.userId, { login, admin });
      }),
      async handler(ctx, p, { login, admin }) {
        return { body: loginJson(await logins.update(ctx.principal, login, p.login, admin, writeStamp(ctx))) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/accounts/:account_id/logins/:id',
      summary: 'Delete a login (not the last one of its user).',
      params: accountLoginParams,
      permission: rules.onAccount('write', MANAGE, (p: AccountLoginParams) => p.account_id),
      handler: async (ctx, p) => ({ body: loginJson(await logins.remove(await logins.inAccount(p.account_id, p.id), writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/users/:user_id/logins/:id',
      summary: "Delete a user's login (Canvas's own path for it).",
      params: userLoginParams,
      permission: scopedRule('manage_user_logins on the root account', 'write', async (ctx, p: UserLoginParams) => {
        const user = await users.user(p.user_id, ctx.principal);
        return scopeIf(await users.isAdmin(ctx.principal, MANAGE), { user });
      }),
      async handler(ctx, p, { user }) {
        const login = (await logins.ofUser(user.id)).find((l) => l.id === p.id);
        if (!login) throw new NotFoundError();
        return { body: loginJson(await logins.remove(login, writeStamp(ctx))) };
      },
    }),
  ];
}
