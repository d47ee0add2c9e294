import { useId, useState, type FormEvent } from 'react';
import { useSubmission } from '../lib/use-submission.ts';
import { FormError } from './FormError.tsx';

interface CommentFormProps {
  /** Saves the text (and reads back what changed); the box empties once it has. */
  send: (text: string) => Promise<void>;
  /** The box's label and the button's name: `Comment` / `Add comment` unless a screen names them otherwise. */
  label?: string;
  action?: string;
  className?: string;
}

/** A plain-text message box with its send button: comments on work, replies in a discussion. */
export function CommentForm({ send, label = 'Comment', action = 'Add comment', className = '' }: CommentFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const { pending, error, submit } = useSubmission();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    submit(async () => {
      await send(text.trim());
      setText('');
    });
  };
  return (
    <form className={`stacked-form ${className}`.trim()} onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} rows={3} value={text} onChange={(e) => setText(e.target.value)} disabled={pending} />
      </div>
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" disabled={pending || text.trim() === ''}>
          {action}
        </button>
      </div>
    </form>
  );
}
