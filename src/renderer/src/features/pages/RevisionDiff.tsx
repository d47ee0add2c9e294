import { FormattedMessage, useIntl } from 'react-intl';
import type { WikiPage } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { htmlTextLines } from '../../lib/html-lines.ts';
import { diffLines, type DiffRow } from '../../lib/line-diff.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { pageMessages } from './page-messages.ts';

interface RevisionDiffProps {
  courseId: number;
  page: WikiPage;
  revisionId: number;
}

/** An older revision beside the current page, line by line, as text: what restoring it would bring back. */
export function RevisionDiff({ courseId, page, revisionId }: RevisionDiffProps) {
  const intl = useIntl();
  const revision = useResource(resources.pageRevision(courseId, page.url, revisionId));
  // Both sides are labelled alike, so a title compares as a changed line only when the title itself changed.
  const linesOf = (title: string | undefined, body: string | null | undefined) => [
    intl.formatMessage({ id: 'pages.diff.titleLine', defaultMessage: 'Title: {title}' }, { title: title ?? '' }),
    ...htmlTextLines(body),
  ];
  const revisionName = intl.formatMessage(pageMessages.revision, { id: revisionId });
  return (
    <Loaded value={revision} what={intl.formatMessage({ id: 'pages.diff.what', defaultMessage: 'revision {id}', description: 'Fills {what} in “Loading {what}…”; {id}: the revision’s number.' }, { id: revisionId })}>
      {(r) => (
        <div className="table-scroll">
          <table className="data-table diff-table">
            <caption>
              <FormattedMessage id="pages.diff.caption" defaultMessage="Revision {id} compared with the current page" values={{ id: revisionId }} />
            </caption>
            <thead>
              <tr>
                <th scope="col">{revisionName}</th>
                <th scope="col">
                  <FormattedMessage id="pages.diff.current" defaultMessage="Current page" />
                </th>
              </tr>
            </thead>
            <tbody>
              {diffLines(linesOf(r.title, r.body), linesOf(page.title, page.body)).map((row, i) => (
                <DiffTableRow key={i} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Loaded>
  );
}

function DiffTableRow({ row }: { row: DiffRow }) {
  switch (row.kind) {
    case 'same':
      return (
        <tr>
          <td dir="auto">{row.left}</td>
          <td dir="auto">{row.right}</td>
        </tr>
      );
    case 'removed':
      return (
        <tr>
          <td className="diff-removed" dir="auto">
            <del>{row.left}</del>
          </td>
          <td />
        </tr>
      );
    case 'added':
      return (
        <tr>
          <td />
          <td className="diff-added" dir="auto">
            <ins>{row.right}</ins>
          </td>
        </tr>
      );
  }
}
