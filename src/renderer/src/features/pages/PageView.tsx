import { Loaded } from '../../components/Loaded.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { routeHref } from '../../lib/routes.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

export function PageView({ courseId, pageUrl }: { courseId: number; pageUrl: string }) {
  const page = useResource(resources.page(courseId, pageUrl));
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <a href={routeHref({ name: 'course', courseId, tab: 'pages' })}>All pages</a>
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
