import { useId, useState, type FormEvent } from 'react';
import { FormError } from '../../components/FormError.tsx';
import { plainTextHtml } from '../../lib/plain-text-html.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { currentApi } from '../../stores/session-store.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

interface ReplyFormProps {
  courseId: number;
  topicId: number;
  /** The entry replied to; the topic itself when absent. */
  parentId?: number;
  /** Called once the reply is saved (a nested form closes). */
  onPosted?: () => void;
}

/** `Reply` and `Post reply`: the reply goes to this device's API at once, so it works with the network down. */
export function ReplyForm({ courseId, topicId, parentId, onPosted }: ReplyFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const { pending, error, submit } = useSubmission();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    submit(async () => {
      await currentApi().postEntry(courseId, topicId, plainTextHtml(text), parentId);
      setText('');
      const { resourceStale } = useResourceStore.getState();
      await Promise.all([resourceStale(resources.topicView(courseId, topicId)), resourceStale(resources.discussionTopics(courseId))]);
      onPosted?.();
    });
  };
  return (
    <form className="stacked-form reply-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={id}>Reply</label>
        <textarea id={id} rows={3} value={text} onChange={(e) => setText(e.target.value)} disabled={pending} />
      </div>
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" disabled={pending || text.trim() === ''}>
          Post reply
        </button>
      </div>
    </form>
  );
}
