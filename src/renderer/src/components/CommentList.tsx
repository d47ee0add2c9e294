import { FormattedMessage, useIntl } from 'react-intl';
import type { SubmissionComment } from '../../../contracts/grading-dtos.ts';
import { formatDateTime } from '../lib/format.ts';

interface CommentListProps {
  comments: readonly SubmissionComment[];
  /** How this screen names a comment's author. */
  nameOf: (comment: SubmissionComment) => string;
  /** The list's accessible name, where several lists share a screen; `Comments` otherwise. */
  label?: string;
}

/** A submission's comments, oldest first, each with who wrote it and when (plain text, never HTML). */
export function CommentList({ comments, nameOf, label }: CommentListProps) {
  const intl = useIntl();
  if (comments.length === 0) {
    return (
      <p className="muted">
        <FormattedMessage id="components.comments.none" defaultMessage="No comments yet." />
      </p>
    );
  }
  return (
    <ol className="comment-list" aria-label={label ?? intl.formatMessage({ id: 'components.comments.list', defaultMessage: 'Comments' })}>
      {comments.map((c) => (
        <li key={c.id}>
          <p className="comment-meta">
            <strong dir="auto">{nameOf(c)}</strong> <span className="muted">{formatDateTime(c.created_at)}</span>
          </p>
          <p className="comment-text" dir="auto">{c.comment}</p>
        </li>
      ))}
    </ol>
  );
}
