import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlannerItem } from '../../../../contracts/planner-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi } from '../../stores/session-store.ts';
import { localDay, NoteForm } from './NoteForm.tsx';

/** Notes of the student's own, in this course, shown on the list on their day. */
export function NewNote({ courseId, studentId }: { courseId: number; studentId: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={intl.formatMessage({ id: 'todo.notes', defaultMessage: 'Planner notes' })} className="new-note">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        <FormattedMessage id="todo.note.new" defaultMessage="New note" />
      </button>
      {open && (
        <NoteForm
          submitLabel={intl.formatMessage({ id: 'todo.note.add', defaultMessage: 'Add note' })}
          send={async (note) => {
            await currentApi().createNote(courseId, note);
            await todoListChanged(courseId, studentId);
            setOpen(false);
          }}
        />
      )}
    </section>
  );
}

/** The student's To do list changed on the server: read it again. */
export const todoListChanged = (courseId: number, studentId: number) => useResourceStore.getState().resourceStale(resources.todo(courseId, studentId, false));

/** `Edit note` opens the note's form in place; `Delete note` removes it. */
export function NoteActions({ courseId, studentId, item }: { courseId: number; studentId: number; item: PlannerItem }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const { pending, error, submit } = useSubmission();
  const noteId = Number(item.plannable_id);
  const date = item.plannable.todo_date ?? item.plannable_date;
  return (
    <div className="note-actions">
      <div className="button-row">
        <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          <FormattedMessage id="todo.note.edit" defaultMessage="Edit note" />
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={() =>
            submit(async () => {
              await currentApi().deleteNote(noteId);
              await todoListChanged(courseId, studentId);
            })
          }
        >
          <FormattedMessage id="todo.note.delete" defaultMessage="Delete note" />
        </button>
      </div>
      {editing && (
        <NoteForm
          initial={{ title: item.plannable.title ?? '', date: date ? localDay(new Date(date)) : '' }}
          submitLabel={intl.formatMessage({ id: 'todo.note.save', defaultMessage: 'Save note' })}
          send={async (note) => {
            await currentApi().updateNote(noteId, note);
            await todoListChanged(courseId, studentId);
            setEditing(false);
          }}
        />
      )}
      <FormError message={error} />
    </div>
  );
}
