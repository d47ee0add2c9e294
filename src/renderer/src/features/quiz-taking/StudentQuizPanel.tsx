import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { Quiz, QuizSubmission } from '../../../../contracts/quiz-attempt-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { TextField } from '../../components/TextField.tsx';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useResource, useResourceStore } from '../../stores/resource-store.ts';
import { useSyncedResource } from '../../stores/use-synced-resource.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi } from '../../stores/session-store.ts';
import { AnswerReview } from './AnswerReview.tsx';
import { isFinished, isOpen } from './attempt-state.ts';
import { TurnInSyncState } from './AttemptSyncState.tsx';
import { ATTEMPT_STATES, quizWords } from './quiz-words.ts';

/** The student's part of the quiz page: attempts used, `Take the quiz` or `Resume quiz`, and the latest result. */
export function StudentQuizPanel({ courseId, quiz }: { courseId: number; quiz: Quiz }) {
  const intl = useIntl();
  const headingId = useId();
  // Read again after each sync: an attempt made on a device comes back from the hub scored, under the hub's id.
  const submissions = useSyncedResource(resources.quizSubmissions(courseId, quiz.id));
  return (
    <section aria-labelledby={headingId} className="quiz-student">
      <h3 id={headingId}>
        <FormattedMessage id="quizTake.yourAttempts" defaultMessage="Your attempts" />
      </h3>
      <Loaded value={submissions} what={intl.formatMessage(quizWords.attemptsWhat)}>
        {([mine]) => (
          <>
            <p>
              <FormattedMessage
                id="quizTake.attemptsUsed"
                defaultMessage="{allowed, select, unlimited {You have used {used, plural, one {# attempt} other {# attempts}}; this quiz allows any number.} other {You have used {used, number} of {allowed} attempts.}}"
                values={{ used: mine?.attempt ?? 0, allowed: quiz.allowed_attempts < 0 ? 'unlimited' : intl.formatNumber(quiz.allowed_attempts) }}
              />
            </p>
            {isOpen(mine) ? (
              <Link to={paths.takeQuiz(courseId, quiz.id)} className="button-link">
                <FormattedMessage id="quizTake.resume" defaultMessage="Resume quiz" />
              </Link>
            ) : (mine?.attempts_left ?? quiz.allowed_attempts) !== 0 ? (
              <StartAttempt courseId={courseId} quiz={quiz} />
            ) : (
              <p>
                <FormattedMessage id="quizTake.noAttemptsLeft" defaultMessage="You have no attempts left." />
              </p>
            )}
            {mine && isFinished(mine) && <LatestResult sub={mine} />}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** `Take the quiz`, with the access code first when the quiz has one: starts an attempt and opens it. */
function StartAttempt({ courseId, quiz }: { courseId: number; quiz: Quiz }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [accessCode, setAccessCode] = useState('');
  const { pending, error, submit } = useSubmission();
  const start = () =>
    submit(async () => {
      await currentApi().quizAttemptStarted(courseId, quiz.id, quiz.has_access_code ? accessCode : undefined);
      await useResourceStore.getState().resourceStale(resources.quizSubmissions(courseId, quiz.id));
      void navigate(paths.takeQuiz(courseId, quiz.id));
    });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      {quiz.has_access_code && (
        <TextField label={intl.formatMessage({ id: 'quizTake.accessCode', defaultMessage: 'Access code' })} value={accessCode} onChange={setAccessCode} required autoComplete="off" />
      )}
      <FormError message={error} />
      <button type="submit" disabled={pending}>
        <FormattedMessage id="quizTake.take" defaultMessage="Take the quiz" />
      </button>
    </form>
  );
}

/** The latest finished attempt: its state, its score as the quiz shows it, and each question as the server shows it. */
function LatestResult({ sub }: { sub: QuizSubmission }) {
  const intl = useIntl();
  const questions = useResource(resources.attemptQuestions(sub.id, sub.attempt ?? 0));
  return (
    <div className="quiz-result">
      <p role="status">
        <FormattedMessage
          id="quizTake.latestAttempt"
          defaultMessage="Attempt {attempt, number}: {state}"
          values={{ attempt: sub.attempt ?? 0, state: intl.formatMessage(ATTEMPT_STATES[sub.workflow_state]) }}
        />
      </p>
      <ResultNotice sub={sub} />
      <Loaded value={questions} what={intl.formatMessage({ id: 'quizTake.results.what', defaultMessage: 'your answers' })}>
        {(list) => (
          <>
            {list.map((q, i) => (
              <AnswerReview key={q.id} question={q} number={i + 1} />
            ))}
          </>
        )}
      </Loaded>
    </div>
  );
}

/** What the latest finished attempt's score is, as far as this computer knows and the quiz shows it. */
function ResultNotice({ sub }: { sub: QuizSubmission }) {
  if (sub.awaiting_sync) return <TurnInSyncState sub={sub} />;
  return (
    <>
      {sub.workflow_state === 'pending_review' && (
        <p>
          <FormattedMessage id="quizTake.pendingReview" defaultMessage="Some answers wait for your teacher to grade them; your score may still change." />
        </p>
      )}
      {sub.score === null ? (
        <p>
          <FormattedMessage id="quizTake.resultsHidden" defaultMessage="The results of this quiz are not shown." />
        </p>
      ) : (
        <p>
          <FormattedMessage
            id="quizTake.score"
            defaultMessage="Score: {score, number} of {possible, number}. Kept score: {kept, number}."
            values={{ score: sub.score, possible: sub.quiz_points_possible ?? 0, kept: sub.kept_score ?? sub.score }}
          />
        </p>
      )}
    </>
  );
}
