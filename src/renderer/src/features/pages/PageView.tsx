import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { common } from '../../i18n/common-messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { pageMessages } from './page-messages.ts';

/** `pages/:pageUrl` inside a course. */
export function PageView({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  const pageUrl = useParams().pageUrl ?? '';
  const page = useResource(resources.page(course.id, pageUrl));
  useDocumentTitle(
    page.status === 'loaded' ? page.data.title : intl.formatMessage({ id: 'pages.view.title', defaultMessage: 'Page', description: 'Window title while the page loads.' }),
    course.name,
  );
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'pages')}>
          <FormattedMessage {...pageMessages.all} />
        </Link>
      </p>
      <Loaded value={page} what={intl.formatMessage(pageMessages.this)}>
        {(p) => (
          <>
            <h2 dir="auto">{p.title}</h2>
            <p className="muted">
              <FormattedMessage {...pageMessages.updated} values={{ when: formatDateTime(p.updated_at) }} />
            </p>
            {viewer.canManage && (
              <p className="button-row">
                <Link to={paths.editPage(course.id, p.url)} className="button-link">
                  <FormattedMessage {...common.edit} />
                </Link>
                <Link to={paths.pageRevisions(course.id, p.url)}>
                  <FormattedMessage {...pageMessages.revisions} />
                </Link>
              </p>
            )}
            {/* The server writes the lock explanation, in its own words (decision 0103: Canvas's texts stay as sent). */}
            {p.locked_for_user && p.lock_explanation && <p className="lock-explanation">{p.lock_explanation}</p>}
            {p.body ? (
              <SafeHtmlFrame html={p.body} title={intl.formatMessage({ id: 'pages.view.content', defaultMessage: 'Page content' })} />
            ) : (
              <p className="muted">
                <FormattedMessage id="pages.view.empty" defaultMessage="This page is empty." />
              </p>
            )}
          </>
        )}
      </Loaded>
    </article>
  );
}
