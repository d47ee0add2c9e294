import type { CalendarItem } from '../../../../contracts/calendar-dtos.ts';
import type { DiscussionTopic } from '../../../../contracts/discussion-dtos.ts';
import type { Conversation } from '../../../../contracts/inbox-dtos.ts';

/** The kinds of desktop notification, by the notification category whose preference decides them. */
export type NoticeKind = 'conversation_message' | 'announcement' | 'due_date';

/** One thing to notify about; `key` says what it was so it is never notified twice. */
export type Notice =
  | { kind: 'conversation_message'; key: string; conversation: Conversation }
  | { kind: 'announcement'; key: string; announcement: DiscussionTopic & { context_code?: string } }
  | { kind: 'due_date'; key: string; item: CalendarItem };

/** What one look at the server found, for the kinds the person wants notified (others absent). */
export interface Observed {
  unread?: readonly Conversation[];
  announcements?: readonly (DiscussionTopic & { context_code?: string })[];
  dueSoon?: readonly CalendarItem[];
}

/**
 * What has been seen: messages and announcements already there when the watch started are the person's old news
 * (`primed` records that the first look was taken), not notified; a due-soon reminder is the point from the first
 * look on. Keys carry a message's time, so a new message in a known conversation is news again.
 */
export interface Seen {
  keys: ReadonlySet<string>;
  primed: ReadonlySet<NoticeKind>;
}

export const NOTHING_SEEN: Seen = { keys: new Set(), primed: new Set() };

/** The notices a look brings, and what is seen after it. */
export function noticesFor(observed: Observed, seen: Seen): { notices: Notice[]; seen: Seen } {
  const found: Notice[] = [
    ...(observed.unread ?? []).map((conversation): Notice => ({ kind: 'conversation_message', key: `conversation:${conversation.id}:${conversation.last_message_at ?? ''}`, conversation })),
    ...(observed.announcements ?? []).map((announcement): Notice => ({ kind: 'announcement', key: `announcement:${announcement.id}`, announcement })),
    ...(observed.dueSoon ?? []).map((item): Notice => ({ kind: 'due_date', key: `due:${item.id}:${item.start_at ?? ''}`, item })),
  ];
  const looked = new Set<NoticeKind>([...(observed.unread ? ['conversation_message' as const] : []), ...(observed.announcements ? ['announcement' as const] : []), ...(observed.dueSoon ? ['due_date' as const] : [])]);
  const notices = found.filter((n) => !seen.keys.has(n.key) && (n.kind === 'due_date' || seen.primed.has(n.kind)));
  return { notices, seen: { keys: new Set([...seen.keys, ...found.map((n) => n.key)]), primed: new Set([...seen.primed, ...looked]) } };
}
