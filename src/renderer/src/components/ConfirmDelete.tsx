import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSubmission } from '../lib/use-submission.ts';
import { FormError } from './FormError.tsx';

interface ConfirmDeleteProps {
  /** The kind of thing, for the buttons and the question: "assignment" gives `Delete assignment`. */
  what: string;
  /** What deleting it means, in a sentence for the person. */
  question: ReactNode;
  onDelete: () => Promise<void>;
}

/**
 * `Delete`, then a second, explicit `Delete <what>` in an alertdialog: nothing is deleted on one click. The focus
 * goes to the dialog's `Cancel`, the harmless choice, so Enter pressed twice does not delete.
 */
export function ConfirmDelete({ what, question, onDelete }: ConfirmDeleteProps) {
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
        Delete
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-label={`Delete this ${what}?`} aria-describedby={questionId} className="notice">
      <p id={questionId}>{question}</p>
      <FormError message={error} />
      <div className="button-row">
        <button type="button" onClick={() => void submit(onDelete)} disabled={pending}>
          Delete {what}
        </button>
        <button type="button" ref={cancel} onClick={() => setAsking(false)} disabled={pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
