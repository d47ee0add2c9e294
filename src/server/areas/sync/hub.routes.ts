import type { CoreServices } from '../../core-services.ts';
import { allowIf, authenticated, publicOrIdentified } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type RequestContext } from '../../http/route.ts';
import { HttpError } from '../../http/http-errors.ts';
import { HubSignInError } from '../../sync/hub-sign-in.ts';
import { findHubs } from '../../sync/hub-discovery.ts';
import { writeStamp } from '../common/api-values.ts';
import { signedIn } from '../sessions/session-routing.ts';
import { connectHubParams, disconnectHubParams, hubStatusParams, nearbyHubsParams, type ConnectHubParams, type DisconnectHubParams } from './hub.params.ts';
import { hubStatusJson } from './hub.serializer.ts';
import { HubConnectionService } from './hub.service.ts';

/** How long a search for hubs on the LAN listens: mDNS responders answer within 20–120 ms (RFC 6762 §6); the rest is slack for busy laptops. */
const BROWSE_MS = 1_500;

/** This installation's connection to its hub, made and ended from the UI (docs/decisions/0020). */
export function hubRoutes(services: CoreServices): AnyRoute[] {
  const connection = new HubConnectionService(services);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/sync/hub',
      summary: 'The hub this installation syncs with, if any (never its token).',
      params: hubStatusParams,
      permission: authenticated,
      handler: () => ({ body: hubStatusJson(services.sync.hub.state()) }),
    }),
    defineRoute<typeof connectHubParams, undefined, RequestContext>({
      method: 'POST',
      path: '/api/v1/sync/hub',
      summary: 'Connect to a hub with a hub email and password: sync as that user, who is then signed in here too.',
      params: connectHubParams,
      permission: publicOrIdentified(
        'anyone while first-run setup is open; then manage_account_settings on the root account, or the person this installation synced as',
        'write',
        (ctx) => connection.mayConnect(ctx.principal),
      ),
      localOnly: true,
      async handler(ctx, params: ConnectHubParams) {
        const userId = await connection.connect(params, { actorId: ctx.principal?.userId ?? 0, requestId: ctx.requestId, now: ctx.now }).catch(hubThrottling);
        const session = await signedIn(services, ctx, userId);
        return { ...session, body: { ...session.body, hub: hubStatusJson(services.sync.hub.state()) } };
      },
    }),
    defineRoute<typeof nearbyHubsParams, undefined, RequestContext>({
      method: 'GET',
      path: '/api/v1/sync/hub/nearby',
      summary: 'Hubs found on this network: classroom hubs announcing _outpost._tcp by DNS-SD, each with its name and address',
      params: nearbyHubsParams,
      permission: publicOrIdentified('whoever may connect this installation to a hub', 'read', (ctx) => connection.mayConnect(ctx.principal)),
      localOnly: true,
      handler: async () => ({ body: await findHubs(BROWSE_MS) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/sync/hub',
      summary: 'Disconnect from the hub and forget its token; local data stays unless remove_data=true.',
      params: disconnectHubParams,
      permission: allowIf('manage_account_settings on the root account, or the connected person', 'write', (ctx) => connection.mayDisconnect(ctx.principal)),
      localOnly: true,
      async handler(ctx: AuthenticatedContext, params: DisconnectHubParams) {
        await connection.disconnect(params.remove_data === true, writeStamp(ctx));
        return { status: 204, body: null };
      },
    }),
  ];
}

/** The hub asked us to wait: passed on as 429 with its Retry-After, as our own sign-in throttle answers. */
function hubThrottling(err: unknown): never {
  if (err instanceof HubSignInError && err.kind === 'throttled') {
    throw new HttpError(429, { errors: [{ message: err.message }] }, { 'Retry-After': String(err.retryAfter ?? 60) });
  }
  throw err;
}
