import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Quiz, QuizAnswerValue, QuizQuestion } from '../../../../contracts/quiz-attempt-dtos.ts';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { TYPING_SETTLES_MS, useQuizAttemptStore } from '../../stores/quiz-attempt-store.ts';
import type { UploadProgress } from '../../stores/submission-store.ts';
import { LazyRichTextEditor } from '../submissions/LazyRichTextEditor.tsx';
import { UploadProgressList } from '../submissions/UploadProgressList.tsx';
import { AnswerSaveStatus } from './AnswerSaveStatus.tsx';
import { blankIdsOf } from './question-blanks.ts';
import { quizWords } from './quiz-words.ts';

interface QuestionFieldProps {
  courseId: number;
  quiz: Quiz;
  question: QuizQuestion;
  /** From 1, in the attempt's order: the group's name is `Question N`. */
  number: number;
}

/**
 * One question of the running attempt: a group named `Question N` holding its text, the answer field its type
 * takes, a flag to come back to it, and whether its answer is saved.
 */
export function QuestionField({ courseId, quiz, question, number }: QuestionFieldProps) {
  const intl = useIntl();
  const flagged = useQuizAttemptStore((s) => s.flags[question.id] ?? false);
  const flagToggled = useQuizAttemptStore((s) => s.flagToggled);
  const textOnly = question.question_type === 'text_only_question';
  return (
    <fieldset className="quiz-question">
      <legend>{intl.formatMessage(quizWords.question, { number })}</legend>
      {!textOnly && (
        <p className="muted">
          <FormattedMessage id="quizTake.question.points" defaultMessage="{points, plural, one {# point} other {# points}}" values={{ points: question.points_possible }} />
        </p>
      )}
      <SafeHtmlFrame html={question.question_text} title={intl.formatMessage(quizWords.questionText, { number })} />
      {!textOnly && (
        <>
          <AnswerInput courseId={courseId} quiz={quiz} question={question} />
          <div className="button-row">
            <button type="button" aria-pressed={flagged} onClick={() => flagToggled(question.id)}>
              <FormattedMessage id="quizTake.question.flag" defaultMessage="Flag to come back to" />
            </button>
          </div>
          <AnswerSaveStatus questionId={question.id} />
        </>
      )}
    </fieldset>
  );
}

/** The answer field of the question's type, showing the answer the store holds and giving it each change. */
function AnswerInput({ courseId, quiz, question: q }: { courseId: number; quiz: Quiz; question: QuizQuestion }) {
  const intl = useIntl();
  const answer = useQuizAttemptStore((s) => s.answers[q.id] ?? null);
  const answerGiven = useQuizAttemptStore((s) => s.answerGiven);
  const give = (value: QuizAnswerValue, settleMs = 0) => answerGiven(q.id, value, settleMs);
  const name = useId();
  const yourAnswer = intl.formatMessage(quizWords.yourAnswer);
  switch (q.question_type) {
    case 'multiple_choice_question':
    case 'true_false_question':
      return (
        <div className="choices">
          {q.answers.map((a) => (
            <label key={a.id} className="choice">
              <input type="radio" name={name} checked={answer === a.id} onChange={() => give(a.id)} /> <span dir="auto">{a.text}</span>
            </label>
          ))}
        </div>
      );
    case 'multiple_answers_question': {
      const chosen = Array.isArray(answer) ? (answer as number[]) : [];
      return (
        <div className="choices">
          {q.answers.map((a) => (
            <label key={a.id} className="choice">
              <input
                type="checkbox"
                checked={chosen.includes(a.id)}
                onChange={(e) => give(e.target.checked ? [...chosen, a.id] : chosen.filter((id) => id !== a.id))}
              />{' '}
              <span dir="auto">{a.text}</span>
            </label>
          ))}
        </div>
      );
    }
    case 'short_answer_question':
      return <TextAnswer label={yourAnswer} initial={typeof answer === 'string' ? answer : ''} onText={(text) => give(text, TYPING_SETTLES_MS)} />;
    case 'numerical_question':
      return <NumberAnswer label={yourAnswer} initial={typeof answer === 'number' ? String(answer) : ''} onNumber={(n) => give(n, TYPING_SETTLES_MS)} />;
    case 'essay_question':
      return <LazyRichTextEditor label={yourAnswer} initialHtml={typeof answer === 'string' ? answer : ''} onChange={(html) => give(html, TYPING_SETTLES_MS)} />;
    case 'fill_in_multiple_blanks_question':
    case 'multiple_dropdowns_question': {
      const given: Record<string, string | number | null> = answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? answer : {};
      const blankLabel = (blank: string) => intl.formatMessage({ id: 'quizTake.blank', defaultMessage: 'Blank {blank}', description: '{blank}: the name the question gives the blank, e.g. “color”.' }, { blank });
      return (
        <div className="blanks">
          {blankIdsOf(q).map((blank) =>
            q.question_type === 'multiple_dropdowns_question' ? (
              <ChoiceSelect
                key={blank}
                label={blankLabel(blank)}
                value={typeof given[blank] === 'number' ? given[blank] : null}
                options={q.answers.filter((a) => a.blank_id === blank).map((a) => ({ id: a.id, text: a.text }))}
                onChoose={(id) => give({ ...given, [blank]: id })}
              />
            ) : (
              <TextAnswer key={blank} label={blankLabel(blank)} initial={typeof given[blank] === 'string' ? given[blank] : ''} onText={(text) => give({ ...given, [blank]: text }, TYPING_SETTLES_MS)} />
            ),
          )}
        </div>
      );
    }
    case 'matching_question': {
      const pairs = Array.isArray(answer) ? (answer as Array<{ answer_id: number; match_id: number | null }>) : [];
      const options = (q.matches ?? []).map((m) => ({ id: m.match_id, text: m.text }));
      return (
        <div className="blanks">
          {q.answers.map((left) => (
            <ChoiceSelect
              key={left.id}
              label={left.text}
              value={pairs.find((p) => p.answer_id === left.id)?.match_id ?? null}
              options={options}
              onChoose={(matchId) => give([...pairs.filter((p) => p.answer_id !== left.id), { answer_id: left.id, match_id: matchId }])}
            />
          ))}
        </div>
      );
    }
    case 'file_upload_question':
      return <FileAnswer courseId={courseId} quiz={quiz} questionId={q.id} given={Array.isArray(answer) ? answer.length : 0} />;
    default:
      return null;
  }
}

