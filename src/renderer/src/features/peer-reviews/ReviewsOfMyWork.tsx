import { Loaded } from '../../components/Loaded.tsx';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** Who reviews the student's own work and whether they have done it (their remarks are among the comments). */
export function ReviewsOfMyWork({ courseId, assignmentId }: { courseId: number; assignmentId: number }) {
  // For a student the API lists only the reviews of their own work.
  const reviews = useResource(resources.peerReviews(courseId, assignmentId));
  return (
    <section className="peer-reviews" aria-label="Peer reviews of your work">
      <h4>Peer reviews of your work</h4>
      <Loaded value={reviews} what="the peer reviews">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">No classmate has been asked to review your work yet.</p>
          ) : (
            <ul className="plain-list">
              {list.map((r) => (
                <li key={r.id}>
                  {r.assessor?.display_name ?? 'A classmate'}: {r.workflow_state === 'completed' ? 'review done' : 'review not done yet'}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
