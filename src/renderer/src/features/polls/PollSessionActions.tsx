import type { PollSession } from '../../../../contracts/poll-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { currentApi } from '../../stores/session-store.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** A teacher's one-press opening or closing of a session, named with the question so a list of them reads apart. */
export function PollSessionActions({ courseId, session, question }: { courseId: number; session: PollSession; question: string }) {
  const { pending, error, submit } = useSubmission();
  const toggle = () =>
    void submit(async () => {
      await currentApi().pollSessionOpened(session, !session.is_published);
      await useResourceStore.getState().resourceStale(resources.coursePolls(courseId));
    });
  return (
    <div className="button-row">
      <button type="button" onClick={toggle} disabled={pending}>
        {session.is_published ? 'Close' : 'Open'} {question}
      </button>
      <FormError message={error} />
    </div>
  );
}
