import { useId, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';
import { useNavigate } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { Quiz, QuizQuestion, QuizType } from '../../../../contracts/quiz-authoring-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { DraftNotice } from '../../components/DraftNotice.tsx';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { courseTimeZone } from '../../lib/course-time.ts';
import { paths } from '../../lib/paths.ts';
import { useDraftedForm } from '../../lib/use-drafted-form.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useQuizAuthoringStore, type QuizSaveStep } from '../../stores/quiz-authoring-store.ts';
import { DATE_LABELS } from '../assignments/assignment-form-values.ts';
import { LazyRichTextEditor } from '../submissions/LazyRichTextEditor.tsx';
import { QuestionList } from './QuestionList.tsx';
import { savedForm } from './question-drafts.ts';
import { quizSaveOf, QUIZ_TYPE_LABELS, type QuizFormValues } from './quiz-form-values.ts';
import { quizFormValuesOf } from './saved-quiz.ts';

const words = defineMessages({
  title: { id: 'quizzes.form.title', defaultMessage: 'Title' },
  description: { id: 'quizzes.form.description', defaultMessage: 'Description' },
  type: { id: 'quizzes.form.type', defaultMessage: 'Quiz type' },
  timeLimit: { id: 'quizzes.form.timeLimit', defaultMessage: 'Time limit (minutes)' },
  timeLimitHelp: { id: 'quizzes.form.timeLimitHelp', defaultMessage: 'Leave empty for no time limit.' },
  attempts: { id: 'quizzes.form.attempts', defaultMessage: 'Allowed attempts' },
  attemptsHelp: { id: 'quizzes.form.attemptsHelp', defaultMessage: 'Leave empty for unlimited attempts.' },
  shuffle: { id: 'quizzes.form.shuffle', defaultMessage: 'Shuffle answers' },
  timeZoneHelp: { id: 'quizzes.form.timeZoneHelp', defaultMessage: "In the course's time zone, {timeZone}." },
  save: { id: 'quizzes.form.save', defaultMessage: 'Save quiz' },
  publish: { id: 'quizzes.form.publish', defaultMessage: 'Publish' },
  unpublish: { id: 'quizzes.form.unpublish', defaultMessage: 'Unpublish' },
  saving: { id: 'quizzes.form.saving', defaultMessage: 'Saving…' },
});
/** Typed for their arguments (i18n/messages.ts). */
const m: Messages<keyof typeof words> = words;

interface QuizFormProps {
  course: Course;
  /** Absent for a new quiz. */
  quiz?: Quiz;
  questions?: QuizQuestion[];
}

/**
 * A quiz's settings and questions. Unsaved work is kept as a draft on this computer (decision 0057) until it is
 * saved; `Save quiz` sends the quiz, then each new or changed question, `Publish` the same and then publishes it.
 */
export function QuizForm({ course, quiz, questions = [] }: QuizFormProps) {
  const intl = useIntl();
  const timeZone = courseTimeZone(course);
  const form = useDraftedForm<QuizFormValues>(course.id, `quiz:${quiz?.id ?? 'new'}`, () => quizFormValuesOf(quiz, questions, timeZone));
  const { values, change } = form;
  const [problem, setProblem] = useState<string>();
  const [createdId, setCreatedId] = useState<number>();
  const saveRequested = useQuizAuthoringStore((s) => s.quizSaveRequested);
  const { pending, error, submit } = useSubmission();
  const navigate = useNavigate();
  const typeId = useId();

  // Each step that reached the server is written into the form at once, so a failed save is resumed, not repeated.
  const onStep = (step: QuizSaveStep) => {
    if (step.type === 'quizCreated') setCreatedId(step.quizId);
    else if (step.type === 'questionDeleted') form.changeWith((current) => ({ removed: current.removed.filter((id) => id !== step.id) }));
    else form.changeWith((current) => ({ questions: current.questions.map((q) => (q.key === step.key ? { ...q, id: step.id, saved: savedForm(step.write) } : q)) }));
  };
  const save = (publish?: boolean) => {
    const plan = quizSaveOf(values, timeZone);
    setProblem(typeof plan === 'string' ? plan : undefined);
    if (typeof plan === 'string') return;
    void submit(async () => {
      const saved = await saveRequested(course.id, quiz?.id ?? createdId, plan, onStep, publish);
      form.saved();
      if (publish) void navigate(paths.quizzes(course.id));
      else void navigate(paths.editQuiz(course.id, saved.id), { replace: quiz !== undefined, state: { saved: true } });
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const dateField = (field: keyof typeof DATE_LABELS, value: string, key: 'dueAt' | 'unlockAt' | 'lockAt') => (
    <TextField
      label={intl.formatMessage(DATE_LABELS[field])}
      type="datetime-local"
      help={intl.formatMessage(m.timeZoneHelp, { timeZone })}
      value={value}
      onChange={(typed) => change({ [key]: typed })}
      disabled={pending}
    />
  );

  return (
    <form className="stacked-form quiz-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={form.offered} onRestore={form.restoreDraft} onDiscard={form.discardDraft} />
      <TextField label={intl.formatMessage(m.title)} value={values.title} onChange={(title) => change({ title })} disabled={pending} required dir="auto" />
      <LazyRichTextEditor
        key={form.generation}
        label={intl.formatMessage(m.description)}
        initialHtml={values.description}
        onChange={(description) => change({ description })}
        disabled={pending}
      />
      <div className="field">
        <label htmlFor={typeId}>
          <FormattedMessage {...m.type} />
        </label>
        <select id={typeId} value={values.quizType} onChange={(e) => change({ quizType: e.target.value as QuizType })} disabled={pending}>
          {(Object.keys(QUIZ_TYPE_LABELS) as QuizType[]).map((type) => (
            <option key={type} value={type}>
              {intl.formatMessage(QUIZ_TYPE_LABELS[type])}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={intl.formatMessage(m.timeLimit)}
        inputMode="numeric"
        value={values.timeLimit}
        onChange={(timeLimit) => change({ timeLimit })}
        help={intl.formatMessage(m.timeLimitHelp)}
        disabled={pending}
      />
      <TextField
        label={intl.formatMessage(m.attempts)}
        inputMode="numeric"
        value={values.allowedAttempts}
        onChange={(allowedAttempts) => change({ allowedAttempts })}
        help={intl.formatMessage(m.attemptsHelp)}
        disabled={pending}
      />
      <CheckboxField label={intl.formatMessage(m.shuffle)} checked={values.shuffleAnswers} onChange={(shuffleAnswers) => change({ shuffleAnswers })} disabled={pending} />
      {dateField('due_at', values.dueAt, 'dueAt')}
      {dateField('unlock_at', values.unlockAt, 'unlockAt')}
      {dateField('lock_at', values.lockAt, 'lockAt')}
      <QuestionList
        questions={values.questions}
        onChange={(list, removedId) => change({ questions: list, ...(removedId === undefined ? {} : { removed: [...values.removed, removedId] }) })}
      />
      <FormError message={problem ?? error} />
      <div className="button-row">
        <button type="submit" disabled={pending}>
          <FormattedMessage {...m.save} />
        </button>
        <button type="button" onClick={() => save(!quiz?.published)} disabled={pending}>
          <FormattedMessage {...(quiz?.published ? m.unpublish : m.publish)} />
        </button>
        {pending && (
          <span role="status" className="muted">
            <FormattedMessage {...m.saving} />
          </span>
        )}
      </div>
    </form>
  );
}
