import { FormattedMessage, useIntl } from 'react-intl';
import { Loaded } from '../../components/Loaded.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { authorName } from './author-names.ts';
import type { GraderStudent } from './student-order.ts';

interface PeerReviewsProps {
  courseId: number;
  assignmentId: number;
  student: GraderStudent;
  order: readonly GraderStudent[];
}

/** Who reviews this student's work, and whether they have done it (their remarks are in the comments). */
export function PeerReviews({ courseId, assignmentId, student, order }: PeerReviewsProps) {
  const intl = useIntl();
  const reviews = useResource(resources.peerReviews(courseId, assignmentId));
  const heading = intl.formatMessage({ id: 'grader.peerReviews', defaultMessage: 'Peer reviews' });
  return (
    <section className="panel" aria-label={heading}>
      <h4>{heading}</h4>
      <Loaded value={reviews} what={intl.formatMessage({ id: 'grader.peerReviews.what', defaultMessage: 'the peer reviews' })}>
        {(all) => {
          const mine = all.filter((r) => r.user_id === student.id);
          if (mine.length === 0) {
            return (
              <p className="muted">
                <FormattedMessage id="grader.peerReviews.none" defaultMessage="No peer reviewers are assigned to this work." />
              </p>
            );
          }
          return (
            <ul className="plain-list">
              {mine.map((r) => (
                <li key={r.id}>
                  <FormattedMessage
                    id="grader.peerReviews.review"
                    defaultMessage="{reviewer}: {done, select, true {review done} other {review not done yet}}"
                    values={{ reviewer: <bdi>{authorName(r.assessor_id, r.assessor?.display_name, order)}</bdi>, done: String(r.workflow_state === 'completed') }}
                  />
                </li>
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}
