import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useGradebookTransferStore } from '../../stores/gradebook-transfer-store.ts';

/** The gradebook's `Export` (Canvas's CSV, downloaded) and `Import` (a CSV previewed, then confirmed). */
export function GradebookTransfer({ courseId }: { courseId: number }) {
  const state = useGradebookTransferStore((s) => (s.gradebookExport?.courseId === courseId ? s.gradebookExport : undefined));
  const exportRequested = useGradebookTransferStore((s) => s.exportRequested);
  return (
    <div className="gradebook-transfer">
      <button type="button" onClick={() => void exportRequested(courseId)} disabled={state?.step === 'running'}>
        <FormattedMessage id="gradebook.export" defaultMessage="Export" description="Downloads the gradebook as a CSV file." />
      </button>
      <Link to={paths.gradebookImport(courseId)} className="button-link">
        <FormattedMessage id="gradebook.import" defaultMessage="Import" description="Opens the screen that imports grades from a CSV file." />
      </Link>
      <p role="status" className="muted">
        {state?.step === 'running' && <FormattedMessage id="gradebook.export.running" defaultMessage="Exporting the gradebook…" />}
        {state?.step === 'done' && <FormattedMessage id="gradebook.export.done" defaultMessage="Gradebook exported as {filename}." values={{ filename: state.filename }} />}
      </p>
      {state?.step === 'failed' && (
        <p role="alert" className="error">
          {state.message}
        </p>
      )}
    </div>
  );
}