/** A text box whose text is the question's: every keystroke is kept, and sent once typing settles. */
function TextAnswer({ label, initial, onText }: { label: string; initial: string; onText: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <div className="field">
      <label htmlFor={id} dir="auto">
        {label}
      </label>
      <input
        id={id}
        type="text"
        dir="auto"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onText(e.target.value);
        }}
      />
    </div>
  );
}

/** A number as typed in the person's way of writing it; only a number (or nothing) is sent. */
function NumberAnswer({ label, initial, onNumber }: { label: string; initial: string; onNumber: (value: number | null) => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  // A decimal comma is accepted as typed in many languages; the API takes a JavaScript number.
  const value = text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
  const invalid = value !== null && !Number.isFinite(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const next = e.target.value.trim() === '' ? null : Number(e.target.value.trim().replace(',', '.'));
          if (next === null || Number.isFinite(next)) onNumber(next);
        }}
      />
      {invalid && (
        <p id={`${id}-error`} className="error">
          <FormattedMessage id="quizTake.answer.notNumber" defaultMessage="Enter a number, such as 12 or 3.5." />
        </p>
      )}
    </div>
  );
}

/** A select among a question's options (a dropdown's words, a matching question's right sides). */
function ChoiceSelect({ label, value, options, onChoose }: { label: string; value: number | null; options: ReadonlyArray<{ id: number; text: string }>; onChoose: (id: number | null) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} dir="auto">
        {label}
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChoose(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">
          {/* An empty choice: the question stays unanswered until one is chosen. */}
          <FormattedMessage id="quizTake.answer.choose" defaultMessage="Choose…" />
        </option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The same empty list on every read: a store selector answering a new one each time would re-render without end. */
const NO_UPLOADS: readonly UploadProgress[] = [];

/** A file question's `File` input: the files go up through the graded quiz's assignment, then answer the question. */
function FileAnswer({ courseId, quiz, questionId, given }: { courseId: number; quiz: Quiz; questionId: number; given: number }) {
  const id = useId();
  const uploads = useQuizAttemptStore((s) => s.uploads[questionId] ?? NO_UPLOADS);
  const filesChosen = useQuizAttemptStore((s) => s.filesChosen);
  if (quiz.assignment_id === null) {
    return (
      <p className="muted">
        <FormattedMessage id="quizTake.answer.noUploads" defaultMessage="Files can be given only in graded quizzes; ask your teacher how to hand this one in." />
      </p>
    );
  }
  const assignmentId = quiz.assignment_id;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="submissions.file" defaultMessage="File" />
      </label>
      <input id={id} type="file" multiple aria-describedby={`${id}-help`} onChange={(e) => void filesChosen(questionId, Array.from(e.target.files ?? []), { courseId, assignmentId })} />
      <p id={`${id}-help`} className="help">
        <FormattedMessage id="quizTake.answer.files" defaultMessage="{count, plural, =0 {No files given yet.} one {# file given.} other {# files given.}} Choosing files again replaces them." values={{ count: given }} />
      </p>
      <UploadProgressList uploads={uploads} />
    </div>
  );
}
