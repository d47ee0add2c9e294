import { useState } from 'react';
import type { ThreadEntry } from '../../../../contracts/discussion-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { formatDateTime } from '../../lib/format.ts';
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
  const [replying, setReplying] = useState(false);
  const author = entry.user_id === undefined ? undefined : (thread.names.get(entry.user_id) ?? 'Someone');
  const label = entry.deleted ? 'Deleted reply' : `Reply by ${author}`;
  return (
    <li className="thread-entry" aria-label={label}>
      {entry.deleted ? (
        <p className="muted">This reply was deleted.</p>
      ) : (
        <>
          <p className="comment-meta">
            <strong>{author}</strong> <span className="muted">{formatDateTime(entry.created_at)}</span>{' '}
            {thread.unread.has(entry.id) && <Badge tone="good">Unread</Badge>}
          </p>
          <SafeHtmlFrame html={entry.message ?? ''} title={label} />
          {thread.canReply && (
            <button type="button" className="link-button" aria-expanded={replying} onClick={() => setReplying(!replying)}>
              Reply to {author}
            </button>
          )}
          {replying && <ReplyForm courseId={thread.courseId} topicId={thread.topicId} parentId={entry.id} onPosted={() => setReplying(false)} />}
        </>
      )}
      <ThreadEntries entries={entry.replies} {...thread} />
    </li>
  );
}
