import { FormattedMessage, useIntl } from 'react-intl';
import type { GradebookUploadPreview as Preview } from '../../../../contracts/move-dtos.ts';
import { useSyncsWithHub } from '../../lib/use-syncs-with-hub.ts';
import { cellKey, useGradebookStore } from '../../stores/gradebook-store.ts';
import { useGradebookTransferStore, type GradebookImport } from '../../stores/gradebook-transfer-store.ts';

/**
 * An upload's preview: every changed cell (student, assignment, the grade now → the file's), the rows and columns
 * it cannot import, then `Confirm import` with a progress bar following the grading job.
 */
export function GradebookUploadPreview({ courseId, state, preview }: { courseId: number; state: GradebookImport; preview: Preview }) {
  const intl = useIntl();
  const load = useGradebookStore((s) => s.load[courseId]);
  const importConfirmed = useGradebookTransferStore((s) => s.importConfirmed);
  const syncsWithHub = useSyncsWithHub();
  const data = load?.status === 'loaded' ? load.data : undefined;
  const studentName = (id: number) => data?.students.find((s) => s.id === id)?.name ?? `#${id}`;
  const assignmentName = (id: number) => data?.assignments.find((a) => a.id === id)?.name ?? `#${id}`;
  const grade = (value: string | null) =>
    value === null
      ? intl.formatMessage({ id: 'gradebookImport.blank', defaultMessage: '(no grade)' })
      : value.toUpperCase() === 'EX'
        ? intl.formatMessage({ id: 'gradebookImport.excused', defaultMessage: 'Excused' })
        : value;
  const changesCaption = intl.formatMessage({ id: 'gradebookImport.changes', defaultMessage: 'Changes to grades' });
  const invalidCaption = intl.formatMessage({ id: 'gradebookImport.invalid', defaultMessage: 'Grades that cannot be imported' });
  const notImported = [...preview.unknown_assignments.map((a) => a.title), ...preview.ignored_columns];

  return (
    <div className="gradebook-upload-preview">
      <p role="status">
        <FormattedMessage
          id="gradebookImport.summary"
          defaultMessage="{file}: {changes, plural, one {# grade changes} other {# grades change}}; {unchanged, plural, one {# stays} other {# stay}} as {unchanged, plural, one {it is} other {they are}}."
          values={{ file: preview.filename, changes: preview.changes.length, unchanged: preview.unchanged }}
        />
      </p>
      {preview.changes.length > 0 && (
        <table className="data-table">
          <caption>{changesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="gradebookImport.student" defaultMessage="Student" />
              </th>
              <th scope="col">
                <FormattedMessage id="gradebookImport.assignment" defaultMessage="Assignment" />
              </th>
              <th scope="col">
                <FormattedMessage id="gradebookImport.old" defaultMessage="Grade now" />
              </th>
              <th scope="col">
                <FormattedMessage id="gradebookImport.new" defaultMessage="New grade" />
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.changes.map((c) => (
              <tr key={cellKey(c.student_id, c.assignment_id)}>
                <th scope="row" dir="auto">
                  {studentName(c.student_id)}
                </th>
                <td dir="auto">{assignmentName(c.assignment_id)}</td>
                <td>{grade(c.old)}</td>
                <td>{grade(c.new)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.unknown_students.length > 0 && (
        <section aria-labelledby="gradebook-import-unknown">
          <h3 id="gradebook-import-unknown">
            <FormattedMessage id="gradebookImport.unknownStudents" defaultMessage="Rows not imported" />
          </h3>
          <ul>
            {preview.unknown_students.map((s) => (
              <li key={s.row}>
                {s.reason === 'repeated' ? (
                  <FormattedMessage id="gradebookImport.repeated" defaultMessage="Row {row}: {name} appears earlier in the file; the first row counts." values={{ row: s.row, name: <bdi>{s.name || s.id}</bdi> }} />
                ) : (
                  <FormattedMessage id="gradebookImport.notFound" defaultMessage="Row {row}: {name} is not a student you grade in this course." values={{ row: s.row, name: <bdi>{s.name || s.id}</bdi> }} />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {notImported.length > 0 && (
        <section aria-labelledby="gradebook-import-columns">
          <h3 id="gradebook-import-columns">
            <FormattedMessage id="gradebookImport.columns" defaultMessage="Columns not imported" />
          </h3>
          <p className="muted">
            <FormattedMessage id="gradebookImport.columnsHelp" defaultMessage="Totals and notes are never imported, nor columns naming no published assignment of this course." />
          </p>
          <ul>
            {notImported.map((title, i) => (
              <li key={i} dir="auto">
                {title}
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.invalid.length > 0 && (
        <table className="data-table">
          <caption>{invalidCaption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="gradebookImport.student" defaultMessage="Student" />
              </th>
              <th scope="col">
                <FormattedMessage id="gradebookImport.assignment" defaultMessage="Assignment" />
              </th>
              <th scope="col">
                <FormattedMessage id="gradebookImport.value" defaultMessage="In the file" />
              </th>
              <th scope="col">
                <FormattedMessage id="gradebookImport.reason" defaultMessage="Why" />
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.invalid.map((c) => (
              <tr key={cellKey(c.student_id, c.assignment_id)}>
                <th scope="row" dir="auto">
                  {studentName(c.student_id)}
                </th>
                <td dir="auto">{assignmentName(c.assignment_id)}</td>
                <td dir="auto">{c.value}</td>
                <td>{c.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmRow state={state} syncsWithHub={syncsWithHub} onConfirm={() => void importConfirmed()} />
    </div>
  );
}

function ConfirmRow({ state, syncsWithHub, onConfirm }: { state: GradebookImport; syncsWithHub: boolean; onConfirm: () => void }) {
  const intl = useIntl();
  if (state.step === 'done') {
    return (
      <p role="status">
        <FormattedMessage id="gradebookImport.done" defaultMessage="Grades imported: {count, plural, one {# change} other {# changes}} saved." values={{ count: state.preview.changes.length }} />
      </p>
    );
  }
  if (syncsWithHub) {
    return (
      <p className="notice">
        <FormattedMessage
          id="gradebookImport.hubNotice"
          defaultMessage="This computer syncs with a hub, which does not take grades imported from a file yet. Import this file on the hub, or enter the grades in the gradebook here."
        />
      </p>
    );
  }
  return (
    <>
      <button type="button" onClick={onConfirm} disabled={state.step !== 'previewed' || state.preview.changes.length === 0}>
        <FormattedMessage id="gradebookImport.confirm" defaultMessage="Confirm import" />
      </button>
      {state.step === 'saving' && <progress aria-label={intl.formatMessage({ id: 'gradebookImport.progress', defaultMessage: 'Saving grades' })} max={100} value={state.completion} />}
    </>
  );
}
