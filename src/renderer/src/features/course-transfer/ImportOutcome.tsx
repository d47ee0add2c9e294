import { FormattedMessage, useIntl } from 'react-intl';
import type { MigrationIssue } from '../../../../contracts/move-dtos.ts';
import type { CourseImport } from '../../stores/course-transfer-store.ts';

/** How an import ended: done (with what it created) or refused, then the issues the migration lists. */
export function ImportOutcome({ state }: { state: Extract<CourseImport, { step: 'done' | 'failed' }> }) {
  const intl = useIntl();
  const created = state.step === 'done' ? Object.values(state.migration.imported ?? {}).reduce((sum, n) => sum + n, 0) : 0;
  return (
    <>
      {state.step === 'done' ? (
        <p role="status">
          <FormattedMessage id="courseTransfer.import.done" defaultMessage="Import complete: {count, plural, one {# item} other {# items}} created." values={{ count: created }} />
        </p>
      ) : (
        <p role="alert" className="error">
          <FormattedMessage id="courseTransfer.import.refused" defaultMessage="The import did not complete: {message}" values={{ message: state.message }} />
        </p>
      )}
      {state.issues.length > 0 && (
        <section aria-label={intl.formatMessage({ id: 'courseTransfer.issues', defaultMessage: 'Import issues' })}>
          <h3>
            <FormattedMessage id="courseTransfer.issues" defaultMessage="Import issues" />
          </h3>
          <ul>
            {state.issues.map((issue) => (
              <IssueItem key={issue.id} issue={issue} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function IssueItem({ issue }: { issue: MigrationIssue }) {
  return (
    <li>
      {issue.issue_type === 'error' ? (
        <FormattedMessage id="courseTransfer.issue.error" defaultMessage="Error:" />
      ) : (
        <FormattedMessage id="courseTransfer.issue.warning" defaultMessage="Skipped:" />
      )}{' '}
      {issue.description}
    </li>
  );
}
