import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { selfOrUserAdmin } from '../users/user-rules.ts';
import { UsersService } from '../users/users.service.ts';
import { createChannelParams, listChannelsParams, type CreateChannelParams, type ListChannelsParams } from './communication-channels.params.ts';
import { channelJson } from './communication-channels.serializer.ts';
import { CommunicationChannelsService } from './communication-channels.service.ts';

/** Admins who manage logins may see and add anyone's channels, and confirm them at once (Canvas's skip_confirmation). */
const CHANNEL_ADMIN = ['manage_user_logins'] as const;

export function communicationChannelsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const users = new UsersService(services, rules.ids);
  const channels = new CommunicationChannelsService(services);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/communication_channels',
      summary: "List a user's communication channels by position (retired ones are gone).",
      params: listChannelsParams,
      permission: selfOrUserAdmin(users, 'read', CHANNEL_ADMIN, (p: ListChannelsParams) => p.user_id),
      async handler(ctx, _params, { user }) {
        return paginateArray(ctx, (await channels.list(user.id)).map(channelJson));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/users/:user_id/communication_channels',
      summary: 'Add a communication channel (email or sms) at the end of the list: unconfirmed, or active when an admin skips confirmation',
      params: createChannelParams,
      permission: selfOrUserAdmin(users, 'write', CHANNEL_ADMIN, (p: CreateChannelParams) => p.user_id),
      async handler(ctx, params, { user }) {
        const confirmed = params.skip_confirmation && (await users.isAdmin(ctx.principal, CHANNEL_ADMIN));
        return { body: channelJson(await channels.create(user.id, params.communication_channel, confirmed, writeStamp(ctx))) };
      },
    }),
  ];
}
