import { FormattedMessage } from 'react-intl';
import { useQuizAttemptStore } from '../../stores/quiz-attempt-store.ts';
import { useChangesWaiting } from '../../stores/sync-status-store.ts';

/**
 * Whether a question's answer is saved: "Saving…", "Answer saved", or the server's reason for refusing it. Saved
 * means saved where the screen's server is: on a device whose changes wait for the hub it says `Saved on this computer`
 * (the attempt's line says it waits to sync), as the grader's save line does.
 */
export function AnswerSaveStatus({ questionId }: { questionId: number }) {
  const save = useQuizAttemptStore((s) => s.saves[questionId]);
  const waiting = useChangesWaiting();
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
          <FormattedMessage id="quizTake.save.waiting" defaultMessage="Saved on this computer" />
        ) : (
          <FormattedMessage id="quizTake.save.saved" defaultMessage="Answer saved" />
        ))}
    </p>
  );
}
