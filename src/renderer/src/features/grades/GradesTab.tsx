import { Fragment, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import type { GradeGroup, StudentEnrollment } from '../../../../contracts/feedback-dtos.ts';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment, Course } from '../../../../contracts/lms-dtos.ts';
import { CommentList } from '../../components/CommentList.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime, formatPercent } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { allLoaded, useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { markers, percentWithGrade, scoreText } from './grade-cells.ts';
import { takesWhatIf, whatIfScores, whatIfTotals, whatIfValue } from './what-if.ts';

/**
 * A student's grades as released to them (or to their observer): a row per assignment, each group's total and the
 * course total, all from the API, which withholds grades and comments not yet posted and computes the totals.
 * A `What-if` column lets the student try hypothetical scores: the group and course totals they would make are
 * computed here with the server's arithmetic, shown beside the actual ones, and never saved.
 */
export function GradesTab({ course, studentId }: { course: Course; studentId: number }) {
  const courseId = course.id;
  const groups = useResource(resources.gradeGroups(courseId, studentId));
  const submissions = useResource(resources.studentSubmissions(courseId, studentId));
  const enrollments = useResource(resources.studentEnrollments(courseId, studentId));
  const intl = useIntl();
  return (
    <Loaded value={allLoaded(groups, submissions, enrollments)} what={intl.formatMessage({ id: 'grades.what', defaultMessage: 'the grades' })}>
      {([g, s, e]) => <GradesTable course={course} groups={g} submissions={s} enrollment={e.find((x) => x.user_id === studentId)} />}
    </Loaded>
  );
}

interface GradesTableProps {
  course: Course;
  groups: readonly GradeGroup[];
  submissions: readonly Submission[];
  enrollment: StudentEnrollment | undefined;
}

