import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useCourseTransferStore } from '../../stores/course-transfer-store.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import { transferWords } from './transfer-words.ts';

/**
 * Settings → `Export course content`: starts a Common Cartridge export of the course as this computer has it,
 * follows its Progress, then offers the file to download.
 */
export function CourseExportScreen({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(transferWords.exportTitle), course.name);
  const state = useCourseTransferStore((s) => (s.courseExport?.courseId === course.id ? s.courseExport : undefined));
  const exportStarted = useCourseTransferStore((s) => s.exportStarted);
  const exportDownloaded = useCourseTransferStore((s) => s.exportDownloaded);
  const exportDismissed = useCourseTransferStore((s) => s.exportDismissed);
  const [downloadError, setDownloadError] = useState<string>();
  useEffect(() => () => exportDismissed(), [exportDismissed]);
  if (!viewer.canManage) return <NotAllowed course={course} what="settings" />;

  function download(): void {
    if (state?.step !== 'done') return;
    setDownloadError(undefined);
    exportDownloaded(state.attachment).catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : String(error)));
  }

  return (
    <section aria-labelledby="course-export-title" className="course-section-content">
      <h2 id="course-export-title">
        <FormattedMessage {...transferWords.exportTitle} />
      </h2>
      <p>
        <FormattedMessage
          id="courseTransfer.export.intro"
          defaultMessage="Exports the course's modules, pages, assignments, discussions and files as a Common Cartridge (.imscc), which Canvas and Outpost import. Quizzes and announcements are not exported yet."
        />
      </p>
      <button type="button" onClick={() => void exportStarted(course.id)} disabled={state?.step === 'running'}>
        <FormattedMessage id="courseTransfer.export.start" defaultMessage="Start export" />
      </button>
      {state?.step === 'running' && (
        <>
          <progress aria-label={intl.formatMessage({ id: 'courseTransfer.export.progress', defaultMessage: 'Export progress' })} max={100} value={state.completion} />
          <p role="status" className="muted">
            <FormattedMessage id="courseTransfer.export.running" defaultMessage="Exporting…" />
          </p>
        </>
      )}
      {state?.step === 'done' && (
        <>
          <p role="status">
            <FormattedMessage id="courseTransfer.export.done" defaultMessage="The export is ready: {filename}" values={{ filename: state.attachment.filename }} />
          </p>
          <button type="button" onClick={download}>
            <FormattedMessage id="courseTransfer.export.download" defaultMessage="Download course export" />
          </button>
        </>
      )}
      {(state?.step === 'failed' || downloadError) && (
        <p role="alert" className="error">
          {state?.step === 'failed' ? state.message : downloadError}
        </p>
      )}
      <p>
        <Link to={paths.course(course.id, 'settings')}>
          <FormattedMessage {...transferWords.backToSettings} />
        </Link>
      </p>
    </section>
  );
}
