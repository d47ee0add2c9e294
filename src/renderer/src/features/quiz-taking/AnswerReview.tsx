import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SubmissionAttachment } from '../../../../contracts/grading-dtos.ts';
import type { QuizQuestion, QuizSubmissionQuestion } from '../../../../contracts/quiz-attempt-dtos.ts';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { submissionErrorText } from '../../lib/use-submission.ts';
import { currentApi } from '../../stores/session-store.ts';
import { AttachmentItem } from '../grader/AttachmentItem.tsx';
import { blankIdsOf } from './question-blanks.ts';
import { quizWords } from './quiz-words.ts';

interface AnswerReviewProps {
  question: QuizSubmissionQuestion;
  number: number;
  /** What a grader adds under the answer: the score and comment fields. */
  children?: ReactNode;
}

/**
 * One question of a finished attempt: its text, the answer given, and what the server shows of its result — the
 * points and whether it was right once the quiz shows results, the correct answers once it shows those (a grader
 * always sees both). Nothing here decides what a student may see: the server leaves out what they may not.
 */
export function AnswerReview({ question, number, children }: AnswerReviewProps) {
  const intl = useIntl();
  const q = question.quiz_question;
  const name = intl.formatMessage(quizWords.question, { number });
  return (
    <section className="quiz-question" aria-label={name}>
      <h3>{name}</h3>
      {q && <SafeHtmlFrame html={q.question_text} title={intl.formatMessage(quizWords.questionText, { number })} />}
      {q && q.question_type !== 'text_only_question' && (
        <>
          <div className="quiz-answer-given">
            <p className="muted">
              <FormattedMessage {...quizWords.yourAnswer} />
            </p>
            <GivenAnswer question={q} answer={question.answer} number={number} />
          </div>
          <CorrectAnswers question={q} />
          {question.points !== undefined && (
            <p>
              <FormattedMessage
                id="quizTake.review.points"
                defaultMessage="{points, number} of {possible, plural, one {# point} other {# points}}{correct, select, true {: correct} false {: incorrect} partial {: partly correct} other {}}"
                values={{ points: question.points, possible: q.points_possible, correct: question.correct ?? 'undefined' }}
              />
            </p>
          )}
          {question.comment && (
            <p>
              <FormattedMessage id="quizTake.review.comment" defaultMessage="Comment: {comment}" values={{ comment: <bdi>{question.comment}</bdi> }} />
            </p>
          )}
        </>
      )}
      {children}
    </section>
  );
}

/** The answer as the student gave it, in the words of the question's own choices. */
function GivenAnswer({ question: q, answer, number }: { question: QuizQuestion; answer: QuizSubmissionQuestion['answer']; number: number }) {
  const intl = useIntl();
  const none = (
    <p>
      <FormattedMessage {...quizWords.noAnswer} />
    </p>
  );
  if (answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0)) return none;
  const choice = (id: unknown) => q.answers.find((a) => a.id === Number(id))?.text ?? String(id);
  switch (q.question_type) {
    case 'essay_question':
      return <SafeHtmlFrame html={String(answer)} title={intl.formatMessage({ id: 'quizTake.review.essay', defaultMessage: 'Answer to question {number}' }, { number })} />;
    case 'file_upload_question':
      return <AnswerFiles fileIds={Array.isArray(answer) ? answer.map(Number) : []} />;
    case 'multiple_choice_question':
    case 'true_false_question':
      return <p dir="auto">{choice(answer)}</p>;
    case 'multiple_answers_question':
      return <Lines items={Array.isArray(answer) ? answer.map(choice) : []} />;
    case 'matching_question': {
      const pairs = Array.isArray(answer) ? (answer as Array<{ answer_id: number; match_id: number | null }>) : [];
      const right = (id: number | null) => q.matches?.find((m) => m.match_id === id)?.text ?? '';
      return <Lines items={pairs.map((p) => `${choice(p.answer_id)} → ${right(p.match_id)}`)} />;
    }
    case 'fill_in_multiple_blanks_question':
    case 'multiple_dropdowns_question': {
      const given = typeof answer === 'object' && !Array.isArray(answer) ? answer : {};
      const shown = (value: unknown) => (q.question_type === 'multiple_dropdowns_question' ? choice(value) : String(value ?? ''));
      return <Lines items={blankIdsOf(q).map((blank) => `${blank}: ${shown(given[blank])}`)} />;
    }
    default:
      return <p dir="auto">{String(answer)}</p>;
  }
}

/** The answers weighted right, where the server sent weights (a grader; a student once the quiz shows them). */
function CorrectAnswers({ question: q }: { question: QuizQuestion }) {
  const right = q.answers.filter((a) => a.weight === 100);
  if (right.length === 0 || q.question_type === 'numerical_question') return null;
  const text = (a: QuizQuestion['answers'][number]) => (a.left !== undefined ? `${a.left} → ${a.right ?? ''}` : a.blank_id ? `${a.blank_id}: ${a.text}` : a.text);
  return (
    <div className="quiz-correct-answers">
      <p className="muted">
        <FormattedMessage id="quizTake.review.correct" defaultMessage="Correct answers" />
      </p>
      <Lines items={right.map(text)} />
    </div>
  );
}

function Lines({ items }: { items: readonly string[] }) {
  return (
    <ul>
      {items.map((item, i) => (
        <li key={i} dir="auto">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A file question's files, each with its download button, read by id. */
function AnswerFiles({ fileIds }: { fileIds: readonly number[] }) {
  const [files, setFiles] = useState<SubmissionAttachment[]>();
  const [error, setError] = useState<string>();
  const key = fileIds.join(',');
  useEffect(() => {
    let current = true;
    Promise.all(fileIds.map((id) => currentApi().answerFile(id))).then(
      (found) => current && setFiles(found),
      (err: unknown) => current && setError(submissionErrorText(err)),
    );
    return () => {
      current = false;
    };
    // The ids' text says whether they are the same files.
  }, [key]);
  if (error) return <p className="error">{error}</p>;
  return <ul className="attachments">{files?.map((f) => <AttachmentItem key={f.id} file={f} />)}</ul>;
}
