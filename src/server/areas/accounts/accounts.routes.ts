import type { CoreServices } from '../../core-services.ts';
import { ParamMissingError } from '../../domain/errors.ts';
import { paginateArray } from '../../http/pagination.ts';
import { authenticated, scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { createSubAccountParams, listAccountsParams, listSubAccountsParams, showAccountParams } from './accounts.params.ts';
import { accountJson } from './accounts.serializer.ts';
import { AccountsService } from './accounts.service.ts';

export function accountsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const accounts = new AccountsService(services);
  /** Canvas's account `:read`: an admin of the account or of an ancestor (404 first when it does not exist). */
  const adminOf = <P>(idOf: (params: P) => string) =>
    scopedRule('an admin membership on the account or an ancestor', 'read', async (ctx, params: P) => {
      const account = await accounts.resolve(idOf(params));
      return scopeIf(await accounts.administers(ctx.principal, account.id), { account });
    });

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/accounts',
      summary: 'List the accounts the caller administers',
      params: listAccountsParams,
      permission: authenticated,
      handler: async (ctx) => paginateArray(ctx, (await accounts.administeredBy(ctx.principal.userId)).map(accountJson)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/accounts/:id',
      summary: 'Get a single account',
      params: showAccountParams,
      permission: adminOf((p: { id: string }) => p.id),
      handler: (_ctx, _params, { account }) => ({ body: accountJson(account) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/accounts/:account_id/sub_accounts',
      summary: 'List the sub-accounts of an account (recursive=true: the whole subtree)',
      params: listSubAccountsParams,
      permission: adminOf((p: { account_id: string }) => p.account_id),
      handler: async (ctx, params, { account }) => paginateArray(ctx, (await accounts.subAccounts(account.id, params.recursive)).map(accountJson)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/accounts/:account_id/sub_accounts',
      summary: 'Create a sub-account',
      params: createSubAccountParams,
      permission: rules.onAccount('write', ['manage_account_settings'], (p: { account_id: string }) => p.account_id),
      handler: async (ctx, params, { account: parent }) => {
        if (!params.account) throw new ParamMissingError('account');
        return { body: accountJson(await accounts.createSubAccount(parent, params.account, writeStamp(ctx))) };
      },
    }),
  ];
}
