import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { GradeGroup, StudentEnrollment } from '../../../../contracts/feedback-dtos.ts';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment, Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime, formatPercent } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { allLoaded, useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { markers, scoreText } from './grade-cells.ts';
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
  return (
    <Loaded value={allLoaded(groups, submissions, enrollments)} what="the grades">
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
  const byAssignment = new Map(submissions.map((s) => [s.assignment_id, s]));
  const total = enrollment?.grades;
  // What the student typed, by assignment; only the numbers among them are what-if scores.
  const [typed, setTyped] = useState<Partial<Record<number, string>>>({});
  const whatIf = useMemo(() => whatIfScores(typed), [typed]);
  const tried = whatIf.size > 0 ? whatIfTotals(course, groups, submissions, whatIf) : undefined;
  const retype = (assignmentId: number, text: string | undefined) => setTyped((t) => ({ ...t, [assignmentId]: text }));
  return (
    <>
      {tried && (
        <p>
          What-if scores are only on this screen; nothing is saved.{' '}
          <button type="button" onClick={() => setTyped({})}>
            Revert all scores to actual
          </button>
        </p>
      )}
      <div className="table-scroll">
        <table className="data-table grades-table" aria-label="Grades">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Due</th>
              <th scope="col">Status</th>
              <th scope="col">Score</th>
              <th scope="col">What-if</th>
              <th scope="col">Comments</th>
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.id}>
              {group.assignments.map((a) => {
                const s = byAssignment.get(a.id);
                return (
                  <tr key={a.id}>
                    <th scope="row">
                      <Link to={paths.assignment(course.id, a.id)}>{a.name}</Link>
                    </th>
                    <td>{formatDateTime(a.due_at) ?? ''}</td>
                    <td>{markers(s).join(', ')}</td>
                    <td>{scoreText(a, s)}</td>
                    <td>{takesWhatIf(a, s) && <WhatIfScore assignment={a} text={typed[a.id]} onType={(text) => retype(a.id, text)} />}</td>
                    <td>{commentCount(s)}</td>
                  </tr>
                );
              })}
              <tr className="group-total">
                <th scope="row">{group.name} total</th>
                <td />
                <td>{group.group_weight ? `${group.group_weight}% of the course` : ''}</td>
                <td>{formatPercent(group.scores?.current_score)}</td>
                <td>{tried && `${formatPercent(tried.groups.get(group.id))} (what-if)`}</td>
                <td />
              </tr>
            </tbody>
          ))}
          <tfoot>
            <tr className="course-total">
              <th scope="row">Total</th>
              <td />
              <td />
              <td>{withGrade(total?.current_score, total?.current_grade)}</td>
              <td>{tried && `${withGrade(tried.total, tried.grade)} (what-if)`}</td>
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
        aria-label={`What-if score for ${assignment.name}`}
        aria-invalid={invalid || undefined}
        value={text ?? ''}
        onChange={(e) => onType(e.target.value)}
      />
      {text !== undefined && text !== '' && (
        <button type="button" className="link-button" aria-label={`Revert to actual score for ${assignment.name}`} onClick={reverted}>
          Revert
        </button>
      )}
    </span>
  );
}

function withGrade(score: number | null | undefined, grade: string | null | undefined): string {
  return grade ? `${formatPercent(score)} (${grade})` : formatPercent(score);
}

function commentCount(s: Submission | undefined): string {
  const n = s?.submission_comments?.length ?? 0;
  return n === 0 ? '' : `${n} ${n === 1 ? 'comment' : 'comments'}`;
}
