import { useState, type FormEvent } from 'react';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
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

interface SubmitFormProps {
  courseId: number;
  assignment: Assignment;
}

/** One attempt: the kinds of work the assignment takes (a choice when it takes several), then `Submit assignment`. */
export function SubmitForm({ courseId, assignment }: SubmitFormProps) {
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
    setProblem(filesProblem(chosen, extensions));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const draft = draftOf(type, { body, url, files, recording });
    const refused = typeof draft === 'string' ? draft : draft.submission_type === 'online_upload' ? filesProblem(files, extensions) : undefined;
    setProblem(refused);
    if (refused === undefined && typeof draft !== 'string') submit(() => submitRequested(courseId, assignment.id, draft));
  };

  return (
    <form className="stacked-form submit-form" onSubmit={onSubmit} noValidate>
      {types.length > 1 && (
        <fieldset className="choice">
          <legend>Submission type</legend>
          {types.map((t) => (
            <label key={t} className="checkbox">
              <input type="radio" name="submission-type" value={t} checked={type === t} onChange={() => setType(t)} disabled={pending} />
              {formatSubmissionTypes([t])}
            </label>
          ))}
        </fieldset>
      )}
      {type === 'online_text_entry' && (
        <LazyRichTextEditor label="Your answer" initialHtml={body} onChange={setBody} disabled={pending} />
      )}
      {type === 'online_url' && (
        <TextField label="Website URL" type="url" value={url} onChange={setUrl} disabled={pending} placeholder="https://" />
      )}
      {type === 'online_upload' && <FileChooser allowedExtensions={extensions} onChange={filesChosen} uploads={uploads} disabled={pending} />}
      {type === 'media_recording' && <MediaRecorderField onChange={setRecording} uploads={uploads} disabled={pending} />}
      <FormError message={problem ?? error} />
      <div className="button-row">
        <button type="submit" disabled={pending}>
          Submit assignment
        </button>
        {pending && (
          <span role="status" className="muted">
            Submitting…
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

/** The attempt to send, or why there is nothing to send yet. */
function draftOf(type: SubmittableType, { body, url, files, recording }: FormValues): SubmissionDraft | string {
  switch (type) {
    case 'online_text_entry':
      return body === '' ? 'Write your answer first.' : { submission_type: type, body };
    case 'online_url':
      return url.trim() === '' ? 'Enter the address of the website first.' : { submission_type: type, url: url.trim() };
    case 'online_upload':
      return files.length === 0 ? 'Choose at least one file first.' : { submission_type: type, files };
    case 'media_recording':
      return recording ? { submission_type: type, recording: recording.file, media_type: recording.mediaType } : 'Record your answer first, and stop the recording.';
  }
}

function filesProblem(files: readonly File[], extensions: readonly string[]): string | undefined {
  const problems = files.map((f) => fileProblem(f, extensions)).filter((p) => p !== undefined);
  return problems.length > 0 ? `${problems.join(' ')} Nothing was uploaded.` : undefined;
}