function GradesTable({ course, groups, submissions, enrollment }: GradesTableProps) {
  const intl = useIntl();
  const byAssignment = new Map(submissions.map((s) => [s.assignment_id, s]));
  const total = enrollment?.grades;
  // What the student typed, by assignment; only the numbers among them are what-if scores.
  const [typed, setTyped] = useState<Partial<Record<number, string>>>({});
  const whatIf = useMemo(() => whatIfScores(typed), [typed]);
  const tried = whatIf.size > 0 ? whatIfTotals(course, groups, submissions, whatIf) : undefined;
  const retype = (assignmentId: number, text: string | undefined) => setTyped((t) => ({ ...t, [assignmentId]: text }));
  // Rows whose comments are open, read in place as on Canvas's grades page.
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = (assignmentId: number) =>
    setOpened((was) => {
      const now = new Set(was);
      if (!now.delete(assignmentId)) now.add(assignmentId);
      return now;
    });
  return (
    <>
      {tried && (
        <p>
          <FormattedMessage id="grades.whatIf.notice" defaultMessage="What-if scores are only on this screen; nothing is saved." />{' '}
          <button type="button" onClick={() => setTyped({})}>
            <FormattedMessage id="grades.whatIf.revertAll" defaultMessage="Revert all scores to actual" />
          </button>
        </p>
      )}
      <div className="table-scroll">
        <table className="data-table grades-table" aria-label={intl.formatMessage({ id: 'grades.table', defaultMessage: 'Grades' })}>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="grades.column.name" defaultMessage="Name" />
              </th>
              <th scope="col">
                <FormattedMessage id="grades.column.due" defaultMessage="Due" />
              </th>
              <th scope="col">
                <FormattedMessage id="grades.column.status" defaultMessage="Status" />
              </th>
              <th scope="col">
                <FormattedMessage id="grades.column.score" defaultMessage="Score" />
              </th>
              <th scope="col">
                <FormattedMessage id="grades.column.whatIf" defaultMessage="What-if" />
              </th>
              <th scope="col">
                <FormattedMessage id="grades.column.comments" defaultMessage="Comments" />
              </th>
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.id}>
              {group.assignments.map((a) => {
                const s = byAssignment.get(a.id);
                const comments = s?.submission_comments ?? [];
                const commentsId = `grade-comments-${a.id}`;
                return (
                  <Fragment key={a.id}>
                    <tr>
                      <th scope="row">
                        <Link to={paths.assignment(course.id, a.id)} dir="auto">
                          {a.name}
                        </Link>
                      </th>
                      <td>{formatDateTime(a.due_at) ?? ''}</td>
                      <td>{intl.formatList(markers(s), { type: 'unit' })}</td>
                      <td>{scoreText(a, s)}</td>
                      <td>{takesWhatIf(a, s) && <WhatIfScore assignment={a} text={typed[a.id]} onType={(text) => retype(a.id, text)} />}</td>
                      <td>
                        {comments.length > 0 && (
                          <button type="button" className="link-button" aria-expanded={opened.has(a.id)} aria-controls={commentsId} onClick={() => toggle(a.id)}>
                            <FormattedMessage id="grades.comments" defaultMessage="{count, plural, one {# comment} other {# comments}}" values={{ count: comments.length }} />
                          </button>
                        )}
                      </td>
                    </tr>
                    {comments.length > 0 && (
                      <tr id={commentsId} className="grade-comments" hidden={!opened.has(a.id)}>
                        <td colSpan={6}>
                          <CommentList
                            comments={comments}
                            nameOf={(c) => c.author_name}
                            label={intl.formatMessage({ id: 'grades.comments.list', defaultMessage: 'Comments on {assignment}' }, { assignment: a.name })}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
              <tr className="group-total">
                <th scope="row">
                  <FormattedMessage id="grades.groupTotal" defaultMessage="{group} total" values={{ group: <span dir="auto">{group.name}</span> }} />
                </th>
                <td />
                <td>
                  {group.group_weight ? (
                    <FormattedMessage id="grades.groupWeight" defaultMessage="{weight, number}% of the course" values={{ weight: group.group_weight }} />
                  ) : (
                    ''
                  )}
                </td>
                <td>{formatPercent(group.scores?.current_score)}</td>
                <td>{tried && whatIfText(formatPercent(tried.groups.get(group.id)), intl)}</td>
                <td />
              </tr>
            </tbody>
          ))}
          <tfoot>
            <tr className="course-total">
              <th scope="row">
                <FormattedMessage id="grades.total" defaultMessage="Total" />
              </th>
              <td />
              <td />
              <td>{percentWithGrade(total?.current_score, total?.current_grade)}</td>
              <td>{tried && whatIfText(percentWithGrade(tried.total, tried.grade), intl)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/** A box for a hypothetical score, and the way back to the actual one once something is typed. */
function WhatIfScore({ assignment, text, onType }: { assignment: Assignment; text: string | undefined; onType: (text: string | undefined) => void }) {
  const intl = useIntl();
  const invalid = text !== undefined && text.trim() !== '' && whatIfValue(text) === undefined;
  const box = useRef<HTMLInputElement>(null);
  function reverted(): void {
    onType(undefined);
    // The Revert button goes away with the what-if score: focus returns to the box rather than to the page.
    box.current?.focus();
  }
  return (
    <span className="what-if">
      <input
        ref={box}
        type="text"
        inputMode="decimal"
        size={5}
        aria-label={intl.formatMessage({ id: 'grades.whatIf.score', defaultMessage: 'What-if score for {assignment}' }, { assignment: assignment.name })}
        aria-invalid={invalid || undefined}
        value={text ?? ''}
        onChange={(e) => onType(e.target.value)}
      />
      {text !== undefined && text !== '' && (
        <button type="button" className="link-button" aria-label={intl.formatMessage({ id: 'grades.whatIf.revert.label', defaultMessage: 'Revert to actual score for {assignment}' }, { assignment: assignment.name })}
          onClick={reverted}
        >
          <FormattedMessage id="grades.whatIf.revert" defaultMessage="Revert" />
        </button>
      )}
    </span>
  );
}

/** A total the what-if scores would make, marked as such beside the actual one. */
function whatIfText(total: string, intl: IntlShape): string {
  return intl.formatMessage({ id: 'grades.whatIf.total', defaultMessage: '{total} (what-if)' }, { total });
}
