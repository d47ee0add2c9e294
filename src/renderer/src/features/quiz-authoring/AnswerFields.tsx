import { useId } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { NumericalAnswerType } from '../../../../contracts/quiz-authoring-dtos.ts';
import { TextField } from '../../components/TextField.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { ANSWER_KINDS, blankAnswer, blanksIn, type AnswerDraft, type QuestionDraft } from './question-drafts.ts';

const words = defineMessages({
  answer: { id: 'quizzes.answer', defaultMessage: 'Answer {number}' },
  answerCorrect: { id: 'quizzes.answer.correct', defaultMessage: 'Answer {number} is correct' },
  removeAnswer: { id: 'quizzes.answer.remove', defaultMessage: 'Remove answer {number}' },
  addAnswer: { id: 'quizzes.answer.add', defaultMessage: 'Add answer' },
  answers: { id: 'quizzes.answers', defaultMessage: 'Answers' },
  correctAnswer: { id: 'quizzes.answer.correctOne', defaultMessage: 'Correct answer' },
  trueChoice: { id: 'quizzes.answer.true', defaultMessage: 'True' },
  falseChoice: { id: 'quizzes.answer.false', defaultMessage: 'False' },
  accepted: { id: 'quizzes.answer.accepted', defaultMessage: 'Accepted answer {number}' },
  addAccepted: { id: 'quizzes.answer.addAccepted', defaultMessage: 'Add accepted answer' },
  acceptedHelp: { id: 'quizzes.answer.acceptedHelp', defaultMessage: 'Any of these counts as right; capitals and spaces around the answer do not matter.' },
  numberKind: { id: 'quizzes.answer.kind', defaultMessage: 'Answer {number}: kind' },
  blank: { id: 'quizzes.answer.blank', defaultMessage: 'Blank [{blank}]' },
  blankAnswer: { id: 'quizzes.answer.blankAnswer', defaultMessage: 'Answer {number} for [{blank}]' },
  blankCorrect: { id: 'quizzes.answer.blankCorrect', defaultMessage: 'Answer {number} for [{blank}] is correct' },
  removeBlankAnswer: { id: 'quizzes.answer.removeBlankAnswer', defaultMessage: 'Remove answer {number} for [{blank}]' },
  addBlankAnswer: { id: 'quizzes.answer.addBlankAnswer', defaultMessage: 'Add answer for [{blank}]' },
  noBlanks: { id: 'quizzes.answer.noBlanks', defaultMessage: 'Put each blank in the question text in square brackets, for example [color]; its answers can then be given here.' },
  left: { id: 'quizzes.answer.left', defaultMessage: 'Left side {number}' },
  right: { id: 'quizzes.answer.right', defaultMessage: 'Matches {number}' },
  removePair: { id: 'quizzes.answer.removePair', defaultMessage: 'Remove pair {number}' },
  addPair: { id: 'quizzes.answer.addPair', defaultMessage: 'Add pair' },
  distractors: { id: 'quizzes.answer.distractors', defaultMessage: 'Wrong matches, one per line' },
  none: { id: 'quizzes.answer.none', defaultMessage: 'Students answer this type in their own words or files, or not at all: there are no answers to set.' },
});
/** Typed for their arguments (i18n/messages.ts). */
const m: Messages<keyof typeof words> = words;

/** A numerical answer's kinds, and the labels of its two numbers for each. */
const NUMBER_KINDS: Messages<NumericalAnswerType> = defineMessages({
  exact_answer: { id: 'quizzes.answer.kind.exact', defaultMessage: 'Exact answer' },
  range_answer: { id: 'quizzes.answer.kind.range', defaultMessage: 'Answer in a range' },
  precision_answer: { id: 'quizzes.answer.kind.precision', defaultMessage: 'Answer with precision' },
});
const FIRST_NUMBER: Messages<NumericalAnswerType> = defineMessages({
  exact_answer: { id: 'quizzes.answer.exact', defaultMessage: 'Answer {number}: value' },
  range_answer: { id: 'quizzes.answer.start', defaultMessage: 'Answer {number}: from' },
  precision_answer: { id: 'quizzes.answer.approximate', defaultMessage: 'Answer {number}: value' },
});
const SECOND_NUMBER: Messages<NumericalAnswerType> = defineMessages({
  exact_answer: { id: 'quizzes.answer.margin', defaultMessage: 'Answer {number}: margin of error' },
  range_answer: { id: 'quizzes.answer.end', defaultMessage: 'Answer {number}: to' },
  precision_answer: { id: 'quizzes.answer.precision', defaultMessage: 'Answer {number}: significant digits' },
});

