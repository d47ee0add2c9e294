import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { WikiPage } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { common } from '../../i18n/common-messages.ts';
import { pageMessages } from './page-messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useResource, type ResourceView } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export function PagesTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const pages = useResource(resources.pages(courseId));
  return (
    <>
      {viewer.canManage && (
        <p>
          <Link to={paths.newPage(courseId)} className="button-link">
            <FormattedMessage {...pageMessages.new} />
          </Link>
        </p>
      )}
      <PageList courseId={courseId} viewer={viewer} pages={pages} />
    </>
  );
}

function PageList({ courseId, viewer, pages }: { courseId: number; viewer: CourseViewer; pages: ResourceView<WikiPage[]> }) {
  const intl = useIntl();
  return (
    <Loaded value={pages} what={intl.formatMessage(pageMessages.what)}>
      {(list) =>
        list.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="pages.none" defaultMessage="This course has no pages yet." />
          </p>
        ) : (
          <ul className="card-list" aria-label={intl.formatMessage({ id: 'pages.list', defaultMessage: 'Pages' })}>
            {list.map((page) => (
              <li key={page.page_id} className="card">
                <Link className="card-title" to={paths.page(courseId, page.url)} dir="auto">
                  {page.title}
                </Link>
                {page.front_page && <Badge>{intl.formatMessage(pageMessages.frontPage)}</Badge>}
                {viewer.canManage && !page.published && <Badge tone="warn">{intl.formatMessage(common.unpublished)}</Badge>}
                <span className="muted">
                  <FormattedMessage {...pageMessages.updated} values={{ when: formatDateTime(page.updated_at) }} />
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}
