import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSubmission } from '../lib/use-submission.ts';
import { FormError } from './FormError.tsx';

interface CommentFormProps {
  /** Saves the text (and reads back what changed); the box empties once it has. */
  send: (text: string) => Promise<void>;
  /** The box's label and the button's name, in the screen's language: `Comment` / `Add comment` unless a screen names them otherwise. */
  label?: string;
  action?: string;
  className?: string;
}

/** A plain-text message box with its send button: comments on work, replies in a discussion. */
export function CommentForm({ send, label, action, className = '' }: CommentFormProps) {
  const intl = useIntl();
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
        <label htmlFor={id}>{label ?? intl.formatMessage({ id: 'components.commentForm.label', defaultMessage: 'Comment' })}</label>
        <textarea id={id} dir="auto" rows={3} value={text} onChange={(e) => setText(e.target.value)} disabled={pending} />
      </div>
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" disabled={pending || text.trim() === ''}>
          {action ?? intl.formatMessage({ id: 'components.commentForm.add', defaultMessage: 'Add comment' })}
        </button>
      </div>
    </form>
  );
}
