import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '../../components/FormError.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useQuizAttemptStore } from '../../stores/quiz-attempt-store.ts';

interface SubmitQuizProps {
  /** The questions that take an answer. */
  questionIds: readonly number[];
  onSubmit: () => Promise<void>;
}

/** An answer that says nothing: none given, an empty text, no choice. */
function unanswered(answer: unknown): boolean {
  if (answer === null || answer === undefined || answer === '') return true;
  if (Array.isArray(answer)) return answer.length === 0;
  if (typeof answer === 'object') return Object.values(answer).every(unanswered);
  return false;
}

/**
 * `Submit quiz`, then a second question naming what is left unanswered or flagged; `Submit answers` sends what
 * still waits to be saved and turns the attempt in. The focus goes to `Keep working`, the harmless choice.
 */
export function SubmitQuiz({ questionIds, onSubmit }: SubmitQuizProps) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const keepWorking = useRef<HTMLButtonElement>(null);
  const { pending, error, submit } = useSubmission();
  const open = useQuizAttemptStore((s) => questionIds.filter((id) => unanswered(s.answers[id])).length);
  const flagged = useQuizAttemptStore((s) => questionIds.filter((id) => s.flags[id]).length);
  useEffect(() => {
    if (asking) keepWorking.current?.focus();
  }, [asking]);
  const turnIn = () =>
    submit(async () => {
      if (!(await useQuizAttemptStore.getState().allSent())) {
        throw new Error(intl.formatMessage({ id: 'quizTake.submit.unsaved', defaultMessage: 'Some answers are not saved (see the questions above). Try again once they are.' }));
      }
      await onSubmit();
    });
  return (
    <div className="quiz-submit">
      {!asking ? (
        <button type="button" onClick={() => setAsking(true)}>
          <FormattedMessage id="quizTake.submit" defaultMessage="Submit quiz" />
        </button>
      ) : (
        <div role="alertdialog" aria-label={intl.formatMessage({ id: 'quizTake.submit.question', defaultMessage: 'Submit this quiz?' })} aria-describedby={questionId} className="notice">
          <p id={questionId}>
            <FormattedMessage
              id="quizTake.submit.summary"
              defaultMessage="{open, plural, =0 {Every question is answered.} one {# question has no answer.} other {# questions have no answer.}} {flagged, plural, =0 {} one {# question is flagged.} other {# questions are flagged.}} Once submitted, the answers cannot be changed."
              values={{ open, flagged }}
            />
          </p>
          <FormError message={error} />
          <div className="button-row">
            <button type="button" onClick={() => void turnIn()} disabled={pending}>
              <FormattedMessage id="quizTake.submit.confirm" defaultMessage="Submit answers" />
            </button>
            <button type="button" ref={keepWorking} onClick={() => setAsking(false)} disabled={pending}>
              <FormattedMessage id="quizTake.submit.cancel" defaultMessage="Keep working" />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
