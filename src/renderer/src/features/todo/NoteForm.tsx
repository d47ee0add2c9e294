import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import type { NoteDraft } from '../../api/planner-calls.ts';

interface NoteFormProps {
  /** The note being edited; a new note starts empty, for today. */
  initial?: { title: string; date: string };
  submitLabel: string;
  send: (note: NoteDraft) => Promise<void>;
}

/** A planner note's `Title` and `Date`: the note shows on the To do list on that day. */
export function NoteForm({ initial, submitLabel, send }: NoteFormProps) {
  const intl = useIntl();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [date, setDate] = useState(initial?.date ?? localDay(new Date()));
  const [problem, setProblem] = useState<string>();
  const { pending, error, submit } = useSubmission();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing =
      title.trim() === ''
        ? intl.formatMessage({ id: 'todo.note.noTitle', defaultMessage: 'Give the note a title.' })
        : date === ''
          ? intl.formatMessage({ id: 'todo.note.noDate', defaultMessage: 'Choose the day the note is for.' })
          : undefined;
    setProblem(missing);
    if (missing) return;
    submit(async () => {
      // Noon on the chosen day, so the note stays on that day in any nearby time zone.
      await send({ title: title.trim(), todo_date: new Date(`${date}T12:00:00`).toISOString() });
      if (!initial) setTitle('');
    });
  };
  return (
    <form className="stacked-form note-form" onSubmit={onSubmit} noValidate>
      <TextField label={intl.formatMessage({ id: 'todo.note.title', defaultMessage: 'Title' })} dir="auto" value={title} onChange={setTitle} disabled={pending} maxLength={255} />
      <TextField label={intl.formatMessage({ id: 'todo.note.date', defaultMessage: 'Date' })} type="date" value={date} onChange={setDate} disabled={pending} />
      <FormError message={problem ?? error} />
      <div className="button-row">
        <button type="submit" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A day as a date input holds it (yyyy-mm-dd), in the person's own time zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
