import { useState } from 'react';
import type { MessageDescriptor } from '@formatjs/intl';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
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
import { pageMessages } from './page-messages.ts';
import { RevisionDiff } from './RevisionDiff.tsx';

/** `pages/:pageUrl/revisions`: every saved version, newest first; compare one with the page as it is, or restore it. */
export function PageRevisions({ course }: { course: Course }) {
  const intl = useIntl();
  const pageUrl = useParams().pageUrl ?? '';
  const page = useResource(resources.page(course.id, pageUrl));
  const revisions = useResource(resources.pageRevisions(course.id, pageUrl));
  useDocumentTitle(
    page.status === 'loaded' ? intl.formatMessage(revisionsOf, { title: page.data.title }) : intl.formatMessage(pageMessages.revisions),
    course.name,
  );
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.page(course.id, pageUrl)}>
          <FormattedMessage id="pages.revisions.back" defaultMessage="Back to the page" />
        </Link>
      </p>
      <Loaded value={page} what={intl.formatMessage(pageMessages.this)}>
        {(current) => (
          <>
            <h2>
              <FormattedMessage {...revisionsOf} values={{ title: <bdi>{current.title}</bdi> }} />
            </h2>
            <Loaded value={revisions} what={intl.formatMessage({ id: 'pages.revisions.what', defaultMessage: 'the page’s revisions', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' })}>
              {(list) => <RevisionList courseId={course.id} page={current} revisions={list} />}
            </Loaded>
          </>
        )}
      </Loaded>
    </article>
  );
}

const revisionsOf: MessageDescriptor = defineMessage({ id: 'pages.revisions.of', defaultMessage: 'Revisions of {title}', description: 'Heading and window title; {title}: the page’s title.' });

interface RevisionListProps {
  courseId: number;
  page: WikiPage;
  revisions: PageRevision[];
}

function RevisionList({ courseId, page, revisions }: RevisionListProps) {
  const intl = useIntl();
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
      <ul aria-label={intl.formatMessage(pageMessages.revisions)} className="plain-list revision-list">
        {revisions.map((r) => (
          <li key={r.revision_id}>
            {/* The parts are joined with middle dots, which every language here reads the same way. */}
            <span>
              {r.latest
                ? intl.formatMessage({ id: 'pages.revision.current', defaultMessage: 'Revision {id} (current)' }, { id: r.revision_id })
                : intl.formatMessage(pageMessages.revision, { id: r.revision_id })}
              {' · '}
              {formatDateTime(r.updated_at) ?? intl.formatMessage({ id: 'pages.revision.unknownTime', defaultMessage: 'unknown time' })}
              {r.edited_by && (
                <>
                  {' · '}
                  <bdi>{r.edited_by.display_name}</bdi>
                </>
              )}
            </span>
            {!r.latest && (
              <span className="button-row">
                <button type="button" aria-pressed={compared?.revision_id === r.revision_id} onClick={() => setChosen(r.revision_id)}>
                  <FormattedMessage id="pages.revision.compare" defaultMessage="Compare" />
                </button>
                <button type="button" onClick={() => restore(r.revision_id)} disabled={pending}>
                  <FormattedMessage id="pages.revision.restore" defaultMessage="Restore" />
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
      {restored !== undefined && !pending && (
        <p role="status">
          <FormattedMessage id="pages.revision.restored" defaultMessage="Restored revision {id}: the page shows it again, as a new revision." values={{ id: restored }} />
        </p>
      )}
      {compared ? (
        <RevisionDiff courseId={courseId} page={page} revisionId={compared.revision_id} />
      ) : (
        <p className="muted">
          <FormattedMessage id="pages.revisions.onlyCurrent" defaultMessage="This page has only its current version." />
        </p>
      )}
    </>
  );
}
