import type { CoreServices } from '../../core-services.ts';
import { ParamMissingError } from '../../domain/errors.ts';
import type { DeveloperKeyData } from '../../domain/records/local-records.ts';
import { paginateMapped } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import {
  bindingParams,
  createDeveloperKeyParams,
  developerKeyIdParams,
  listDeveloperKeysParams,
  updateDeveloperKeyParams,
} from './developer-keys.params.ts';
import { bindingJson, developerKeyJson } from './developer-keys.serializer.ts';
import { DeveloperKeysService } from './developer-keys.service.ts';

const MANAGE = ['manage_developer_keys'] as const;

/** Developer keys (Canvas's OAuth2 clients), managed by admins holding `manage_developer_keys` on the root account. */
export function developerKeysRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const keys = new DeveloperKeysService(services);
  const json = async (key: Stored<DeveloperKeyData>) => developerKeyJson(key, await keys.facts(key));
  /** The key's own account decides (404 first when the key does not exist); the key is the handler's scope. */
  const onKeyAccount = scopedRule('manage_developer_keys on the account that owns the developer key', 'write', async (ctx, params: { id: number }) => {
    const key = await keys.get(params.id);
    return scopeIf(await services.access.can(ctx.principal, 'manage_developer_keys', { type: 'account', accountId: key.data.account_id }), key);
  });

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/accounts/:account_id/developer_keys',
      summary: "List the root account's developer keys, newest first (inherited=true: Site Admin's, of which there are none)",
      params: listDeveloperKeysParams,
      permission: rules.onAccount('read', MANAGE, (p: { account_id: string }) => p.account_id),
      async handler(ctx, params, { account }) {
        const listed = params.inherited ? [] : await keys.list(account.id);
        // Each key's facts cost reads (its tokens, creator, account): only the page's keys need them.
        return paginateMapped(ctx, listed, (page) => Promise.all(page.map(json)));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/accounts/:account_id/developer_keys',
      summary: 'Create a developer key; it starts switched off (see developer_key_account_bindings)',
      params: createDeveloperKeyParams,
      permission: rules.onAccount('write', MANAGE, (p: { account_id: string }) => p.account_id),
      async handler(ctx, params, { account }) {
        return { body: await json(await keys.create(account.id, ctx.principal.userId, params.developer_key, writeStamp(ctx))) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/developer_keys/:id',
      summary: 'Update a developer key (developer_key[event]=activate|deactivate changes its state)',
      params: updateDeveloperKeyParams,
      permission: onKeyAccount,
      handler: async (ctx, params, key) => ({ body: await json(await keys.update(key, params.developer_key, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/developer_keys/:id',
      summary: 'Delete a developer key; every token issued to it stops working',
      params: developerKeyIdParams,
      permission: onKeyAccount,
      handler: async (ctx, _params, key) => ({ body: await json(await keys.remove(key, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/accounts/:account_id/developer_keys/:developer_key_id/developer_key_account_bindings',
      summary: 'Switch a developer key on or off for the account: tokens are issued and honoured only while it is on',
      params: bindingParams,
      permission: rules.onAccount('write', MANAGE, (p: { account_id: string }) => p.account_id),
      async handler(ctx, params, { account }) {
        if (!params.developer_key_account_binding) throw new ParamMissingError('developer_key_account_binding');
        const state = params.developer_key_account_binding.workflow_state;
        return { body: bindingJson(await keys.setBinding(account.id, params.developer_key_id, state, writeStamp(ctx))) };
      },
    }),
  ];
}
