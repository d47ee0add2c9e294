import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { fileProblem } from '../../lib/file-checks.ts';
import { formatSubmissionTypes } from '../../lib/format.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useSubmissionStore, type SubmissionDraft } from '../../stores/submission-store.ts';
import { FileChooser } from './FileChooser.tsx';
import { LazyRichTextEditor } from './LazyRichTextEditor.tsx';
import { canRecordMedia } from './media-capture.ts';
import { MediaRecorderField } from './MediaRecorderField.tsx';
import type { Recording } from './use-media-recorder.ts';
import { submittableTypes, type SubmittableType } from './submittable.ts';
import { WEB_ADDRESS_HINT } from '../../lib/web-address.ts';

interface SubmitFormProps {
  courseId: number;
  assignment: Assignment;
}

/** One attempt: the kinds of work the assignment takes (a choice when it takes several), then `Submit assignment`. */
export function SubmitForm({ courseId, assignment }: SubmitFormProps) {
  const intl = useIntl();
  const types = submittableTypes(assignment, canRecordMedia());
  const [type, setType] = useState<SubmittableType>(types[0]!);
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [recording, setRecording] = useState<Recording>();
  const [problem, setProblem] = useState<string>();
  const uploads = useSubmissionStore((s) => s.uploads);
  const submitRequested = useSubmissionStore((s) => s.submitRequested);
  const { pending, error, submit } = useSubmission();
  const extensions = assignment.allowed_extensions ?? [];

  const filesChosen = (chosen: File[]) => {
    setFiles(chosen);
    setProblem(filesProblem(chosen, extensions, intl));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const draft = draftOf(type, { body, url, files, recording });
    const refused = typeof draft !== 'object' ? intl.formatMessage(missing[draft]) : draft.submission_type === 'online_upload' ? filesProblem(files, extensions, intl) : undefined;
    setProblem(refused);
    if (refused === undefined && typeof draft === 'object') submit(() => submitRequested(courseId, assignment.id, draft));
  };

  return (
    <form className="stacked-form submit-form" onSubmit={onSubmit} noValidate>
      {types.length > 1 && (
        <fieldset className="choice">
          <legend>
            <FormattedMessage id="submissions.type" defaultMessage="Submission type" />
          </legend>
          {types.map((t) => (
            <label key={t} className="checkbox">
              <input type="radio" name="submission-type" value={t} checked={type === t} onChange={() => setType(t)} disabled={pending} />
              {formatSubmissionTypes([t])}
            </label>
          ))}
        </fieldset>
      )}
      {type === 'online_text_entry' && (
        <LazyRichTextEditor label={intl.formatMessage({ id: 'submissions.answer', defaultMessage: 'Your answer' })} initialHtml={body} onChange={setBody} disabled={pending} />
      )}
      {type === 'online_url' && (
        <TextField label={intl.formatMessage({ id: 'submissions.url', defaultMessage: 'Website URL' })} type="url" value={url} onChange={setUrl} disabled={pending} placeholder={WEB_ADDRESS_HINT} />
      )}
      {type === 'online_upload' && <FileChooser allowedExtensions={extensions} onChange={filesChosen} uploads={uploads} disabled={pending} />}
      {type === 'media_recording' && <MediaRecorderField onChange={setRecording} uploads={uploads} disabled={pending} />}
      <FormError message={problem ?? error} />
      <div className="button-row">
        <button type="submit" disabled={pending}>
          <FormattedMessage id="submissions.submit" defaultMessage="Submit assignment" />
        </button>
        {pending && (
          <span role="status" className="muted">
            <FormattedMessage id="submissions.submitting" defaultMessage="Submitting…" />
          </span>
        )}
      </div>
    </form>
  );
}

interface FormValues {
  body: string;
  url: string;
  files: readonly File[];
  recording: Recording | undefined;
}

/** What the form lacks, by the kind of work chosen. */
type Missing = 'body' | 'url' | 'files' | 'recording';

const missing: Messages<Missing | 'nothingUploaded'> = defineMessages({
  body: { id: 'submissions.missing.body', defaultMessage: 'Write your answer first.' },
  url: { id: 'submissions.missing.url', defaultMessage: 'Enter the address of the website first.' },
  files: { id: 'submissions.missing.files', defaultMessage: 'Choose at least one file first.' },
  recording: { id: 'submissions.missing.recording', defaultMessage: 'Record your answer first, and stop the recording.' },
  nothingUploaded: { id: 'submissions.files.refused', defaultMessage: '{problems} Nothing was uploaded.', description: '{problems}: one sentence per refused file.' },
});

/** The attempt to send, or what is missing before there is one. */
function draftOf(type: SubmittableType, { body, url, files, recording }: FormValues): SubmissionDraft | Missing {
  switch (type) {
    case 'online_text_entry':
      return body === '' ? 'body' : { submission_type: type, body };
    case 'online_url':
      return url.trim() === '' ? 'url' : { submission_type: type, url: url.trim() };
    case 'online_upload':
      return files.length === 0 ? 'files' : { submission_type: type, files };
    case 'media_recording':
      return recording ? { submission_type: type, recording: recording.file, media_type: recording.mediaType } : 'recording';
  }
}

function filesProblem(files: readonly File[], extensions: readonly string[], intl: IntlShape): string | undefined {
  const problems = files.map((f) => fileProblem(f, extensions)).filter((p) => p !== undefined);
  return problems.length > 0 ? intl.formatMessage(missing.nothingUploaded, { problems: problems.join(' ') }) : undefined;
}
