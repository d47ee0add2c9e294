import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';
import { QuestionEditor } from './QuestionEditor.tsx';
import { newQuestion, type QuestionDraft } from './question-drafts.ts';
import { QUESTION_TYPE_LABELS, quizMessages } from './quiz-messages.ts';

const words = defineMessages({
  heading: { id: 'quizzes.questions', defaultMessage: 'Questions' },
  none: { id: 'quizzes.questions.none', defaultMessage: 'No questions yet.' },
  add: { id: 'quizzes.question.add', defaultMessage: 'Add question' },
  edit: { id: 'quizzes.question.edit', defaultMessage: 'Edit question {number}' },
  remove: { id: 'quizzes.question.delete', defaultMessage: 'Delete question {number}' },
  points: { id: 'quizzes.question.points', defaultMessage: '{points, plural, one {# point} other {# points}}' },
  unsaved: { id: 'quizzes.question.unsaved', defaultMessage: 'Not saved yet' },
});
/** Typed for their arguments (i18n/messages.ts). */
const m: Messages<keyof typeof words> = words;

interface QuestionListProps {
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[], removedId?: number) => void;
}

/** The quiz's questions in order: one open for editing at a time, the others summed up with Edit and Delete. */
export function QuestionList({ questions, onChange }: QuestionListProps) {
  const intl = useIntl();
  const [open, setOpen] = useState<string>();
  const add = () => {
    const question = newQuestion();
    onChange([...questions, question]);
    setOpen(question.key);
  };
  return (
    <section className="question-list" aria-labelledby="quiz-questions-heading">
      <h3 id="quiz-questions-heading">
        <FormattedMessage {...m.heading} />
      </h3>
      {questions.length === 0 && (
        <p className="muted">
          <FormattedMessage {...m.none} />
        </p>
      )}
      <ol className="plain-list">
        {questions.map((q, index) => (
          <li key={q.key}>
            {open === q.key ? (
              <QuestionEditor
                question={q}
                number={index + 1}
                onChange={(changed) => onChange(questions.map((other) => (other.key === q.key ? changed : other)))}
                onDone={() => setOpen(undefined)}
              />
            ) : (
              <div className="question-summary">
                <p>
                  <strong>{intl.formatMessage(quizMessages.questionNumber, { number: index + 1 })}</strong>
                  {' · '}
                  {intl.formatMessage(QUESTION_TYPE_LABELS[q.type])}
                  {' · '}
                  {intl.formatMessage(m.points, { points: Number(q.points) || 0 })}
                  {q.id === undefined && (
                    <>
                      {' · '}
                      <span className="muted">{intl.formatMessage(m.unsaved)}</span>
                    </>
                  )}
                </p>
                <p dir="auto" className="question-text">
                  {q.text}
                </p>
                <div className="button-row">
                  <button type="button" onClick={() => setOpen(q.key)}>
                    {intl.formatMessage(m.edit, { number: index + 1 })}
                  </button>
                  <button type="button" onClick={() => onChange(questions.filter((other) => other.key !== q.key), q.id)}>
                    {intl.formatMessage(m.remove, { number: index + 1 })}
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
      <button type="button" onClick={add}>
        <FormattedMessage {...m.add} />
      </button>
    </section>
  );
}
