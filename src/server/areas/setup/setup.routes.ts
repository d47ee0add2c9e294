import type { CoreServices } from '../../core-services.ts';
import { forbidden } from '../../http/http-errors.ts';
import { publicAccess, publicRule } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type RequestContext } from '../../http/route.ts';
import { hubStatusJson } from '../sync/hub.serializer.ts';
import { signedIn } from '../sessions/session-routing.ts';
import { firstPersonParams, setupStatusParams } from './setup.params.ts';
import type { SetupService } from './setup.service.ts';

/** First run (docs/decisions/0019): open to everyone until someone can sign in with a password, closed after. */
export function setupRoutes(services: CoreServices, setup: SetupService): AnyRoute[] {
  return [
    defineRoute<typeof setupStatusParams, undefined, RequestContext>({
      method: 'GET',
      path: '/api/v1/outpost/setup',
      summary: 'Whether first-run setup is needed, and whether this installation is connected to a hub.',
      params: setupStatusParams,
      permission: publicAccess,
      async handler() {
        const hub = hubStatusJson(services.sync.hub.state());
        return { body: { setup_needed: await setup.needed(), hub: { connected: hub.connected, url: hub.url } } };
      },
    }),
    defineRoute<typeof firstPersonParams, undefined, RequestContext>({
      method: 'POST',
      path: '/api/v1/outpost/setup',
      summary: 'Create the first person (a teacher who may create courses) and sign them in; only while setup is needed.',
      params: firstPersonParams,
      permission: publicRule('public while first-run setup is needed (nobody but the built-in admin signs in)', 'write'),
      async handler(ctx, params) {
        const userId = await setup.createFirstPerson(params, ctx.requestId, ctx.now);
        if (userId === undefined) throw forbidden('Outpost is already set up');
        return signedIn(services, ctx, userId);
      },
    }),
  ];
}
