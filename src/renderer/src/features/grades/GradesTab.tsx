import { Link } from 'react-router';
import type { GradeGroup, StudentEnrollment } from '../../../../contracts/feedback-dtos.ts';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { allLoaded, useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { groupScoreText, markers, percentText, scoreText } from './grade-cells.ts';

/**
 * A student's grades as released to them (or to their observer): a row per assignment, each group's total and the
 * course total, all from the API, which withholds grades and comments not yet posted and computes the totals.
 */
export function GradesTab({ courseId, studentId }: { courseId: number; studentId: number }) {
  const groups = useResource(resources.gradeGroups(courseId, studentId));
  const submissions = useResource(resources.studentSubmissions(courseId, studentId));
  const enrollments = useResource(resources.studentEnrollments(courseId, studentId));
  return (
    <Loaded value={allLoaded(groups, submissions, enrollments)} what="the grades">
      {([g, s, e]) => <GradesTable courseId={courseId} groups={g} submissions={s} enrollment={e.find((x) => x.user_id === studentId)} />}
    </Loaded>
  );
}

interface GradesTableProps {
  courseId: number;
  groups: readonly GradeGroup[];
  submissions: readonly Submission[];
  enrollment: StudentEnrollment | undefined;
}

function GradesTable({ courseId, groups, submissions, enrollment }: GradesTableProps) {
  const byAssignment = new Map(submissions.map((s) => [s.assignment_id, s]));
  const total = enrollment?.grades;
  return (
    <div className="table-scroll">
      <table className="data-table grades-table" aria-label="Grades">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col">Score</th>
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
                    <Link to={paths.assignment(courseId, a.id)}>{a.name}</Link>
                  </th>
                  <td>{formatDateTime(a.due_at) ?? ''}</td>
                  <td>{markers(s).join(', ')}</td>
                  <td>{scoreText(a, s)}</td>
                  <td>{commentCount(s)}</td>
                </tr>
              );
            })}
            <tr className="group-total">
              <th scope="row">{group.name} total</th>
              <td />
              <td>{group.group_weight ? `${group.group_weight}% of the course` : ''}</td>
              <td>{groupScoreText(group.scores)}</td>
              <td />
            </tr>
          </tbody>
        ))}
        <tfoot>
          <tr className="course-total">
            <th scope="row">Total</th>
            <td />
            <td />
            <td>
              {percentText(total?.current_score)}
              {total?.current_grade ? ` (${total.current_grade})` : ''}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function commentCount(s: Submission | undefined): string {
  const n = s?.submission_comments?.length ?? 0;
  return n === 0 ? '' : `${n} ${n === 1 ? 'comment' : 'comments'}`;
}
