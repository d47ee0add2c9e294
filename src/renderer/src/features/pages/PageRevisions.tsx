import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Course, PageRevision, WikiPage } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { RevisionDiff } from './RevisionDiff.tsx';

/** `pages/:pageUrl/revisions`: every saved version, newest first; compare one with the page as it is, or restore it. */
export function PageRevisions({ course }: { course: Course }) {
  const pageUrl = useParams().pageUrl ?? '';
  const page = useResource(resources.page(course.id, pageUrl));
  const revisions = useResource(resources.pageRevisions(course.id, pageUrl));
  useDocumentTitle(page.status === 'loaded' ? `Revisions of ${page.data.title}` : 'Revisions', course.name);
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.page(course.id, pageUrl)}>Back to the page</Link>
      </p>
      <Loaded value={page} what="this page">
        {(current) => (
          <>
            <h2>Revisions of {current.title}</h2>
            <Loaded value={revisions} what="the page’s revisions">
              {(list) => <RevisionList courseId={course.id} page={current} revisions={list} />}
            </Loaded>
          </>
        )}
      </Loaded>
    </article>
  );
}

interface RevisionListProps {
  courseId: number;
  page: WikiPage;
  revisions: PageRevision[];
}

function RevisionList({ courseId, page, revisions }: RevisionListProps) {
  const older = revisions.filter((r) => !r.latest);
  const [chosen, setChosen] = useState<number>();
  // Until the person picks one, the version before the current one is compared: "what did the last save change?"
  const compared = older.find((r) => r.revision_id === chosen) ?? older[0];
  const restoreRequested = useAuthoringStore((s) => s.revisionRestoreRequested);
  const { pending, error, submit } = useSubmission();
  const [restored, setRestored] = useState<number>();

  const restore = (revisionId: number) =>
    submit(async () => {
      await restoreRequested(courseId, page.url, revisionId);
      setRestored(revisionId);
      setChosen(undefined);
    });

  return (
    <>
      <ul aria-label="Revisions" className="plain-list revision-list">
        {revisions.map((r) => (
          <li key={r.revision_id}>
            <span>
              Revision {r.revision_id}
              {r.latest ? ' (current)' : ''} · {formatDateTime(r.updated_at) ?? 'unknown time'}
              {r.edited_by ? ` · ${r.edited_by.display_name}` : ''}
            </span>
            {!r.latest && (
              <span className="button-row">
                <button type="button" aria-pressed={compared?.revision_id === r.revision_id} onClick={() => setChosen(r.revision_id)}>
                  Compare
                </button>
                <button type="button" onClick={() => restore(r.revision_id)} disabled={pending}>
                  Restore
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
      {restored !== undefined && !pending && (
        <p role="status">Restored revision {restored}: the page shows it again, as a new revision.</p>
      )}
      {compared ? (
        <RevisionDiff courseId={courseId} page={page} revisionId={compared.revision_id} />
      ) : (
        <p className="muted">This page has only its current version.</p>
      )}
    </>
  );
}
