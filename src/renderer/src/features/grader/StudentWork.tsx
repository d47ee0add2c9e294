import { useIntl } from 'react-intl';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { CommentThread } from './CommentThread.tsx';
import { GradePanel } from './GradePanel.tsx';
import { PeerReviews } from './PeerReviews.tsx';
import { SubmissionView } from './SubmissionView.tsx';
import type { GraderStudent } from './student-order.ts';

interface StudentWorkProps {
  courseId: number;
  assignment: Assignment;
  student: GraderStudent;
  /** Every student in the grader's order: comment and review authors are named as the list names them. */
  order: readonly GraderStudent[];
}

/** One student's submission beside its grade, comments and peer reviews. */
export function StudentWork({ courseId, assignment, student, order }: StudentWorkProps) {
  const intl = useIntl();
  const ref = { courseId, assignmentId: assignment.id, userId: student.id };
  const submission = useResource(resources.submission(courseId, assignment.id, student.id));
  return (
    <section className="student-work" aria-labelledby={`student-${student.id}`}>
      <h3 id={`student-${student.id}`} dir="auto">
        {student.label}
      </h3>
      <Loaded value={submission} what={intl.formatMessage({ id: 'grader.work.what', defaultMessage: 'the work of {student}' }, { student: student.label })}>
        {(s) => (
          <div className="grader-columns">
            <SubmissionView submission={s} />
            <div className="grader-side">
              <GradePanel student={ref} assignment={assignment} submission={s} />
              <CommentThread student={ref} comments={s.submission_comments ?? []} order={order} />
              {assignment.peer_reviews && <PeerReviews courseId={courseId} assignmentId={assignment.id} student={student} order={order} />}
            </div>
          </div>
        )}
      </Loaded>
    </section>
  );
}
