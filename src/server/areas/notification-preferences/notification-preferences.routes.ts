import type { CoreServices } from '../../core-services.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type RouteResult } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { selfOrUserAdmin } from '../users/user-rules.ts';
import { UsersService } from '../users/users.service.ts';
import { CATEGORY_SLUGS } from './notification-catalog.ts';
import {
  channelByAddressParams,
  channelByIdParams,
  preferenceByAddressParams,
  preferenceByIdParams,
  updateCategoryParams,
  updateManyByAddressParams,
  updateManyByIdParams,
  updateOneByAddressParams,
  updateOneByIdParams,
} from './notification-preferences.params.ts';
import { preferencesBody } from './notification-preferences.serializer.ts';
import { NotificationPreferencesService, type Channel, type Preference } from './notification-preferences.service.ts';

type ChannelRef = { communication_channel_id: number } | { type: string; address: string };

/**
 * Notification preferences per communication channel. Reading another user's needs view_statistics (Canvas);
 * changing them is only ever for one's own channels, which is why those paths say `users/self`.
 */
export function notificationPreferencesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const prefs = new NotificationPreferencesService(services);
  const users = new UsersService(services, rules.ids);
  const readRule = selfOrUserAdmin(users, 'read', ['view_statistics'], (p: { user_id: string }) => p.user_id);
  // Someone else's channel by id is a 401 (it exists, it is not yours); by address it is only looked up among yours.
  const ownChannelRule = scopedRule("the caller's own communication channel", 'own', async (ctx, p: ChannelRef) => {
    if (!('communication_channel_id' in p)) return prefs.channelAt(ctx.principal.userId, p.type, p.address);
    const channel = await prefs.channel(p.communication_channel_id);
    return scopeIf(channel.data.user_id === ctx.principal.userId, channel);
  });

  const channelOf = async (userId: number, ref: ChannelRef): Promise<Channel> =>
    'communication_channel_id' in ref ? prefs.channelOf(userId, ref.communication_channel_id) : prefs.channelAt(userId, ref.type, ref.address);
  const answer = (ctx: AuthenticatedContext, channel: Channel, list: readonly Preference[]): RouteResult => ({
    body: preferencesBody(ctx.baseUrl, channel, list),
  });

  const listRoute = (path: string, params: typeof channelByIdParams | typeof channelByAddressParams) =>
    defineRoute({
      method: 'GET',
      path,
      summary: "List the channel's preference for every notification (defaults where none was chosen), wrapped",
      params,
      permission: readRule,
      handler: async (ctx, p, { user }) => {
        const channel = await channelOf(user.id, p);
        return answer(ctx, channel, await prefs.preferences(channel));
      },
    });
  const showRoute = (path: string, params: typeof preferenceByIdParams | typeof preferenceByAddressParams) =>
    defineRoute({
      method: 'GET',
      path,
      summary: 'Get the preference for one notification, wrapped in a one-entry list',
      params,
      permission: readRule,
      handler: async (ctx, p, { user }) => {
        const channel = await channelOf(user.id, p);
        return answer(ctx, channel, [await prefs.preference(channel, p.notification)]);
      },
    });
  const updateOneRoute = (path: string, params: typeof updateOneByIdParams | typeof updateOneByAddressParams) =>
    defineRoute({
      method: 'PUT',
      path,
      summary: 'Set the frequency of one notification on one of your channels',
      params,
      permission: ownChannelRule,
      handler: async (ctx, p, channel) => {
        return answer(ctx, channel, await prefs.setOne(channel, p.notification, p.notification_preferences, writeStamp(ctx)));
      },
    });
  const updateManyRoute = (path: string, params: typeof updateManyByIdParams | typeof updateManyByAddressParams) =>
    defineRoute({
      method: 'PUT',
      path,
      summary: 'Set the frequencies of several notifications on one of your channels (all checked before any is saved)',
      params,
      permission: ownChannelRule,
      handler: async (ctx, p, channel) => {
        return answer(ctx, channel, await prefs.setMany(channel, p.notification_preferences, writeStamp(ctx)));
      },
    });

  return [
    listRoute('/api/v1/users/:user_id/communication_channels/:communication_channel_id/notification_preferences', channelByIdParams),
    listRoute('/api/v1/users/:user_id/communication_channels/:type/:address/notification_preferences', channelByAddressParams),
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/communication_channels/:communication_channel_id/notification_preference_categories',
      summary: 'List the notification categories, wrapped as {"categories":[…]}',
      params: channelByIdParams,
      permission: readRule,
      handler: async (_ctx, p, { user }) => {
        await channelOf(user.id, p);
        return { body: { categories: CATEGORY_SLUGS } };
      },
    }),
    showRoute('/api/v1/users/:user_id/communication_channels/:communication_channel_id/notification_preferences/:notification', preferenceByIdParams),
    showRoute('/api/v1/users/:user_id/communication_channels/:type/:address/notification_preferences/:notification', preferenceByAddressParams),
    updateOneRoute('/api/v1/users/self/communication_channels/:communication_channel_id/notification_preferences/:notification', updateOneByIdParams),
    updateOneRoute('/api/v1/users/self/communication_channels/:type/:address/notification_preferences/:notification', updateOneByAddressParams),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/users/self/communication_channels/:communication_channel_id/notification_preference_categories/:category',
      summary: 'Set the frequency of every notification of a category on one of your channels',
      params: updateCategoryParams,
      permission: ownChannelRule,
      handler: async (ctx, p, channel) => {
        return answer(ctx, channel, await prefs.setCategory(channel, p.category, p.notification_preferences, writeStamp(ctx)));
      },
    }),
    updateManyRoute('/api/v1/users/self/communication_channels/:communication_channel_id/notification_preferences', updateManyByIdParams),
    updateManyRoute('/api/v1/users/self/communication_channels/:type/:address/notification_preferences', updateManyByAddressParams),
  ];
}
