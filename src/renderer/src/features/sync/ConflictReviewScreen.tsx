import { Link } from 'react-router';
import type { SyncConflict } from '../../../../contracts/session-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { FormError } from '../../components/FormError.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useConflictReviewStore } from '../../stores/conflict-review-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { conflictSubject, fieldDifferences, readableValue } from './conflict-fields.ts';

/** Each recorded conflict with both versions side by side; the person makes their change again or keeps what stands. */
export function ConflictReviewScreen() {
  const conflicts = useResource(resources.conflicts());
  return (
    <Screen title="Review conflicts">
      <p className="breadcrumbs">
        <Link to={paths.syncDetails()}>Sync details</Link>
      </p>
      <Loaded value={conflicts} what="the conflicts">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">No conflicts wait for you.</p>
          ) : (
            list.map((conflict) => <ConflictCard key={conflict.id} conflict={conflict} />)
          )
        }
      </Loaded>
    </Screen>
  );
}

function ConflictCard({ conflict }: { conflict: SyncConflict }) {
  const headingId = `conflict-${conflict.id}`;
  const differences = fieldDifferences(conflict);
  const resolving = useConflictReviewStore((s) => s.resolvingId === conflict.id);
  const failure = useConflictReviewStore((s) => (s.failure?.conflictId === conflict.id ? s.failure.message : undefined));
  const resolveClicked = useConflictReviewStore((s) => s.resolveClicked);
  const subject = conflictSubject(conflict);

  return (
    <section className="panel conflict" aria-labelledby={headingId}>
      <h2 id={headingId}>{subject}</h2>
      <p className="muted">
        Your change of {formatDateTime(conflict.lost_at)} and a later one of {formatDateTime(conflict.kept_at)} changed the same fields: the later one stands.
      </p>
      <FormError message={failure} />
      <table className="data-table">
        <caption className="visually-hidden">Differences in {subject}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Your change</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.field}>
              <th scope="row">{d.field}</th>
              <td className="value-cell">{readableValue(d.mine)}</td>
              <td className="value-cell">{readableValue(d.standing)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="button-row">
        {/* Making the change again goes through the API like any write: it may be refused as one. */}
        {conflict.can_redo && (
          <button type="button" disabled={resolving} onClick={() => void resolveClicked(conflict.id, 'device')}>
            Make my change again
          </button>
        )}
        <button type="button" disabled={resolving} onClick={() => void resolveClicked(conflict.id, 'hub')}>
          Keep it as it is now
        </button>
      </div>
    </section>
  );
}
