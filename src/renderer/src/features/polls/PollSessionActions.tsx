import { FormattedMessage } from 'react-intl';
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
        {/* The question is the data that tells the buttons of a list apart; the verb and it are one message, in each language's order. */}
        {session.is_published ? (
          <FormattedMessage id="polls.session.close" defaultMessage="Close {question}" values={{ question: <bdi>{question}</bdi> }} />
        ) : (
          <FormattedMessage id="polls.session.open" defaultMessage="Open {question}" values={{ question: <bdi>{question}</bdi> }} />
        )}
      </button>
      <FormError message={error} />
    </div>
  );
}
