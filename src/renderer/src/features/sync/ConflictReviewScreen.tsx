import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SyncConflict } from '../../../../contracts/session-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { currentIntl } from '../../i18n/current-intl.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useConflictReviewStore } from '../../stores/conflict-review-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { conflictSubject, fieldDifferences, readableValue } from './conflict-fields.ts';

/** Each recorded conflict with both versions side by side; the person makes their change again or keeps what stands. */
export function ConflictReviewScreen() {
  const intl = useIntl();
  const conflicts = useResource(resources.conflicts());
  return (
    <Screen title={intl.formatMessage({ id: 'conflicts.title', defaultMessage: 'Review conflicts' })}>
      <p className="breadcrumbs">
        <Link to={paths.syncDetails()}>
          <FormattedMessage id="conflicts.toSyncDetails" defaultMessage="Sync details" />
        </Link>
      </p>
      <Loaded value={conflicts} what={intl.formatMessage({ id: 'conflicts.what', defaultMessage: 'the conflicts' })}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="sync.details.noConflicts" defaultMessage="No conflicts wait for you." />
            </p>
          ) : (
            list.map((conflict) => <ConflictCard key={conflict.id} conflict={conflict} />)
          )
        }
      </Loaded>
    </Screen>
  );
}

function ConflictCard({ conflict }: { conflict: SyncConflict }) {
  const intl = useIntl();
  const headingId = `conflict-${conflict.id}`;
  const differences = fieldDifferences(conflict);
  const resolving = useConflictReviewStore((s) => s.resolvingId === conflict.id);
  const failure = useConflictReviewStore((s) => (s.failure?.conflictId === conflict.id ? s.failure.message : undefined));
  const resolveClicked = useConflictReviewStore((s) => s.resolveClicked);
  const subject = conflictSubject(conflict, currentIntl());

  return (
    <section className="panel conflict" aria-labelledby={headingId}>
      <h2 id={headingId} dir="auto">
        {subject}
      </h2>
      <p className="muted">
        <FormattedMessage
          id="conflicts.explanation"
          defaultMessage="Your change of {lost} and a later one of {kept} changed the same fields: the later one stands."
          values={{ lost: formatDateTime(conflict.lost_at), kept: formatDateTime(conflict.kept_at) }}
        />
      </p>
      <FormError message={failure} />
      <table className="data-table">
        <caption className="visually-hidden">
          <FormattedMessage id="conflicts.differences" defaultMessage="Differences in {subject}" values={{ subject }} />
        </caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'conflicts.column.field', defaultMessage: 'Field' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'conflicts.column.mine', defaultMessage: 'Your change' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'conflicts.column.now', defaultMessage: 'Now' })}</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.field}>
              {/* The record's own field names, as the API spells them. */}
              <th scope="row" dir="ltr">
                {d.field}
              </th>
              <td className="value-cell" dir="auto">
                {readableValue(d.mine)}
              </td>
              <td className="value-cell" dir="auto">
                {readableValue(d.standing)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="button-row">
        {/* Making the change again goes through the API like any write: it may be refused as one. */}
        {conflict.can_redo && (
          <button type="button" disabled={resolving} onClick={() => void resolveClicked(conflict.id, 'device')}>
            <FormattedMessage id="conflicts.redo" defaultMessage="Make my change again" />
          </button>
        )}
        <button type="button" disabled={resolving} onClick={() => void resolveClicked(conflict.id, 'hub')}>
          <FormattedMessage id="conflicts.keep" defaultMessage="Keep it as it is now" />
        </button>
      </div>
    </section>
  );
}
