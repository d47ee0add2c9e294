import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** `pages/:pageUrl` inside a course. */
export function PageView({ course }: { course: Course }) {
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
            {p.locked_for_user && p.lock_explanation && <p className="lock-explanation">{p.lock_explanation}</p>}
            {p.body ? <SafeHtmlFrame html={p.body} title="Page content" /> : <p className="muted">This page is empty.</p>}
          </>
        )}
      </Loaded>
    </article>
  );
}
