import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { CommentList } from '../../components/CommentList.tsx';
import { CommentForm } from '../../components/CommentForm.tsx';
import { currentApi } from '../../stores/session-store.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { markers, scoreText } from '../grades/grade-cells.ts';

interface SubmissionFeedbackProps {
  courseId: number;
  assignment: Assignment;
  submission: Submission;
  /** The student's own work takes comments; an observer reads it only. */
  canComment: boolean;
}

/** The grade and comments on a student's work as released to them (the API withholds what is not posted). */
export function SubmissionFeedback({ courseId, assignment, submission, canComment }: SubmissionFeedbackProps) {
  const intl = useIntl();
  const headingId = useId();
  const marks = markers(submission);
  const score = scoreText(assignment, submission);
  return (
    <section className="submission-feedback" aria-labelledby={headingId}>
      <h4 id={headingId}>
        <FormattedMessage id="submissions.feedback" defaultMessage="Feedback" />
      </h4>
      <p>
        {marks.length > 0 ? (
          <FormattedMessage
            id="submissions.feedback.gradeMarked"
            defaultMessage="Grade: {score} · {marks}"
            values={{ score, marks: intl.formatList(marks, { type: 'unit' }) }}
            description="{marks}: the grade's markers, e.g. “Late, Missing”."
          />
        ) : (
          <FormattedMessage id="submissions.feedback.grade" defaultMessage="Grade: {score}" values={{ score }} />
        )}
      </p>
      <CommentList comments={submission.submission_comments ?? []} nameOf={(c) => c.author_name} />
      {canComment && (
        <CommentForm
          send={async (text) => {
            await currentApi().commentOnOwn(courseId, assignment.id, text);
            await useResourceStore.getState().resourceStale(resources.mySubmission(courseId, assignment.id));
          }}
        />
      )}
    </section>
  );
}
