import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { common } from '../i18n/common-messages.ts';
import type { Messages } from '../i18n/messages.ts';
import { useSubmission } from '../lib/use-submission.ts';
import { FormError } from './FormError.tsx';

/** The kinds of thing a person deletes through this dialog. */
export type DeletedKind = 'assignment' | 'discussion' | 'announcement' | 'group' | 'group set' | 'event';

interface ConfirmDeleteProps {
  /** The kind of thing, for the buttons and the question: "assignment" gives `Delete assignment`. */
  what: DeletedKind;
  /** What deleting it means, in a sentence for the person. */
  question: ReactNode;
  onDelete: () => Promise<void>;
}

/*
 * Whole names per kind, not "Delete {what}": the article and the adjective agree with the noun in many languages
 * ("ce devoir", "cette annonce"), which a noun put into one sentence cannot do.
 */
const NAMES: Readonly<Record<DeletedKind, { button: MessageDescriptor; dialog: MessageDescriptor }>> = {
  assignment: defineMessages({
    button: { id: 'components.confirmDelete.assignment', defaultMessage: 'Delete assignment' },
    dialog: { id: 'components.confirmDelete.assignment.question', defaultMessage: 'Delete this assignment?' },
  }),
  discussion: defineMessages({
    button: { id: 'components.confirmDelete.discussion', defaultMessage: 'Delete discussion' },
    dialog: { id: 'components.confirmDelete.discussion.question', defaultMessage: 'Delete this discussion?' },
  }),
  announcement: defineMessages({
    button: { id: 'components.confirmDelete.announcement', defaultMessage: 'Delete announcement' },
    dialog: { id: 'components.confirmDelete.announcement.question', defaultMessage: 'Delete this announcement?' },
  }),
  group: defineMessages({
    button: { id: 'components.confirmDelete.group', defaultMessage: 'Delete group' },
    dialog: { id: 'components.confirmDelete.group.question', defaultMessage: 'Delete this group?' },
  }),
  'group set': defineMessages({
    button: { id: 'components.confirmDelete.groupSet', defaultMessage: 'Delete group set' },
    dialog: { id: 'components.confirmDelete.groupSet.question', defaultMessage: 'Delete this group set?' },
  }),
  event: defineMessages({
    button: { id: 'components.confirmDelete.event', defaultMessage: 'Delete event' },
    dialog: { id: 'components.confirmDelete.event.question', defaultMessage: 'Delete this event?' },
  }),
};

const words: Messages<'open'> = defineMessages({
  open: { id: 'components.confirmDelete.open', defaultMessage: 'Delete', description: 'Button: opens the question that asks to confirm deleting.' },
});

/**
 * `Delete`, then a second, explicit `Delete <what>` in an alertdialog: nothing is deleted on one click. The focus
 * goes to the dialog's `Cancel`, the harmless choice, so Enter pressed twice does not delete.
 */
export function ConfirmDelete({ what, question, onDelete }: ConfirmDeleteProps) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const { pending, error, submit } = useSubmission();
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)}>
        <FormattedMessage {...words.open} />
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-label={intl.formatMessage(NAMES[what].dialog)} aria-describedby={questionId} className="notice">
      <p id={questionId}>{question}</p>
      <FormError message={error} />
      <div className="button-row">
        <button type="button" onClick={() => void submit(onDelete)} disabled={pending}>
          <FormattedMessage {...NAMES[what].button} />
        </button>
        <button type="button" ref={cancel} onClick={() => setAsking(false)} disabled={pending}>
          <FormattedMessage {...common.cancel} />
        </button>
      </div>
    </div>
  );
}
