import type { Channel, Preference } from './notification-preferences.service.ts';

/**
 * Canvas's NotificationPreference JSON (`lib/api/v1/notification_policy.rb`) plus the spec's `href`, which
 * Canvas documents but does not print: the preference's own URL under the channel's `:type/:address`.
 */
export function preferenceJson(baseUrl: string, channel: Channel, preference: Preference): Record<string, unknown> {
  const c = channel.data;
  const channelPath = `/api/v1/users/${c.user_id}/communication_channels/${encodeURIComponent(c.type)}/${encodeURIComponent(c.address)}`;
  return {
    href: `${baseUrl}${channelPath}/notification_preferences/${preference.type.slug}`,
    notification: preference.type.slug,
    category: preference.type.category,
    frequency: preference.frequency,
  };
}

/** Every answer about preferences is wrapped (docs/canvas-compatibility.md §0.3), a single one in a one-entry list. */
export function preferencesBody(baseUrl: string, channel: Channel, preferences: readonly Preference[]) {
  return { notification_preferences: preferences.map((p) => preferenceJson(baseUrl, channel, p)) };
}
