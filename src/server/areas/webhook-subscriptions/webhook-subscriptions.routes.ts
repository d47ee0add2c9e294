import type { CoreServices } from '../../core-services.ts';
import type { ToolProxyData } from '../../domain/records/webhook-records.ts';
import { HttpError } from '../../http/http-errors.ts';
import { isToolPrincipal, LtiAccessTokens } from '../../http/lti-jwt-auth.ts';
import { publicRule, scopedRule } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type HttpMethod, type PermissionRule } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import { mayUseSubscriptionService } from '../../webhooks/event-types.ts';
import { authorizeParams, subscriptionIdParams, subscriptionUpdateParams, subscriptionWriteParams } from './webhook-subscriptions.params.ts';
import { subscriptionJson } from './webhook-subscriptions.serializer.ts';
import { unauthorizedSubscription, WebhookSubscriptionsService } from './webhook-subscriptions.service.ts';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * Webhook subscriptions (`/api/lti/subscriptions`, no version segment) for LTI 2 tool proxies holding JWT access
 * tokens, and the token endpoint that issues them. Subscriptions are stored in `local`; events are derived and
 * delivered by `webhooks/`.
 */
export function webhookSubscriptionsRoutes(services: CoreServices): AnyRoute[] {
  const tokens = new LtiAccessTokens((guid) => services.webhooks.findToolProxy(guid));
  const subscriptions = new WebhookSubscriptionsService(services.repos, services.webhooks, services.installation.root_account_id);
  const authenticate = (req: Parameters<LtiAccessTokens['authenticate']>[0]) => tokens.authenticate(req);
  /** The tool whose JWT authenticated the request, if its contract lists the subscription service with `method`; the handler's scope. */
  const viaService = (method: HttpMethod): PermissionRule<unknown, Stored<ToolProxyData>> =>
    scopedRule(
      `LTI 2 JWT access token of a tool proxy whose security contract lists vnd.Canvas.webhooksSubscription with ${method}`,
      method === 'GET' ? 'read' : 'write',
      async (ctx) => {
        const tool = isToolPrincipal(ctx.principal) ? await services.webhooks.findToolProxy(ctx.principal.toolProxyGuid) : undefined;
        // Canvas answers a tool without the capability with its own 401 body, not the generic one.
        if (!tool || !mayUseSubscriptionService(tool.data, method)) throw unauthorizedSubscription();
        return tool;
      },
    );
  const stampOf = (ctx: AuthenticatedContext) => ({ actorId: 0, requestId: ctx.requestId, now: ctx.now });

  return [
    defineRoute({
      method: 'POST',
      path: '/api/lti/accounts/:account_id/authorize',
      summary: 'Trade an LTI 2 tool proxy JWT assertion for a one-hour JWT access token',
      params: authorizeParams,
      // `own`: the tool trades its own signed assertion for its own access token; the handler verifies it.
      permission: publicRule('public: a tool proxy JWT assertion in the body, no access token', 'own'),
      handler: async (ctx, params) => {
        const rootId = services.installation.root_account_id;
        if (params.account_id !== 'self' && params.account_id !== String(rootId)) throw new HttpError(404, {});
        if (params.grant_type !== JWT_BEARER) throw new HttpError(400, { error: 'unsupported_grant_type' });
        if (!params.assertion) throw new HttpError(400, { error: 'invalid_request', error_description: 'assertion is required' });
        const audience = new URL(ctx.baseUrl).host;
        return { body: await tokens.exchangeAssertion(params.assertion, `${ctx.baseUrl}${ctx.path}`, audience, ctx.now) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/lti/subscriptions',
      summary: 'Create a webhook subscription (capability for every event type required)',
      params: subscriptionWriteParams,
      permission: viaService('POST'),
      authenticate,
      handler: async (ctx, params, tool) => {
        const created = await subscriptions.create(tool, params.subscription, params.submission, stampOf(ctx));
        return { body: subscriptionJson(created, { withSecret: true }) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/lti/subscriptions',
      summary: "List the developer key's subscriptions, 100 per result set (StartKey request / EndKey response headers)",
      params: subscriptionWriteParams.pick({}),
      permission: viaService('GET'),
      authenticate,
      handler: async (ctx, _params, tool) => {
        const { page, more } = await subscriptions.list(tool, startIdOf(ctx.headers.startkey));
        const last = page.at(-1);
        const headers: Record<string, string> = more && last ? { EndKey: JSON.stringify({ Id: last.data.uuid, DeveloperKey: last.data.developer_key }) } : {};
        return { body: page.map((s) => subscriptionJson(s)), headers };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/lti/subscriptions/:id',
      summary: 'Show a webhook subscription',
      params: subscriptionIdParams,
      permission: viaService('GET'),
      authenticate,
      handler: async (_ctx, params, tool) => ({ body: subscriptionJson(await subscriptions.find(tool, params.id)) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/lti/subscriptions/:id',
      summary: 'Update a webhook subscription (absent fields keep their value)',
      params: subscriptionUpdateParams,
      permission: viaService('PUT'),
      authenticate,
      handler: async (ctx, params, tool) => {
        const updated = await subscriptions.update(tool, params.id, params.subscription, params.submission, stampOf(ctx));
        return { body: subscriptionJson(updated) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/lti/subscriptions/:id',
      summary: 'Delete a webhook subscription; its undelivered events are cancelled',
      params: subscriptionIdParams,
      permission: viaService('DELETE'),
      authenticate,
      handler: async (ctx, params, tool) => {
        await subscriptions.remove(tool, params.id, stampOf(ctx));
        return { body: {} };
      },
    }),
  ] as AnyRoute[];
}

/** `StartKey: {"Id":"…","DeveloperKey":"…"}` as Canvas's own EndKey gave it; anything else is a client error. */
function startIdOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  try {
    const key = JSON.parse(Array.isArray(header) ? (header.at(-1) ?? '') : header) as { Id?: unknown };
    if (typeof key?.Id === 'string' && key.Id.length <= 200) return key.Id;
  } catch {
    // Falls through to the 400 below.
  }
  throw new HttpError(400, { error: 'Invalid StartKey' });
}
