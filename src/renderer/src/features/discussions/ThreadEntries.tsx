import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ThreadEntry } from '../../../../contracts/discussion-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { discussionMessages } from './discussion-messages.ts';
import { ReplyForm } from './ReplyForm.tsx';

interface ThreadProps {
  courseId: number;
  topicId: number;
  entries: readonly ThreadEntry[];
  /** Author names by user id (the view's participants). */
  names: ReadonlyMap<number, string>;
  /** Entries that were unread when the topic was opened. */
  unread: ReadonlySet<number>;
  canReply: boolean;
}

/** A level of the thread: each entry with its author, its text, and its own replies nested below it. */
export function ThreadEntries({ entries, ...thread }: ThreadProps) {
  if (entries.length === 0) return null;
  return (
    <ul className="thread">
      {entries.map((entry) => (
        <EntryItem key={entry.id} entry={entry} {...thread} />
      ))}
    </ul>
  );
}

function EntryItem({ entry, ...thread }: Omit<ThreadProps, 'entries'> & { entry: ThreadEntry }) {
  const intl = useIntl();
  const [replying, setReplying] = useState(false);
  const author = (entry.user_id === undefined ? undefined : thread.names.get(entry.user_id)) ?? intl.formatMessage(discussionMessages.someone);
  const label = entry.deleted
    ? intl.formatMessage({ id: 'discussions.entry.deleted', defaultMessage: 'Deleted reply' })
    : intl.formatMessage({ id: 'discussions.entry.by', defaultMessage: 'Reply by {author}' }, { author });
  return (
    <li className="thread-entry" aria-label={label}>
      {entry.deleted ? (
        <p className="muted">
          <FormattedMessage id="discussions.entry.deletedText" defaultMessage="This reply was deleted." />
        </p>
      ) : (
        <>
          <p className="comment-meta">
            <strong dir="auto">{author}</strong> <span className="muted">{formatDateTime(entry.created_at)}</span>{' '}
            {thread.unread.has(entry.id) && <Badge tone="good">{intl.formatMessage({ id: 'discussions.entry.unread', defaultMessage: 'Unread' })}</Badge>}
          </p>
          <SafeHtmlFrame html={entry.message ?? ''} title={label} />
          {thread.canReply && (
            <button type="button" className="link-button" aria-expanded={replying} onClick={() => setReplying(!replying)}>
              <FormattedMessage id="discussions.entry.replyTo" defaultMessage="Reply to {author}" values={{ author: <bdi>{author}</bdi> }} />
            </button>
          )}
          {replying && <ReplyForm courseId={thread.courseId} topicId={thread.topicId} parentId={entry.id} onPosted={() => setReplying(false)} />}
        </>
      )}
      <ThreadEntries entries={entry.replies} {...thread} />
    </li>
  );
}
