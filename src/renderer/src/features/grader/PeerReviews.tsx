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
  const reviews = useResource(resources.peerReviews(courseId, assignmentId));
  return (
    <section className="panel" aria-label="Peer reviews">
      <h4>Peer reviews</h4>
      <Loaded value={reviews} what="the peer reviews">
        {(all) => {
          const mine = all.filter((r) => r.user_id === student.id);
          if (mine.length === 0) return <p className="muted">No peer reviewers are assigned to this work.</p>;
          return (
            <ul className="plain-list">
              {mine.map((r) => (
                <li key={r.id}>
                  {authorName(r.assessor_id, r.assessor?.display_name, order)}: {r.workflow_state === 'completed' ? 'review done' : 'review not done yet'}
                </li>
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}
