import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import type { CommunicationChannelData } from '../../domain/records/directory-records.ts';
import { paginateArray } from '../../http/pagination.ts';
import { paginationParams } from '../../http/params/canvas-params.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { selfOrUserAdmin } from '../users/user-rules.ts';
import { UsersService } from '../users/users.service.ts';

const listChannelsParams = z.object({ user_id: z.string(), ...paginationParams });
type ListChannelsParams = z.output<typeof listChannelsParams>;

/** Canvas's CommunicationChannel JSON. */
export function channelJson(channel: Stored<CommunicationChannelData>): Record<string, unknown> {
  const c = channel.data;
  return { id: channel.id, address: c.address, type: c.type, position: c.position, user_id: c.user_id, workflow_state: c.workflow_state };
}

export function communicationChannelsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const users = new UsersService(services, rules.ids);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/communication_channels',
      summary: "List a user's communication channels by position (retired ones are gone).",
      params: listChannelsParams,
      permission: selfOrUserAdmin(users, 'read', ['manage_user_logins'], (p: ListChannelsParams) => p.user_id),
      async handler(ctx, _params, { user }) {
        const channels = (await services.repos.channels.find({ user_id: user.id }))
          .filter((c) => c.data.workflow_state !== 'retired')
          .sort((a, b) => a.data.position - b.data.position || a.id - b.id);
        return paginateArray(ctx, channels.map(channelJson));
      },
    }),
  ];
}
