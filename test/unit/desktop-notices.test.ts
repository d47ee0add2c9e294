import { describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../src/contracts/calendar-dtos.ts';
import type { DiscussionTopic } from '../../src/contracts/discussion-dtos.ts';
import type { Conversation } from '../../src/contracts/inbox-dtos.ts';
import { NOTHING_SEEN, noticesFor } from '../../src/renderer/src/features/notifications/desktop-notices.ts';

const conversation = (id: number, at: string) => ({ id, subject: 'Trip', last_message_at: at }) as Conversation;
const announcement = (id: number) => ({ id, title: `News ${id}` }) as DiscussionTopic;
const due = (id: string) => ({ id, type: 'assignment', title: 'Lab', start_at: '2026-11-29T09:00:00Z' }) as CalendarItem;

describe('desktop notices', () => {
  it('what was there at the first look is old news; what arrives after is notified once', () => {
    const first = noticesFor({ unread: [conversation(1, '2026-11-28T08:00:00Z')], announcements: [announcement(7)] }, NOTHING_SEEN);
    expect(first.notices).toEqual([]);
    const second = noticesFor({ unread: [conversation(1, '2026-11-28T08:00:00Z'), conversation(2, '2026-11-28T09:00:00Z')], announcements: [announcement(8), announcement(7)] }, first.seen);
    expect(second.notices.map((n) => n.key)).toEqual(['conversation:2:2026-11-28T09:00:00Z', 'announcement:8']);
    // A new message in a known conversation is news again; the same look twice notifies nothing.
    const third = noticesFor({ unread: [conversation(1, '2026-11-28T10:00:00Z')] }, second.seen);
    expect(third.notices.map((n) => n.kind)).toEqual(['conversation_message']);
    expect(noticesFor({ unread: [conversation(1, '2026-11-28T10:00:00Z')] }, third.seen).notices).toEqual([]);
  });

  it('a due-soon reminder shows from the first look, once; a kind not looked at (its preference Never) is not primed', () => {
    const first = noticesFor({ dueSoon: [due('assignment_3')] }, NOTHING_SEEN);
    expect(first.notices.map((n) => n.kind)).toEqual(['due_date']);
    expect(noticesFor({ dueSoon: [due('assignment_3')] }, first.seen).notices).toEqual([]);
    // Messages were not looked at: when the person turns them on, what is already unread is still old news.
    const later = noticesFor({ unread: [conversation(4, '2026-11-28T08:00:00Z')] }, first.seen);
    expect(later.notices).toEqual([]);
  });
});
