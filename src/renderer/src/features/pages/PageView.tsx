import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** `pages/:pageUrl` inside a course. */
export function PageView({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const pageUrl = useParams().pageUrl ?? '';
  const page = useResource(resources.page(course.id, pageUrl));
  useDocumentTitle(page.status === 'loaded' ? page.data.title : 'Page', course.name);
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'pages')}>All pages</Link>
      </p>
      <Loaded value={page} what="this page">
        {(p) => (
          <>
            <h2>{p.title}</h2>
            <p className="muted">Updated {formatDateTime(p.updated_at)}</p>
            {viewer.canManage && (
              <p className="button-row">
                <Link to={paths.editPage(course.id, p.url)} className="button-link">
                  Edit
                </Link>
                <Link to={paths.pageRevisions(course.id, p.url)}>Revisions</Link>
              </p>
            )}
            {p.locked_for_user && p.lock_explanation && <p className="lock-explanation">{p.lock_explanation}</p>}
            {p.body ? <SafeHtmlFrame html={p.body} title="Page content" /> : <p className="muted">This page is empty.</p>}
          </>
        )}
      </Loaded>
    </article>
  );
}
