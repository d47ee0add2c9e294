import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Submission, SubmissionAttachment, SubmissionAttempt } from '../../../../contracts/grading-dtos.ts';
import type { SubmissionType } from '../../../../contracts/lms-dtos.ts';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { formatSubmissionTypes } from '../../lib/format.ts';
import { AttachmentItem } from './AttachmentItem.tsx';
import { attemptTimes } from './attempt-times.ts';
import { RecordingPlayer } from './RecordingPlayer.tsx';

/** The work as the student handed it in, one attempt at a time (the latest first shown). */
export function SubmissionView({ submission }: { submission: Submission }) {
  const intl = useIntl();
  const heading = intl.formatMessage({ id: 'grader.submission', defaultMessage: 'Submission' });
  const attempts = (submission.submission_history ?? []).filter((a) => a.attempt !== null && a.submission_type !== null);
  const [shown, setShown] = useState(attempts.at(-1)?.attempt ?? null);
  const attempt = attempts.find((a) => a.attempt === shown);
  return (
    <section className="panel submission-view" aria-label={heading}>
      <h4>{heading}</h4>
      {attempt === undefined ? (
        <p className="muted">
          <FormattedMessage id="grader.submission.none" defaultMessage="Nothing submitted yet." />
        </p>
      ) : (
        <>
          {attempts.length > 1 && (
            <div className="button-row" role="group" aria-label={intl.formatMessage({ id: 'grader.attempts', defaultMessage: 'Attempts' })}>
              {attempts.map((a) => (
                <button key={a.attempt} type="button" aria-pressed={a.attempt === shown} onClick={() => setShown(a.attempt)}>
                  <FormattedMessage id="grader.attempt" defaultMessage="Attempt {attempt, number}" values={{ attempt: a.attempt }} />
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
  const intl = useIntl();
  switch (attempt.submission_type) {
    case 'online_text_entry':
      return <SafeHtmlFrame html={attempt.body ?? ''} title={intl.formatMessage({ id: 'grader.submittedText', defaultMessage: 'Submitted text' })} />;
    case 'online_url':
      return <WebsiteLink url={attempt.url} />;
    case 'online_upload':
      return <Attachments files={attempt.attachments ?? []} />;
    case 'media_recording':
      return attempt.media_comment ? <RecordingPlayer media={attempt.media_comment} /> : (
        <p className="muted">
          <FormattedMessage id="grader.noRecording" defaultMessage="No recording is attached." />
        </p>
      );
    default:
      // LTI launches and the like: named (an unknown type by its API word), not shown.
      return (
        <p>
          <FormattedMessage
            id="grader.unshownType"
            defaultMessage="Submitted as {type}; Outpost cannot show this kind of work yet."
            values={{ type: formatSubmissionTypes([attempt.submission_type as SubmissionType]) }}
          />
        </p>
      );
  }
}

/** Only web addresses become links: the URL is the student's own text. */
function WebsiteLink({ url }: { url: string | null }) {
  if (!url) {
    return (
      <p className="muted">
        <FormattedMessage id="grader.website.none" defaultMessage="No website address was given." />
      </p>
    );
  }
  const link = /^https?:\/\//i.test(url) ? (
    <a href={url} target="_blank" rel="noopener noreferrer" dir="auto">
      {url}
    </a>
  ) : (
    <bdi>{url}</bdi>
  );
  return (
    <p>
      <FormattedMessage id="grader.website" defaultMessage="Website: {url}" values={{ url: link }} />
    </p>
  );
}

function Attachments({ files }: { files: readonly SubmissionAttachment[] }) {
  const intl = useIntl();
  if (files.length === 0) {
    return (
      <p className="muted">
        <FormattedMessage id="grader.files.none" defaultMessage="No files are attached." />
      </p>
    );
  }
  return (
    <ul className="plain-list attachments" aria-label={intl.formatMessage({ id: 'grader.files', defaultMessage: 'Submitted files' })}>
      {files.map((f) => (
        <AttachmentItem key={f.id} file={f} />
      ))}
    </ul>
  );
}
