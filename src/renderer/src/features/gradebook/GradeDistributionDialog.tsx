import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useModalDialog } from '../../lib/use-modal-dialog.ts';
import type { GradebookAssignment, GradebookData } from '../../stores/gradebook-store.ts';
import { gradeDistribution } from './grade-distribution.ts';
import { gradebookWords } from './gradebook-words.ts';

/**
 * `Grade distribution for {assignment}`: how the graded scores of the gradebook's students spread, as a table
 * (`Score range`, `Students`) whose rows also draw a bar each, so the figure reads the same seen or heard. Computed
 * from the submissions the grid already holds: excused students and those without a grade are not counted.
 */
export function GradeDistributionDialog({ data, assignment, onClose }: { data: GradebookData; assignment: GradebookAssignment; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const dialog = useModalDialog();
  const scores = useMemo(
    () =>
      Object.values(data.submissions).flatMap((s) => (s && s.assignment_id === assignment.id && !s.excused && s.score !== null ? [s.score] : [])),
    [data.submissions, assignment.id],
  );
  const bins = gradeDistribution(scores, assignment.points_possible);
  const most = Math.max(1, ...bins.map((b) => b.students));
  const title = intl.formatMessage(gradebookWords.distributionFor, { assignment: assignment.name });
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} className="gradebook-dialog" onCancel={onClose}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted">
        {assignment.points_possible ? (
          <FormattedMessage
            id="gradebook.distribution.gradedOutOf"
            defaultMessage="{graded, number} of {total, plural, one {# student} other {# students}} graded, out of {points, plural, one {# point} other {# points}}."
            values={{ graded: scores.length, total: data.students.length, points: assignment.points_possible }}
          />
        ) : (
          <FormattedMessage
            id="gradebook.distribution.graded"
            defaultMessage="{graded, number} of {total, plural, one {# student} other {# students}} graded."
            values={{ graded: scores.length, total: data.students.length }}
          />
        )}
      </p>
      {bins.length > 0 && (
        // Named by the dialog's heading rather than a hidden caption: the same name, and no clipped copy of it.
        <table className="data-table grade-distribution" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="gradebook.distribution.range" defaultMessage="Score range" />
              </th>
              <th scope="col">
                <FormattedMessage id="gradebook.distribution.students" defaultMessage="Students" />
              </th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b) => (
              <tr key={b.range}>
                <th scope="row">{b.range}</th>
                <td>
                  <span className="distribution-count">{b.students}</span>
                  {/* The bar repeats the count for the eye; the number is what is read. */}
                  <span aria-hidden="true" className="distribution-bar" style={{ width: `${(b.students / most) * 100}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="gradebook-dialog-actions">
        <button type="button" onClick={onClose}>
          <FormattedMessage {...gradebookWords.close} />
        </button>
      </div>
    </dialog>
  );
}
