import { FormattedMessage } from 'react-intl';
import { useQuizAttemptStore } from '../../stores/quiz-attempt-store.ts';
import { useSyncStatusStore } from '../../stores/sync-status-store.ts';

/**
 * Whether a question's answer is saved: "Saving…", "Answer saved", or the server's reason for refusing it. Saved
 * means saved on this computer: while changes wait for the hub, it says so, as the grader's save line does.
 */
export function AnswerSaveStatus({ questionId }: { questionId: number }) {
  const save = useQuizAttemptStore((s) => s.saves[questionId]);
  const waiting = useSyncStatusStore((s) => s.status !== undefined && s.status.state !== 'not_connected' && s.status.waiting > 0);
  if (save?.status === 'failed') {
    return (
      <p role="alert" className="error">
        <FormattedMessage id="quizTake.save.failed" defaultMessage="This answer was not saved: {reason}" values={{ reason: save.message }} />
      </p>
    );
  }
  return (
    <p role="status" className="save-status muted">
      {save?.status === 'saving' && <FormattedMessage id="quizTake.save.saving" defaultMessage="Saving…" />}
      {save?.status === 'saved' &&
        (waiting ? (
          <FormattedMessage id="quizTake.save.waiting" defaultMessage="Answer saved on this computer, waiting to sync" />
        ) : (
          <FormattedMessage id="quizTake.save.saved" defaultMessage="Answer saved" />
        ))}
    </p>
  );
}
