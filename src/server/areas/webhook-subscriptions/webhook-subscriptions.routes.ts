import type { CoreServices } from '../../core-services.ts';
import { DATA_SERVICES_SCOPE } from '../../domain/oauth/developer-key-rules.ts';
import { HttpError, insufficientScopeError } from '../../http/http-errors.ts';
import { isDeveloperKeyPrincipal, isToolPrincipal, LtiAccessTokens } from '../../http/lti-jwt-auth.ts';
import { publicRule, scopedRule } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type HttpMethod, type PermissionRule } from '../../http/route.ts';
import { mayUseSubscriptionService } from '../../webhooks/event-types.ts';
import { developerKeySubscriber, toolProxySubscriber, type Subscriber } from './subscriber.ts';
import { authorizeParams, subscriptionIdParams, subscriptionUpdateParams, subscriptionWriteParams } from './webhook-subscriptions.params.ts';
import { subscriptionJson } from './webhook-subscriptions.serializer.ts';
import { unauthorizedSubscription, WebhookSubscriptionsService } from './webhook-subscriptions.service.ts';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * Webhook subscriptions (`/api/lti/subscriptions`, no version segment) for LTI 2 tool proxies holding JWT access
 * tokens, and the token endpoint that issues them; LTI 1.3 developer keys come with `client_credentials` tokens
 * from `/login/oauth2/token` instead. Subscriptions are stored in `local`; events are derived and delivered by
 * `webhooks/`.
 */
export function webhookSubscriptionsRoutes(services: CoreServices): AnyRoute[] {
  const rootAccountId = services.installation.root_account_id;
  const tokens = new LtiAccessTokens(
    { findToolProxy: (guid) => services.webhooks.findToolProxy(guid), findDeveloperKey: (id) => services.repos.developerKeys.get(id) },
    services.serviceTokens,
  );
  const subscriptions = new WebhookSubscriptionsService(services.repos, services.webhooks, rootAccountId);
  const authenticate = (req: Parameters<LtiAccessTokens['authenticate']>[0]) => tokens.authenticate(req);
  /**
   * The tool proxy or developer key whose JWT authenticated the request, the handler's scope: a tool proxy's
   * security contract must list the subscription service with `method`, a developer key's token must hold the
   * data services scope of `action`.
   */
  const viaService = (method: HttpMethod, action: keyof typeof DATA_SERVICES_SCOPE): PermissionRule<unknown, Subscriber> =>
    scopedRule(
      `LTI 2 JWT access token of a tool proxy whose security contract lists vnd.Canvas.webhooksSubscription with ${method}, or a client_credentials token with ${DATA_SERVICES_SCOPE[action]}`,
      method === 'GET' ? 'read' : 'write',
      async (ctx) => {
        const { principal } = ctx;
        if (isDeveloperKeyPrincipal(principal)) {
          const key = await services.repos.developerKeys.get(principal.developerKeyId);
          if (!key || !principal.serviceScopes.includes(DATA_SERVICES_SCOPE[action])) throw insufficientScopeError();
          return developerKeySubscriber(key.id, key.data, rootAccountId);
        }
        const tool = isToolPrincipal(principal) ? await services.webhooks.findToolProxy(principal.toolProxyGuid) : undefined;
        // Canvas answers a tool without the capability with its own 401 body, not the generic one.
        if (!tool || !mayUseSubscriptionService(tool.data, method)) throw unauthorizedSubscription();
        return toolProxySubscriber(tool.data, rootAccountId);
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
        if (params.account_id !== 'self' && params.account_id !== String(rootAccountId)) throw new HttpError(404, {});
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
      permission: viaService('POST', 'create'),
      authenticate,
      handler: async (ctx, params, subscriber) => {
        const created = await subscriptions.create(subscriber, params.subscription, params.submission, stampOf(ctx));
        return { body: subscriptionJson(created, { withSecret: true }) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/lti/subscriptions',
      summary: "List the developer key's subscriptions, 100 per result set (StartKey request / EndKey response headers)",
      params: subscriptionWriteParams.pick({}),
      permission: viaService('GET', 'list'),
      authenticate,
      handler: async (ctx, _params, subscriber) => {
        const { page, more } = await subscriptions.list(subscriber, startIdOf(ctx.headers.startkey));
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
      permission: viaService('GET', 'show'),
      authenticate,
      handler: async (_ctx, params, subscriber) => ({ body: subscriptionJson(await subscriptions.find(subscriber, params.id)) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/lti/subscriptions/:id',
      summary: 'Update a webhook subscription (absent fields keep their value)',
      params: subscriptionUpdateParams,
      permission: viaService('PUT', 'update'),
      authenticate,
      handler: async (ctx, params, subscriber) => {
        const updated = await subscriptions.update(subscriber, params.id, params.subscription, params.submission, stampOf(ctx));
        return { body: subscriptionJson(updated) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/lti/subscriptions/:id',
      summary: 'Delete a webhook subscription; its undelivered events are cancelled',
      params: subscriptionIdParams,
      permission: viaService('DELETE', 'destroy'),
      authenticate,
      handler: async (ctx, params, subscriber) => {
        await subscriptions.remove(subscriber, params.id, stampOf(ctx));
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
