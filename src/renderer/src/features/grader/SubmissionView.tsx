import { useState } from 'react';
import type { Submission, SubmissionAttachment, SubmissionAttempt } from '../../../../contracts/grading-dtos.ts';
import type { SubmissionType } from '../../../../contracts/lms-dtos.ts';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { formatSubmissionTypes } from '../../lib/format.ts';
import { AttachmentItem } from './AttachmentItem.tsx';
import { attemptTimes } from './attempt-times.ts';
import { RecordingPlayer } from './RecordingPlayer.tsx';

/** The work as the student handed it in, one attempt at a time (the latest first shown). */
export function SubmissionView({ submission }: { submission: Submission }) {
  const attempts = (submission.submission_history ?? []).filter((a) => a.attempt !== null && a.submission_type !== null);
  const [shown, setShown] = useState(attempts.at(-1)?.attempt ?? null);
  const attempt = attempts.find((a) => a.attempt === shown);
  return (
    <section className="panel submission-view" aria-label="Submission">
      <h4>Submission</h4>
      {attempt === undefined ? (
        <p className="muted">Nothing submitted yet.</p>
      ) : (
        <>
          {attempts.length > 1 && (
            <div className="button-row" role="group" aria-label="Attempts">
              {attempts.map((a) => (
                <button key={a.attempt} type="button" aria-pressed={a.attempt === shown} onClick={() => setShown(a.attempt)}>
                  Attempt {a.attempt}
                </button>
              ))}
            </div>
          )}
          <p className="muted">{attemptTimes(attempt)}</p>
          <AttemptContent attempt={attempt} />
        </>
      )}
    </section>
  );
}

/** One attempt's work (text, website, files or a recording); the student's own submission shows it the same way. */
export function AttemptContent({ attempt }: { attempt: SubmissionAttempt }) {
  switch (attempt.submission_type) {
    case 'online_text_entry':
      return <SafeHtmlFrame html={attempt.body ?? ''} title="Submitted text" />;
    case 'online_url':
      return <WebsiteLink url={attempt.url} />;
    case 'online_upload':
      return <Attachments files={attempt.attachments ?? []} />;
    case 'media_recording':
      return attempt.media_comment ? <RecordingPlayer media={attempt.media_comment} /> : <p className="muted">No recording is attached.</p>;
    default:
      // LTI launches and the like: named (an unknown type by its API word), not shown.
      return <p>Submitted as {formatSubmissionTypes([attempt.submission_type as SubmissionType])}; Outpost cannot show this kind of work yet.</p>;
  }
}

/** Only web addresses become links: the URL is the student's own text. */
function WebsiteLink({ url }: { url: string | null }) {
  if (!url) return <p className="muted">No website address was given.</p>;
  if (!/^https?:\/\//i.test(url)) return <p>Website: {url}</p>;
  return (
    <p>
      Website:{' '}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
    </p>
  );
}

function Attachments({ files }: { files: readonly SubmissionAttachment[] }) {
  if (files.length === 0) return <p className="muted">No files are attached.</p>;
  return (
    <ul className="plain-list attachments" aria-label="Submitted files">
      {files.map((f) => (
        <AttachmentItem key={f.id} file={f} />
      ))}
    </ul>
  );
}
