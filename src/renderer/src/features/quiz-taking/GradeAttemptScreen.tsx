import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { Quiz, QuizSubmission, QuizSubmissionQuestion } from '../../../../contracts/quiz-attempt-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { TextField } from '../../components/TextField.tsx';
import { idParam, paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { allLoaded, useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi } from '../../stores/session-store.ts';
import { AnswerReview } from './AnswerReview.tsx';
import { ATTEMPT_STATES, quizWords } from './quiz-words.ts';

/** Only these wait for a grader's score (decision 0100); the others are scored by the server. */
const HAND_GRADED = new Set(['essay_question', 'file_upload_question']);

/** `quizzes/:quizId/attempts/:quizSubmissionId`: one student's latest attempt, each answer with its score. */
export function GradeAttemptScreen({ course }: { course: Course }) {
  const intl = useIntl();
  const params = useParams();
  const quizId = idParam(params.quizId) ?? 0;
  const subId = idParam(params.quizSubmissionId) ?? 0;
  const quiz = useResource(resources.quiz(course.id, quizId));
  const sub = useResource(resources.quizSubmission(course.id, quizId, subId));
  const people = useResource(resources.people(course.id));
  useDocumentTitle(intl.formatMessage({ id: 'quizTake.grade.title', defaultMessage: 'Grade attempt' }), course.name);
  return (
    <article className="detail">
      <Loaded value={allLoaded(quiz, sub, people)} what={intl.formatMessage({ id: 'quizTake.grade.what', defaultMessage: 'the attempt' })}>
        {([q, s, users]) => (
          <>
            <p className="breadcrumbs">
              <Link to={paths.quizAttempts(course.id, q.id)}>
                <FormattedMessage {...quizWords.attempts} />
              </Link>
            </p>
            <h2>
              <FormattedMessage
                id="quizTake.grade.heading"
                defaultMessage="{student}: attempt {attempt, number}"
                values={{ student: <bdi>{users.find((u) => u.id === s.user_id)?.name ?? String(s.user_id)}</bdi>, attempt: s.attempt ?? 0 }}
              />
            </h2>
            <AttemptQuestions courseId={course.id} quiz={q} sub={s} />
          </>
        )}
      </Loaded>
    </article>
  );
}

function AttemptQuestions({ courseId, quiz, sub }: { courseId: number; quiz: Quiz; sub: QuizSubmission }) {
  const intl = useIntl();
  const questions = useResource(resources.attemptQuestions(sub.id, sub.attempt ?? 0));
  return (
    <>
      <p role="status">
        <FormattedMessage
          id="quizTake.grade.state"
          defaultMessage="{state}. Score: {score} of {possible, number}."
          values={{ state: intl.formatMessage(ATTEMPT_STATES[sub.workflow_state]), score: sub.score === null ? '–' : intl.formatNumber(sub.score), possible: sub.quiz_points_possible ?? 0 }}
        />
      </p>
      {sub.workflow_state === 'untaken' ? (
        <p>
          <FormattedMessage id="quizTake.grade.running" defaultMessage="The student has not turned this attempt in yet." />
        </p>
      ) : (
        <Loaded value={questions} what={intl.formatMessage({ id: 'quizTake.grade.answers', defaultMessage: 'the answers' })}>
          {(list) => <GradingForm key={`${sub.id}:${sub.attempt}`} courseId={courseId} quiz={quiz} sub={sub} questions={list} />}
        </Loaded>
      )}
    </>
  );
}

/** A number the grader typed, or null for an empty box; undefined when it is not a number. */
function typedNumber(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const n = Number(text.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** Scores and comments for the questions a grader scores, and fudge points; `Save grades` grades the attempt. */
function GradingForm({ courseId, quiz, sub, questions }: { courseId: number; quiz: Quiz; sub: QuizSubmission; questions: QuizSubmissionQuestion[] }) {
  const intl = useIntl();
  const statusId = useId();
  const graded = questions.filter((q) => q.quiz_question && HAND_GRADED.has(q.quiz_question.question_type));
  const [scores, setScores] = useState<Record<number, string>>(() =>
    Object.fromEntries(graded.map((q) => [q.id, q.correct === 'undefined' || q.points === undefined ? '' : String(q.points)])),
  );
  const [comments, setComments] = useState<Record<number, string>>(() => Object.fromEntries(graded.map((q) => [q.id, q.comment ?? ''])));
  const [fudge, setFudge] = useState(sub.fudge_points ? String(sub.fudge_points) : '');
  const [saved, setSaved] = useState(false);
  const { pending, error, submit } = useSubmission();

  const save = () =>
    submit(async () => {
      setSaved(false);
      const notANumber = intl.formatMessage({ id: 'quizTake.grade.notNumber', defaultMessage: 'Scores and fudge points must be numbers, such as 4 or 2.5.' });
      const fudgePoints = typedNumber(fudge);
      if (fudgePoints === undefined) throw new Error(notANumber);
      const entries = graded.map((q) => [q.id, typedNumber(scores[q.id] ?? '')] as const);
      if (entries.some(([, score]) => score === undefined)) throw new Error(notANumber);
      await currentApi().attemptGraded(courseId, quiz.id, sub.id, {
        attempt: sub.attempt ?? 1,
        fudge_points: fudgePoints,
        questions: Object.fromEntries(entries.map(([id, score]) => [String(id), { score: score ?? null, comment: comments[id] ?? '' }])),
      });
      const { resourceStale } = useResourceStore.getState();
      await Promise.all([
        resourceStale(resources.quizSubmission(courseId, quiz.id, sub.id)),
        resourceStale(resources.quizSubmissions(courseId, quiz.id)),
        resourceStale(resources.attemptQuestions(sub.id, sub.attempt ?? 0)),
      ]);
      setSaved(true);
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {questions.map((q, i) => {
        const number = i + 1;
        return (
          <AnswerReview key={q.id} question={q} number={number}>
            {graded.includes(q) && (
              <div className="quiz-grading">
                <TextField
                  label={intl.formatMessage({ id: 'quizTake.grade.score', defaultMessage: 'Score for question {number}' }, { number })}
                  value={scores[q.id] ?? ''}
                  onChange={(value) => setScores((all) => ({ ...all, [q.id]: value }))}
                  inputMode="decimal"
                  help={intl.formatMessage({ id: 'quizTake.grade.score.help', defaultMessage: 'Out of {points, number}.' }, { points: q.quiz_question?.points_possible ?? 0 })}
                />
                <CommentField number={number} value={comments[q.id] ?? ''} onChange={(value) => setComments((all) => ({ ...all, [q.id]: value }))} />
              </div>
            )}
          </AnswerReview>
        );
      })}
      <TextField
        label={intl.formatMessage({ id: 'quizTake.grade.fudge', defaultMessage: 'Fudge points' })}
        value={fudge}
        onChange={setFudge}
        inputMode="decimal"
        help={intl.formatMessage({ id: 'quizTake.grade.fudge.help', defaultMessage: 'Added to (or, when negative, taken from) the attempt’s score.' })}
      />
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" disabled={pending} aria-describedby={statusId}>
          <FormattedMessage id="quizTake.grade.save" defaultMessage="Save grades" />
        </button>
        <span id={statusId} role="status" className="save-status muted">
          {saved && <FormattedMessage id="quizTake.grade.saved" defaultMessage="Grades saved" />}
        </span>
      </div>
    </form>
  );
}

function CommentField({ number, value, onChange }: { number: number; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="quizTake.grade.comment" defaultMessage="Comment on question {number}" values={{ number }} />
      </label>
      <textarea id={id} dir="auto" rows={2} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
