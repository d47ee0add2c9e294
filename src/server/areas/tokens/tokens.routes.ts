import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { selfOrUserAdmin } from '../users/user-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { UsersService } from '../users/users.service.ts';
import {
  createTokenParams,
  listTokensParams,
  tokenParams,
  type CreateTokenParams,
  type ListTokensParams,
  type TokenParams,
} from './tokens.params.ts';
import { tokenJson } from './tokens.serializer.ts';
import { TokensService } from './tokens.service.ts';

/** Acting as another user is Canvas's `become_user`: only such admins may mint tokens for someone else. */
const ISSUE_FOR_OTHERS = ['become_user'] as const;
const MANAGE_OTHERS = ['manage_user_logins', 'become_user'] as const;

export function tokensRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const users = new UsersService(services, rules.ids);
  const tokens = new TokensService(services);
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/users/:user_id/tokens',
      summary: 'Create an access token; `visible_token` is in this response only.',
      params: createTokenParams,
      permission: selfOrUserAdmin(users, 'write', ISSUE_FOR_OTHERS, (p: CreateTokenParams) => p.user_id),
      async handler(ctx, params, { user }) {
        const { record, visibleToken } = await tokens.issue(ctx.principal, user.id, params.token, writeStamp(ctx));
        return { body: { ...tokenJson(record), visible_token: visibleToken } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/tokens',
      summary: "List a user's active tokens (hints only).",
      params: listTokensParams,
      permission: selfOrUserAdmin(users, 'read', MANAGE_OTHERS, (p: ListTokensParams) => p.user_id),
      async handler(ctx, _params, { user }) {
        return paginateArray(ctx, (await tokens.list(user.id)).map(tokenJson));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/tokens/:id',
      summary: 'Show an access token (hint only).',
      params: tokenParams,
      permission: selfOrUserAdmin(users, 'read', MANAGE_OTHERS, (p: TokenParams) => p.user_id),
      async handler(_ctx, params, { user }) {
        return { body: tokenJson(await tokens.get(user.id, params.id)) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/users/:user_id/tokens/:id',
      summary: 'Revoke an access token; it stops working at once.',
      params: tokenParams,
      permission: selfOrUserAdmin(users, 'write', MANAGE_OTHERS, (p: TokenParams) => p.user_id),
      async handler(ctx, params, { user }) {
        return { body: tokenJson(await tokens.revoke(user.id, params.id, writeStamp(ctx))) };
      },
    }),
  ];
}
