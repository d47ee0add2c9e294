import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { NotificationFrequency } from '../../../../contracts/session-dtos.ts';
import type { ApiClient } from '../../api/client.ts';
import { addDays, dayKeyOf } from '../../lib/calendar-days.ts';
import { htmlTextLines } from '../../lib/html-lines.ts';
import { paths } from '../../lib/paths.ts';
import { currentApi, useSessionStore } from '../../stores/session-store.ts';
import { useUnreadStore } from '../../stores/unread-store.ts';
import { NOTHING_SEEN, noticesFor, type Notice, type NoticeKind, type Observed, type Seen } from './desktop-notices.ts';

/** How often the watch looks while nothing else prompts it (a new unread count prompts it at once). */
const LOOK_INTERVAL_MS = 30_000;
/** An assignment due within this is "due soon". */
const DUE_SOON_MS = 24 * 3600 * 1000;

/** Desktop notifications are shown only where the browser (or the desktop app) lets this page show them. */
export function mayNotify(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * Raises desktop notifications for new messages, new announcements and assignments due soon, each only while the
 * person's preference for its category (Settings → Notifications) is `Right away`. Renders nothing.
 */
export function DesktopNotifier() {
  const intl = useIntl();
  const userId = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user.id : undefined));
  useEffect(() => {
    if (userId === undefined) return;
    let seen: Seen = NOTHING_SEEN;
    // One look at a time; one asked for meanwhile runs right after, so nothing that prompted it is missed.
    let looking = false;
    let lookAgain = false;
    const look = async () => {
      if (looking) {
        lookAgain = true;
        return;
      }
      if (!mayNotify()) return;
      looking = true;
      try {
        const found = noticesFor(await observe(currentApi()), seen);
        seen = found.seen;
        for (const notice of found.notices) show(notice, intl);
      } catch {
        // The server did not answer or the session ended: the next look tries again; the shell says what is wrong.
      } finally {
        looking = false;
        if (lookAgain) {
          lookAgain = false;
          void look();
        }
      }
    };
    void look();
    const timer = setInterval(() => void look(), LOOK_INTERVAL_MS);
    const stopWatchingCount = useUnreadStore.subscribe((state, previous) => {
      if ((state.count ?? 0) > (previous.count ?? 0)) void look();
    });
    return () => {
      clearInterval(timer);
      stopWatchingCount();
    };
  }, [userId, intl]);
  return null;
}

/** The categories whose preference is `Right away` on the person's email channel (where Settings shows them). */
async function wantedKinds(api: ApiClient): Promise<Set<NoticeKind>> {
  const email = (await api.channels()).find((c) => c.type === 'email');
  if (!email) return new Set();
  const frequencies = new Map<string, NotificationFrequency[]>();
  for (const p of await api.notificationPreferences(email.id)) frequencies.set(p.category, [...(frequencies.get(p.category) ?? []), p.frequency]);
  const kinds: NoticeKind[] = ['conversation_message', 'announcement', 'due_date'];
  return new Set(kinds.filter((kind) => frequencies.get(kind)?.includes('immediately')));
}

async function observe(api: ApiClient): Promise<Observed> {
  const wanted = await wantedKinds(api);
  const needsCourses = wanted.has('announcement') || wanted.has('due_date');
  const codes = needsCourses ? (await api.courses()).map((c) => `course_${c.id}`) : [];
  const now = Date.now();
  const today = dayKeyOf(new Date(now));
  const [unread, announcements, dueSoon] = await Promise.all([
    wanted.has('conversation_message') ? api.conversations('unread') : undefined,
    wanted.has('announcement') ? api.recentAnnouncements(codes, addDays(today, -1)) : undefined,
    wanted.has('due_date')
      ? api.calendarItems(codes, addDays(today, -1), addDays(today, 2)).then((items) =>
          items.filter((i) => i.type === 'assignment' && i.start_at !== null && Date.parse(i.start_at) > now && Date.parse(i.start_at) - now <= DUE_SOON_MS),
        )
      : undefined,
  ]);
  return { unread, announcements, dueSoon };
}

/** One notification; clicking it brings the window forward on the thing it is about. */
function show(notice: Notice, intl: IntlShape): void {
  const { title, body, path } = describe(notice, intl);
  const notification = new Notification(title, { body, tag: notice.key, lang: intl.locale });
  notification.onclick = () => {
    window.focus();
    window.location.hash = `#${path}`;
  };
}

function describe(notice: Notice, intl: IntlShape): { title: string; body: string; path: string } {
  switch (notice.kind) {
    case 'conversation_message': {
      const c = notice.conversation;
      return {
        title: intl.formatMessage({ id: 'notifications.desktop.message', defaultMessage: 'New message: {subject}' }, { subject: c.subject ?? '' }),
        body: c.last_message ?? '',
        path: paths.conversation(c.id),
      };
    }
    case 'announcement': {
      const a = notice.announcement;
      const courseId = Number(a.context_code?.replace(/^course_/, ''));
      return {
        title: intl.formatMessage({ id: 'notifications.desktop.announcement', defaultMessage: 'Announcement: {title}' }, { title: a.title }),
        body: htmlTextLines(a.message).join(' ').slice(0, 200),
        path: Number.isInteger(courseId) && courseId > 0 ? paths.discussion(courseId, a.id) : paths.courses(),
      };
    }
    case 'due_date': {
      const item = notice.item;
      return {
        title: intl.formatMessage({ id: 'notifications.desktop.due', defaultMessage: 'Due soon: {title}' }, { title: item.title }),
        body: intl.formatMessage(
          { id: 'notifications.desktop.dueBody', defaultMessage: 'Due {when} · {course}' },
          { when: intl.formatDate(new Date(item.start_at ?? ''), { dateStyle: 'medium', timeStyle: 'short' }), course: item.context_name },
        ),
        path: item.assignment ? paths.assignment(item.assignment.course_id, item.assignment.id) : paths.calendar(),
      };
    }
  }
}
