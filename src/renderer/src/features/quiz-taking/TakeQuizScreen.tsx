import { useCallback, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { Quiz, QuizSubmission, QuizSubmissionQuestion } from '../../../../contracts/quiz-attempt-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useQuizAttemptStore } from '../../stores/quiz-attempt-store.ts';
import { allLoaded, useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useSyncedResource } from '../../stores/use-synced-resource.ts';
import { currentApi } from '../../stores/session-store.ts';
import { isOpen } from './attempt-state.ts';
import { AnswersSyncState } from './AttemptSyncState.tsx';
import { QuestionField } from './QuestionField.tsx';
import { SubmitQuiz } from './SubmitQuiz.tsx';
import { TimeRemaining } from './TimeRemaining.tsx';
import { quizWords } from './quiz-words.ts';

/** `quizzes/:quizId/take`: the student's running attempt, answered question by question. */
export function TakeQuizScreen({ course }: { course: Course }) {
  const intl = useIntl();
  const quizId = idParam(useParams().quizId) ?? 0;
  const quiz = useResource(resources.quiz(course.id, quizId));
  // Found by quiz, read again after each sync: an attempt started on a device goes on under the hub's id once synced.
  const submissions = useSyncedResource(resources.quizSubmissions(course.id, quizId));
  useDocumentTitle(quiz.status === 'loaded' ? quiz.data.title : intl.formatMessage(quizWords.quiz), course.name);
  return (
    <article className="detail quiz-attempt">
      <Loaded value={allLoaded(quiz, submissions)} what={intl.formatMessage(quizWords.this)}>
        {([q, [mine]]) => (
          <>
            <p className="breadcrumbs">
              <Link to={paths.quiz(course.id, q.id)}>
                <bdi>{q.title}</bdi>
              </Link>
            </p>
            <h2 dir="auto">{q.title}</h2>
            {mine && isOpen(mine) ? (
              <RunningAttempt courseId={course.id} quiz={q} sub={mine} />
            ) : (
              <p>
                <FormattedMessage id="quizTake.attempt.none" defaultMessage="You have no attempt of this quiz running. Start one from the quiz’s page." />
              </p>
            )}
          </>
        )}
      </Loaded>
    </article>
  );
}

function RunningAttempt({ courseId, quiz, sub }: { courseId: number; quiz: Quiz; sub: QuizSubmission }) {
  const intl = useIntl();
  const questions = useResource(resources.attemptQuestions(sub.id, sub.attempt ?? 0));
  return (
    <Loaded value={questions} what={intl.formatMessage({ id: 'quizTake.attempt.questions', defaultMessage: 'the questions' })}>
      {(list) => <AttemptForm courseId={courseId} quiz={quiz} sub={sub} questions={list} />}
    </Loaded>
  );
}

function AttemptForm({ courseId, quiz, sub, questions }: { courseId: number; quiz: Quiz; sub: QuizSubmission; questions: QuizSubmissionQuestion[] }) {
  const navigate = useNavigate();
  const attemptOpened = useQuizAttemptStore((s) => s.attemptOpened);
  const ready = useQuizAttemptStore((s) => s.attempt?.id === sub.id && s.attempt.attempt === sub.attempt);
  useEffect(() => {
    if (sub.validation_token !== undefined && sub.attempt !== null) attemptOpened({ id: sub.id, attempt: sub.attempt, validation_token: sub.validation_token }, questions);
    // Opened once per attempt: a later read of the same questions must not overwrite answers given since.
  }, [sub.id, sub.attempt]);

  /** The attempt is over (turned in, or its time ran out): read it again and show its result on the quiz page. */
  const ended = useCallback(async () => {
    const resourceStale = useResourceStore.getState().resourceStale;
    // Reading the list finishes an attempt past its end; then the questions carry what the quiz shows of the result.
    await resourceStale(resources.quizSubmissions(courseId, quiz.id));
    await resourceStale(resources.attemptQuestions(sub.id, sub.attempt ?? 0));
    void navigate(paths.quiz(courseId, quiz.id), { replace: true });
  }, [courseId, quiz.id, sub.id, sub.attempt, navigate]);

  const expired = useCallback(() => {
    void useQuizAttemptStore
      .getState()
      .allSent()
      .then(ended);
  }, [ended]);

  if (!ready) return null;
  const turnIn = async () => {
    const attempt = useQuizAttemptStore.getState().attempt;
    if (attempt) await currentApi().attemptCompleted(courseId, quiz.id, attempt);
    await ended();
  };
  return (
    <>
      <AnswersSyncState />
      {sub.end_at !== null && <TimeRemaining courseId={courseId} quizId={quiz.id} quizSubmissionId={sub.id} onExpired={expired} />}
      {questions.map(
        (q, i) => q.quiz_question && <QuestionField key={q.id} courseId={courseId} quiz={quiz} question={q.quiz_question} number={i + 1} />,
      )}
      <SubmitQuiz questionIds={questions.filter((q) => q.quiz_question?.question_type !== 'text_only_question').map((q) => q.id)} onSubmit={turnIn} />
    </>
  );
}
