import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useGradebookStore } from '../../stores/gradebook-store.ts';
import { useGradebookTransferStore } from '../../stores/gradebook-transfer-store.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { GradebookUploadPreview } from './GradebookUploadPreview.tsx';

/**
 * Grades → `Import`: a gradebook CSV (Canvas's columns, as `Export` writes them) is previewed cell by cell, old →
 * new, with what it names that the course lacks; `Confirm import` grades the changes through a job, whose progress
 * bar shows, and the gradebook then shows them. On a device that syncs with a hub the preview shows but the
 * confirmation waits for the hub (decision 0131).
 */
export function GradebookImportScreen({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'gradebookImport.title', defaultMessage: 'Import grades' });
  useDocumentTitle(title, course.name);
  const gradebookNeeded = useGradebookStore((s) => s.gradebookNeeded);
  const state = useGradebookTransferStore((s) => (s.gradebookImport?.courseId === course.id ? s.gradebookImport : undefined));
  const importDismissed = useGradebookTransferStore((s) => s.importDismissed);
  useEffect(() => void gradebookNeeded(course.id), [course.id, gradebookNeeded]);
  useEffect(() => () => importDismissed(), [importDismissed]);
  if (!viewer.canGrade) {
    return (
      <p role="alert" className="error">
        <FormattedMessage id="gradebook.refused" defaultMessage="Only the course’s teachers and TAs see the gradebook." />
      </p>
    );
  }
  return (
    <section aria-labelledby="gradebook-import-title" className="course-section-content">
      <h2 id="gradebook-import-title">{title}</h2>
      {(state === undefined || state.step === 'previewing' || (state.step === 'failed' && !state.preview)) && <FileForm courseId={course.id} busy={state?.step === 'previewing'} />}
      {state && 'preview' in state && state.preview && <GradebookUploadPreview courseId={course.id} state={state} preview={state.preview} />}
      {state?.step === 'failed' && (
        <p role="alert" className="error">
          {state.message}
        </p>
      )}
      <p>
        <Link to={paths.course(course.id, 'grades')}>
          <FormattedMessage id="gradebookImport.back" defaultMessage="Back to the gradebook" />
        </Link>
      </p>
    </section>
  );
}

function FileForm({ courseId, busy }: { courseId: number; busy: boolean }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const filePreviewed = useGradebookTransferStore((s) => s.filePreviewed);
  function onSubmit(e: FormEvent): void {
    e.preventDefault();
    if (file) void filePreviewed(courseId, file);
  }
  return (
    <form className="stacked-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-file`}>
          <FormattedMessage id="gradebookImport.file" defaultMessage="Gradebook CSV file" />
        </label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" aria-describedby={`${id}-help`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <p id={`${id}-help`} className="help">
          <FormattedMessage
            id="gradebookImport.fileHelp"
            defaultMessage="A CSV with Canvas's gradebook columns, such as the gradebook's Export. Students are found by ID or SIS ids, assignments by the id in brackets after their name. Nothing changes until you confirm."
          />
        </p>
      </div>
      <button type="submit" disabled={!file || busy}>
        <FormattedMessage id="gradebookImport.preview" defaultMessage="Preview changes" />
      </button>
      {busy && (
        <p role="status" className="muted">
          <FormattedMessage id="gradebookImport.previewing" defaultMessage="Reading the file…" />
        </p>
      )}
    </form>
  );
}
