import type { WikiPage } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { htmlTextLines } from '../../lib/html-lines.ts';
import { diffLines, type DiffRow } from '../../lib/line-diff.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

interface RevisionDiffProps {
  courseId: number;
  page: WikiPage;
  revisionId: number;
}

/** An older revision beside the current page, line by line, as text: what restoring it would bring back. */
export function RevisionDiff({ courseId, page, revisionId }: RevisionDiffProps) {
  const revision = useResource(resources.pageRevision(courseId, page.url, revisionId));
  const linesOf = (title: string | undefined, body: string | null | undefined) => [`Title: ${title ?? ''}`, ...htmlTextLines(body)];
  return (
    <Loaded value={revision} what={`revision ${revisionId}`}>
      {(r) => (
        <div className="table-scroll">
          <table className="data-table diff-table">
            <caption>Revision {revisionId} compared with the current page</caption>
            <thead>
              <tr>
                <th scope="col">Revision {revisionId}</th>
                <th scope="col">Current page</th>
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
          <td>{row.left}</td>
          <td>{row.right}</td>
        </tr>
      );
    case 'removed':
      return (
        <tr>
          <td className="diff-removed">
            <del>{row.left}</del>
          </td>
          <td />
        </tr>
      );
    case 'added':
      return (
        <tr>
          <td />
          <td className="diff-added">
            <ins>{row.right}</ins>
          </td>
        </tr>
      );
  }
}