interface AnswerFieldsProps {
  question: QuestionDraft;
  onChange: (patch: Partial<QuestionDraft>) => void;
}

/** The answers of one question, in the fields its type takes. */
export function AnswerFields({ question, onChange }: AnswerFieldsProps) {
  const intl = useIntl();
  const name = useId();
  const { answers } = question;
  const setAnswer = (index: number, patch: Partial<AnswerDraft>) => onChange({ answers: answers.map((a, i) => (i === index ? { ...a, ...patch } : a)) });
  const remove = (index: number) => onChange({ answers: answers.filter((_, i) => i !== index) });
  const add = (patch: Partial<AnswerDraft> = {}) => onChange({ answers: [...answers, blankAnswer(patch)] });
  const single = question.type !== 'multiple_answers_question';

  switch (ANSWER_KINDS[question.type]) {
    case 'choices':
      return (
        <fieldset className="answer-fields">
          <legend>{intl.formatMessage(m.answers)}</legend>
          {answers.map((a, i) => (
            <div key={i} className="answer-row">
              <TextField label={intl.formatMessage(m.answer, { number: i + 1 })} value={a.text} onChange={(text) => setAnswer(i, { text })} dir="auto" />
              <label className="checkbox">
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={single ? name : undefined}
                  checked={a.correct}
                  onChange={(e) => onChange({ answers: answers.map((b, j) => (j === i ? { ...b, correct: e.target.checked } : single ? { ...b, correct: false } : b)) })}
                />
                {intl.formatMessage(m.answerCorrect, { number: i + 1 })}
              </label>
              <button type="button" onClick={() => remove(i)}>
                {intl.formatMessage(m.removeAnswer, { number: i + 1 })}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => add()}>
            <FormattedMessage {...m.addAnswer} />
          </button>
        </fieldset>
      );
    case 'trueFalse':
      return (
        <fieldset className="answer-fields" role="radiogroup">
          <legend>{intl.formatMessage(m.correctAnswer)}</legend>
          {answers.map((a, i) => (
            <label key={i} className="checkbox">
              <input type="radio" name={name} checked={a.correct} onChange={() => onChange({ answers: answers.map((b, j) => ({ ...b, correct: j === i })) })} />
              {intl.formatMessage(i === 0 ? m.trueChoice : m.falseChoice)}
            </label>
          ))}
        </fieldset>
      );
    case 'texts':
      return (
        <fieldset className="answer-fields">
          <legend>{intl.formatMessage(m.answers)}</legend>
          <p className="help">{intl.formatMessage(m.acceptedHelp)}</p>
          {answers.map((a, i) => (
            <div key={i} className="answer-row">
              <TextField label={intl.formatMessage(m.accepted, { number: i + 1 })} value={a.text} onChange={(text) => setAnswer(i, { text })} dir="auto" />
              <button type="button" onClick={() => remove(i)}>
                {intl.formatMessage(m.removeAnswer, { number: i + 1 })}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => add()}>
            <FormattedMessage {...m.addAccepted} />
          </button>
        </fieldset>
      );
    case 'numbers':
      return (
        <fieldset className="answer-fields">
          <legend>{intl.formatMessage(m.answers)}</legend>
          {answers.map((a, i) => (
            <div key={i} className="answer-row">
              <NumberKind label={intl.formatMessage(m.numberKind, { number: i + 1 })} value={a.kind} onChange={(kind) => setAnswer(i, { kind })} />
              <TextField label={intl.formatMessage(FIRST_NUMBER[a.kind], { number: i + 1 })} inputMode="decimal" value={a.first} onChange={(first) => setAnswer(i, { first })} />
              <TextField label={intl.formatMessage(SECOND_NUMBER[a.kind], { number: i + 1 })} inputMode="decimal" value={a.second} onChange={(second) => setAnswer(i, { second })} />
              <button type="button" onClick={() => remove(i)}>
                {intl.formatMessage(m.removeAnswer, { number: i + 1 })}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => add()}>
            <FormattedMessage {...m.addAnswer} />
          </button>
        </fieldset>
      );
    case 'blanks':
    case 'dropdowns': {
      const blanks = blanksIn(question.text);
      if (blanks.length === 0) return <p className="help">{intl.formatMessage(m.noBlanks)}</p>;
      const dropdowns = question.type === 'multiple_dropdowns_question';
      return (
        <>
          {blanks.map((blank) => {
            const rows = answers.flatMap((a, index) => (a.blank === blank ? [{ a, index }] : []));
            return (
              <fieldset key={blank} className="answer-fields">
                <legend>{intl.formatMessage(m.blank, { blank })}</legend>
                {rows.map(({ a, index }, n) => (
                  <div key={index} className="answer-row">
                    <TextField label={intl.formatMessage(m.blankAnswer, { number: n + 1, blank })} value={a.text} onChange={(text) => setAnswer(index, { text })} dir="auto" />
                    {dropdowns && (
                      <label className="checkbox">
                        <input
                          type="radio"
                          name={`${name}-${blank}`}
                          checked={a.correct}
                          onChange={() => onChange({ answers: answers.map((b, j) => (b.blank === blank ? { ...b, correct: j === index } : b)) })}
                        />
                        {intl.formatMessage(m.blankCorrect, { number: n + 1, blank })}
                      </label>
                    )}
                    <button type="button" onClick={() => remove(index)}>
                      {intl.formatMessage(m.removeBlankAnswer, { number: n + 1, blank })}
                    </button>
                  </div>
                ))}
                <button type="button" onClick={() => add({ blank })}>
                  {intl.formatMessage(m.addBlankAnswer, { blank })}
                </button>
              </fieldset>
            );
          })}
        </>
      );
    }
    case 'pairs':
      return (
        <fieldset className="answer-fields">
          <legend>{intl.formatMessage(m.answers)}</legend>
          {answers.map((a, i) => (
            <div key={i} className="answer-row">
              <TextField label={intl.formatMessage(m.left, { number: i + 1 })} value={a.text} onChange={(text) => setAnswer(i, { text })} dir="auto" />
              <TextField label={intl.formatMessage(m.right, { number: i + 1 })} value={a.right} onChange={(right) => setAnswer(i, { right })} dir="auto" />
              <button type="button" onClick={() => remove(i)}>
                {intl.formatMessage(m.removePair, { number: i + 1 })}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => add()}>
            <FormattedMessage {...m.addPair} />
          </button>
          <TextArea label={intl.formatMessage(m.distractors)} value={question.distractors} onChange={(distractors) => onChange({ distractors })} />
        </fieldset>
      );
    default:
      return <p className="help">{intl.formatMessage(m.none)}</p>;
  }
}

function NumberKind({ label, value, onChange }: { label: string; value: NumericalAnswerType; onChange: (kind: NumericalAnswerType) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as NumericalAnswerType)}>
        {(Object.keys(NUMBER_KINDS) as NumericalAnswerType[]).map((kind) => (
          <option key={kind} value={kind}>
            {intl.formatMessage(NUMBER_KINDS[kind])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled multi-line box; the label is its accessible name. */
export function TextArea({ label, value, onChange, help }: { label: string; value: string; onChange: (value: string) => void; help?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={3} dir="auto" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={help ? `${id}-help` : undefined} />
      {help && (
        <p id={`${id}-help`} className="help">
          {help}
        </p>
      )}
    </div>
  );
}
