import { FormattedMessage, useIntl } from 'react-intl';
import { Loaded } from '../../components/Loaded.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** Who reviews the student's own work and whether they have done it (their remarks are among the comments). */
export function ReviewsOfMyWork({ courseId, assignmentId }: { courseId: number; assignmentId: number }) {
  const intl = useIntl();
  // For a student the API lists only the reviews of their own work.
  const reviews = useResource(resources.peerReviews(courseId, assignmentId));
  const title = intl.formatMessage({ id: 'peerReviews.ofMine', defaultMessage: 'Peer reviews of your work' });
  const unnamed = intl.formatMessage({ id: 'peerReviews.unnamedReviewer', defaultMessage: 'A classmate', description: 'A reviewer whose name the student may not see.' });
  return (
    <section className="peer-reviews" aria-label={title}>
      <h4>{title}</h4>
      <Loaded value={reviews} what={intl.formatMessage({ id: 'peerReviews.ofMine.what', defaultMessage: 'the peer reviews', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' })}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="peerReviews.ofMine.none" defaultMessage="No classmate has been asked to review your work yet." />
            </p>
          ) : (
            <ul className="plain-list">
              {list.map((r) => (
                <li key={r.id}>
                  <FormattedMessage
                    id="peerReviews.ofMine.review"
                    defaultMessage="{reviewer}: {done, select, yes {review done} other {review not done yet}}"
                    values={{ reviewer: <bdi>{r.assessor?.display_name ?? unnamed}</bdi>, done: r.workflow_state === 'completed' ? 'yes' : 'no' }}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
