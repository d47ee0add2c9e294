import { useId, useState, type FormEvent } from 'react';
import { useSubmission } from '../lib/use-submission.ts';
import { FormError } from './FormError.tsx';

/** `Comment` and `Add comment`: `send` saves the text (and reads back what changed); the box empties once it has. */
export function CommentForm({ send }: { send: (text: string) => Promise<void> }) {
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
    <form className="stacked-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={id}>Comment</label>
        <textarea id={id} rows={3} value={text} onChange={(e) => setText(e.target.value)} disabled={pending} />
      </div>
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" disabled={pending || text.trim() === ''}>
          Add comment
        </button>
      </div>
    </form>
  );
}
