import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { inboxWords } from '../features/inbox/inbox-words.ts';
import { paths } from '../lib/paths.ts';
import { useUnreadStore } from '../stores/unread-store.ts';

/** The places every signed-in screen leads to besides the courses: the calendar and the inbox (with what is unread). */
export function MainLinks() {
  const intl = useIntl();
  const count = useUnreadStore((s) => s.count ?? 0);
  const pollingStarted = useUnreadStore((s) => s.pollingStarted);
  useEffect(() => pollingStarted(), [pollingStarted]);
  return (
    <nav className="main-links" aria-label={intl.formatMessage({ id: 'shell.mainLinks', defaultMessage: 'Main' })}>
      <NavLink to={paths.calendar()}>
        <FormattedMessage id="shell.calendar" defaultMessage="Calendar" />
      </NavLink>
      <NavLink
        to={paths.inbox()}
        aria-label={
          count > 0
            ? intl.formatMessage({ id: 'shell.inbox.unread', defaultMessage: 'Inbox, {count} unread', description: 'The inbox link as read aloud, with how many conversations are unread.' }, { count })
            : undefined
        }
      >
        <FormattedMessage {...inboxWords.inbox} />
      </NavLink>
      {/* Beside the link, not in it: the link's name says the count in words, and its visible text must be part of its name. */}
      {count > 0 && (
        <span className="unread-count" aria-hidden="true">
          {intl.formatNumber(count)}
        </span>
      )}
    </nav>
  );
}
