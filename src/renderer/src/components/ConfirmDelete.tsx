import { useState, type ReactNode } from 'react';
import { useSubmission } from '../lib/use-submission.ts';
import { FormError } from './FormError.tsx';

interface ConfirmDeleteProps {
  /** The kind of thing, for the buttons and the question: "assignment" gives `Delete assignment`. */
  what: string;
  /** What deleting it means, in a sentence for the person. */
  question: ReactNode;
  onDelete: () => Promise<void>;
}

/** `Delete`, then a second, explicit `Delete <what>`: nothing is deleted on one click. */
export function ConfirmDelete({ what, question, onDelete }: ConfirmDeleteProps) {
  const [asking, setAsking] = useState(false);
  const { pending, error, submit } = useSubmission();
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  return (
    <div role="group" aria-label={`Delete this ${what}?`} className="notice">
      <p>{question}</p>
      <FormError message={error} />
      <div className="button-row">
        <button type="button" onClick={() => void submit(onDelete)} disabled={pending}>
          Delete {what}
        </button>
        <button type="button" onClick={() => setAsking(false)} disabled={pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
