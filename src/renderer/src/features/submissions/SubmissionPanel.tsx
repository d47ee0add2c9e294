import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { useSyncedResource } from '../../stores/use-synced-resource.ts';
import { resources } from '../../stores/resources.ts';
import { AttemptHistory, SubmissionStatus } from './SubmissionStatus.tsx';
import { ReviewsOfMyWork } from '../peer-reviews/ReviewsOfMyWork.tsx';
import { SubmissionFeedback } from './SubmissionFeedback.tsx';
import { SubmitForm } from './SubmitForm.tsx';
import { whyNoSubmitting } from './submittable.ts';
import { canRecordMedia } from './media-capture.ts';

/** A student's side of an assignment: where their work stands, a new attempt when one is allowed, and past attempts. */
export function SubmissionPanel({ courseId, assignment }: { courseId: number; assignment: Assignment }) {
  const intl = useIntl();
  const headingId = useId();
  const submission = useSyncedResource(resources.mySubmission(courseId, assignment.id));
  return (
    <section className="panel submission-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage id="submissions.mine" defaultMessage="Your submission" />
      </h3>
      <Loaded value={submission} what={intl.formatMessage({ id: 'submissions.mine.what', defaultMessage: 'your submission', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' })}>
        {(s) => {
          const refusal = whyNoSubmitting(assignment, s, canRecordMedia());
          return (
            <>
              <SubmissionStatus submission={s} />
              {refusal ? (
                <p className="muted">{refusal}</p>
              ) : (
                // A fresh form after each attempt: the next one starts empty.
                <SubmitForm key={s.attempt ?? 0} courseId={courseId} assignment={assignment} />
              )}
              <AttemptHistory submission={s} />
              <SubmissionFeedback courseId={courseId} assignment={assignment} submission={s} canComment />
              {assignment.peer_reviews && <ReviewsOfMyWork courseId={courseId} assignmentId={assignment.id} />}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/** An observer's read-only view of their chosen student's work on an assignment: status, grade and comments. */
export function ObservedSubmission({ courseId, assignment, studentId }: { courseId: number; assignment: Assignment; studentId: number }) {
  const intl = useIntl();
  const headingId = useId();
  const submission = useSyncedResource(resources.submission(courseId, assignment.id, studentId));
  return (
    <section className="panel submission-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage id="submissions.observed" defaultMessage="Student’s submission" />
      </h3>
      <Loaded
        value={submission}
        what={intl.formatMessage({ id: 'submissions.observed.what', defaultMessage: 'the student’s submission', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' })}
      >
        {(s) => (
          <>
            <SubmissionStatus submission={s} />
            <SubmissionFeedback courseId={courseId} assignment={assignment} submission={s} canComment={false} />
          </>
        )}
      </Loaded>
    </section>
  );
}
