import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useModalDialog } from '../../lib/use-modal-dialog.ts';
import { useDefaultGradeStore, type DefaultGradeJob } from '../../stores/default-grade-store.ts';
import type { GradebookAssignment } from '../../stores/gradebook-store.ts';
import { gradebookWords } from './gradebook-words.ts';

/**
 * `Set default grade for {assignment}`: a modal dialog (native `<dialog>`, so focus stays inside it and Escape
 * closes it) that gives one grade to every student without one, or to everyone with `Overwrite grades already
 * entered`. The job runs on the server; a progress bar follows its Progress until the cells show the new grades.
 */
export function DefaultGradeDialog({ courseId, assignment, onClose }: { courseId: number; assignment: GradebookAssignment; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const dialog = useModalDialog();
  const [grade, setGrade] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const job = useDefaultGradeStore((s) => (s.job?.assignmentId === assignment.id ? s.job : undefined));
  const defaultGradeSet = useDefaultGradeStore((s) => s.defaultGradeSet);
  const jobDismissed = useDefaultGradeStore((s) => s.jobDismissed);
  const running = job?.status === 'running';

  function close(): void {
    if (!running) jobDismissed();
    onClose();
  }

  function onSubmit(e: FormEvent): void {
    e.preventDefault();
    if (grade.trim() === '' || running) return;
    void defaultGradeSet(courseId, assignment.id, grade.trim(), overwrite);
  }

  const title = intl.formatMessage(gradebookWords.setDefaultFor, { assignment: assignment.name });
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} className="gradebook-dialog" onCancel={close}>
      <form onSubmit={onSubmit}>
        <h2 id={`${id}-title`}>{title}</h2>
        <div className="field">
          <label htmlFor={`${id}-grade`}>
            <FormattedMessage id="gradebook.defaultGrade.grade" defaultMessage="Default grade" />
          </label>
          <input id={`${id}-grade`} value={grade} autoComplete="off" onChange={(e) => setGrade(e.target.value)} disabled={running} />
        </div>
        <div className="checkbox">
          <input id={`${id}-overwrite`} type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} disabled={running} />
          <label htmlFor={`${id}-overwrite`}>
            <FormattedMessage id="gradebook.defaultGrade.overwrite" defaultMessage="Overwrite grades already entered" />
          </label>
        </div>
        {job && job.status !== 'failed' && (
          <progress
            aria-label={intl.formatMessage({ id: 'gradebook.defaultGrade.progress', defaultMessage: 'Setting default grade' })}
            max={100}
            value={job.status === 'done' ? 100 : job.completion}
          />
        )}
        <JobOutcome job={job} />
        <div className="gradebook-dialog-actions">
          <button type="submit" disabled={running || grade.trim() === ''}>
            <FormattedMessage id="gradebook.defaultGrade.submit" defaultMessage="Set default grade" />
          </button>
          <button type="button" onClick={close}>
            <FormattedMessage {...(job?.status === 'done' ? gradebookWords.close : gradebookWords.cancel)} />
          </button>
        </div>
      </form>
    </dialog>
  );
}

function JobOutcome({ job }: { job: DefaultGradeJob | undefined }) {
  if (job?.status === 'failed') {
    return (
      <p role="alert" className="error">
        {job.message}
      </p>
    );
  }
  return (
    <p role="status" className="muted">
      {job?.status === 'running' && <FormattedMessage id="gradebook.defaultGrade.saving" defaultMessage="Saving the default grade…" />}
      {job?.status === 'done' &&
        (job.graded === 0 ? (
          <FormattedMessage id="gradebook.defaultGrade.noneGiven" defaultMessage="Every student already has a grade." />
        ) : (
          <FormattedMessage
            id="gradebook.defaultGrade.given"
            defaultMessage="Default grade given to {count, plural, one {# student} other {# students}}."
            values={{ count: job.graded }}
          />
        ))}
    </p>
  );
}
