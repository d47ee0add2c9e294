import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { DiscussionTopic } from '../../../../contracts/discussion-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { DraftNotice } from '../../components/DraftNotice.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { common } from '../../i18n/common-messages.ts';
import { paths } from '../../lib/paths.ts';
import { useDraftedForm } from '../../lib/use-drafted-form.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { LazyRichTextEditor } from '../submissions/LazyRichTextEditor.tsx';
import { topicFormValuesOf, topicWriteOf, type TopicFormValues } from './topic-form-values.ts';

interface TopicFormProps {
  courseId: number;
  announcement: boolean;
  /** Absent for a new topic. */
  topic?: DiscussionTopic;
}

/** Creates or changes a discussion or an announcement; unsaved changes are kept as a draft on this computer. */
export function TopicForm({ courseId, announcement, topic }: TopicFormProps) {
  const record = `${announcement ? 'announcement' : 'discussion'}:${topic?.id ?? 'new'}`;
  const form = useDraftedForm<TopicFormValues>(courseId, record, () => topicFormValuesOf(topic));
  const { values, change } = form;
  const [problem, setProblem] = useState<string>();
  const saveRequested = useAuthoringStore((s) => s.topicSaveRequested);
  const { pending, error, submit } = useSubmission();
  const navigate = useNavigate();
  const intl = useIntl();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const write = topicWriteOf(values, announcement);
    setProblem(typeof write === 'string' ? write : undefined);
    if (typeof write === 'string') return;
    void submit(async () => {
      const saved = await saveRequested(courseId, topic?.id, write);
      form.saved();
      void navigate(paths.discussion(courseId, saved.id));
    });
  };

  return (
    <form className="stacked-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={form.offered} onRestore={form.restoreDraft} onDiscard={form.discardDraft} />
      <TextField label={intl.formatMessage({ id: 'discussions.form.title', defaultMessage: 'Title' })} value={values.title} onChange={(title) => change({ title })} disabled={pending} required />
      <LazyRichTextEditor
        key={form.generation}
        label={intl.formatMessage({ id: 'discussions.form.message', defaultMessage: 'Message' })}
        initialHtml={values.message}
        onChange={(message) => change({ message })}
        disabled={pending}
      />
      {!announcement && (
        <>
          <CheckboxField label={intl.formatMessage(common.published)} checked={values.published} onChange={(published) => change({ published })} disabled={pending} />
          <CheckboxField label={intl.formatMessage({ id: 'discussions.form.pinned', defaultMessage: 'Pinned' })} checked={values.pinned} onChange={(pinned) => change({ pinned })} disabled={pending} />
        </>
      )}
      <CheckboxField
        label={intl.formatMessage({ id: 'discussions.form.locked', defaultMessage: 'Locked (no new replies)' })}
        checked={values.locked} onChange={(locked) => change({ locked })} disabled={pending} />
      <CheckboxField
        label={intl.formatMessage({ id: 'discussions.form.requireInitialPost', defaultMessage: 'Participants must reply before seeing other replies' })}
        checked={values.requireInitialPost}
        onChange={(requireInitialPost) => change({ requireInitialPost })}
        disabled={pending}
      />
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} />
    </form>
  );
}
