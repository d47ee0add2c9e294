import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Assignment, Course } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { common } from '../../i18n/common-messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime, formatPoints, formatSubmissionTypes } from '../../lib/format.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useShownStudent } from '../observers/shown-student.ts';
import { ObservedSubmission, SubmissionPanel } from '../submissions/SubmissionPanel.tsx';
import { assignmentMessages } from './assignment-messages.ts';
import { DeleteAssignment } from './DeleteAssignment.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

interface AssignmentDetailProps {
  course: Course;
  viewer: CourseViewer;
}

/** `assignments/:assignmentId` inside a course. */
export function AssignmentDetail({ course, viewer }: AssignmentDetailProps) {
  const intl = useIntl();
  const assignmentId = idParam(useParams().assignmentId) ?? 0;
  const assignment = useResource(resources.assignment(course.id, assignmentId));
  const shownStudent = useShownStudent(viewer);
  useDocumentTitle(
    assignment.status === 'loaded' ? assignment.data.name : intl.formatMessage({ id: 'assignments.detail.title', defaultMessage: 'Assignment', description: 'Window title while the assignment loads.' }),
    course.name,
  );
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'assignments')}>
          <FormattedMessage {...assignmentMessages.all} />
        </Link>
      </p>
      <Loaded value={assignment} what={intl.formatMessage(assignmentMessages.this)}>
        {(a) => (
          <>
            <h2>
              <span dir="auto">{a.name}</span> {viewer.canManage && !a.published && <Badge tone="warn">{intl.formatMessage(common.unpublished)}</Badge>}
            </h2>
            <AssignmentFacts assignment={a} />
            {viewer.canManage && (
              <div className="button-row">
                <Link to={paths.editAssignment(course.id, a.id)} className="button-link">
                  <FormattedMessage {...common.edit} />
                </Link>
                <DeleteAssignment courseId={course.id} assignment={a} />
              </div>
            )}
            {viewer.canGrade && (
              <p>
                <Link to={paths.grader(course.id, a.id)}>
                  <FormattedMessage id="assignments.detail.grade" defaultMessage="Grade submissions" />
                </Link>
              </p>
            )}
            {a.quiz_id !== undefined && (
              <p>
                <Link to={paths.quiz(course.id, a.quiz_id)}>
                  <FormattedMessage id="assignments.detail.quiz" defaultMessage="Open the quiz" description="A graded quiz’s assignment: the link to the quiz, where it is taken." />
                </Link>
              </p>
            )}
            {/* The server writes the lock explanation, in its own words (decision 0103: Canvas's texts stay as sent). */}
            {a.locked_for_user && a.lock_explanation && <p className="lock-explanation">{a.lock_explanation}</p>}
            {a.description ? (
              <SafeHtmlFrame html={a.description} title={intl.formatMessage({ id: 'assignments.detail.description', defaultMessage: 'Assignment description' })} />
            ) : (
              <p className="muted">
                <FormattedMessage id="assignments.detail.noDescription" defaultMessage="No description." />
              </p>
            )}
            {viewer.isStudent && <SubmissionPanel courseId={course.id} assignment={a} />}
            {!viewer.isStudent && shownStudent !== undefined && <ObservedSubmission courseId={course.id} assignment={a} studentId={shownStudent} />}
          </>
        )}
      </Loaded>
    </article>
  );
}

function AssignmentFacts({ assignment: a }: { assignment: Assignment }) {
  const intl = useIntl();
  const facts: Array<[string, string | undefined]> = [
    [intl.formatMessage({ id: 'assignments.fact.due', defaultMessage: 'Due' }), formatDateTime(a.due_at) ?? intl.formatMessage(assignmentMessages.noDueDate)],
    [intl.formatMessage({ id: 'assignments.fact.unlockAt', defaultMessage: 'Available from' }), formatDateTime(a.unlock_at)],
    [intl.formatMessage({ id: 'assignments.fact.lockAt', defaultMessage: 'Available until' }), formatDateTime(a.lock_at)],
    [intl.formatMessage({ id: 'assignments.fact.points', defaultMessage: 'Points' }), formatPoints(a.points_possible)],
    [intl.formatMessage({ id: 'assignments.fact.submissionTypes', defaultMessage: 'Submission types' }), formatSubmissionTypes(a.submission_types)],
    // Extensions are data (pdf, docx), listed the way the language lists things.
    [intl.formatMessage({ id: 'assignments.fact.fileTypes', defaultMessage: 'File types' }), a.allowed_extensions?.length ? intl.formatList(a.allowed_extensions, { type: 'unit' }) : undefined],
  ];
  return (
    <dl className="facts" aria-label={intl.formatMessage({ id: 'assignments.facts', defaultMessage: 'Assignment details' })}>
      {facts
        .filter((fact): fact is [string, string] => fact[1] !== undefined)
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
