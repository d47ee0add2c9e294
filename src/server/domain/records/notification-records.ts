/**
 * A user's notification preferences for one communication channel. They are private settings of one user, so
 * they live in `course_user` with that user's id and no course (docs/architecture.md §4.2): they sync to the owner's own
 * devices and the hub (which sends the notifications), never to anyone else's. One record per channel, whose id
 * is the channel's: two devices setting a first preference offline meet as one record, never as two.
 */

export const FREQUENCIES = ['immediately', 'daily', 'weekly', 'never'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface NotificationPolicyData {
  user_id: number;
  channel_id: number;
  /** Only what the user chose, keyed by notification slug (`new_announcement`); the rest follow the defaults. */
  frequencies: Record<string, Frequency>;
}
