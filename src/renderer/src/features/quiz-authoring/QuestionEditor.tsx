import { useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';
import { QUESTION_TYPES, type QuestionType } from '../../../../contracts/quiz-authoring-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AnswerFields, TextArea } from './AnswerFields.tsx';
import { ANSWER_KINDS, questionWriteOf, withType, type QuestionDraft } from './question-drafts.ts';
import { QUESTION_TYPE_LABELS, quizMessages } from './quiz-messages.ts';

const words = defineMessages({
  text: { id: 'quizzes.question.text', defaultMessage: 'Question text' },
  blanksHelp: { id: 'quizzes.question.blanksHelp', defaultMessage: 'Name each blank in square brackets where it goes, for example: Roses are [color].' },
  done: { id: 'quizzes.question.done', defaultMessage: 'Done with question {number}' },
});
/** Typed for their arguments (i18n/messages.ts). */
const m: Messages<keyof typeof words> = words;

interface QuestionEditorProps {
  question: QuestionDraft;
  number: number;
  onChange: (question: QuestionDraft) => void;
  /** Closes the editor; offered once the question could be saved as it is. */
  onDone: () => void;
}

/** One question's type, text, points and answers, open for editing. Nothing is sent until `Save quiz`. */
export function QuestionEditor({ question, number, onChange, onDone }: QuestionEditorProps) {
  const intl = useIntl();
  const typeId = useId();
  const [problem, setProblem] = useState<string>();
  const change = (patch: Partial<QuestionDraft>) => onChange({ ...question, ...patch });
  const blanks = ANSWER_KINDS[question.type] === 'blanks' || ANSWER_KINDS[question.type] === 'dropdowns';
  const done = () => {
    const write = questionWriteOf(question, number);
    setProblem(typeof write === 'string' ? write : undefined);
    if (typeof write !== 'string') onDone();
  };
  return (
    <fieldset className="question-editor">
      <legend>{intl.formatMessage(quizMessages.questionNumber, { number })}</legend>
      <div className="field">
        <label htmlFor={typeId}>
          <FormattedMessage {...quizMessages.questionType} />
        </label>
        <select id={typeId} value={question.type} onChange={(e) => onChange(withType(question, e.target.value as QuestionType))}>
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {intl.formatMessage(QUESTION_TYPE_LABELS[type])}
            </option>
          ))}
        </select>
      </div>
      <TextArea label={intl.formatMessage(m.text)} value={question.text} onChange={(text) => change({ text })} help={blanks ? intl.formatMessage(m.blanksHelp) : undefined} />
      {question.type !== 'text_only_question' && (
        <TextField label={intl.formatMessage(quizMessages.points)} inputMode="decimal" value={question.points} onChange={(points) => change({ points })} />
      )}
      <AnswerFields question={question} onChange={change} />
      <FormError message={problem} />
      <div className="button-row">
        <button type="button" onClick={done}>
          {intl.formatMessage(m.done, { number })}
        </button>
      </div>
    </fieldset>
  );
}
