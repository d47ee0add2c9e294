import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PollChoice, PollSession } from '../../../../contracts/poll-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { currentApi } from '../../stores/session-store.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

interface PollAnswerFormProps {
  courseId: number;
  session: PollSession;
  question: string;
  choices: readonly PollChoice[];
}

/** The question as a radio group of its choices and `Submit answer`; the server keeps one answer per student. */
export function PollAnswerForm({ courseId, session, question, choices }: PollAnswerFormProps) {
  const name = useId();
  const [choiceId, setChoiceId] = useState<string>();
  const { pending, error, submit } = useSubmission();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choiceId === undefined) return;
    void submit(async () => {
      await currentApi().answerPoll(session, choiceId);
      await useResourceStore.getState().resourceStale(resources.coursePolls(courseId));
    });
  };
  return (
    <form className="stacked-form" onSubmit={onSubmit}>
      <fieldset role="radiogroup" disabled={pending}>
        <legend className="card-title" dir="auto">
          {question}
        </legend>
        {choices.map((choice) => (
          <label key={choice.id} className="checkbox">
            <input type="radio" name={name} value={choice.id} checked={choiceId === choice.id} onChange={() => setChoiceId(choice.id)} />
            <span dir="auto">{choice.text}</span>
          </label>
        ))}
      </fieldset>
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" disabled={pending || choiceId === undefined}>
          <FormattedMessage id="polls.answer.submit" defaultMessage="Submit answer" />
        </button>
      </div>
    </form>
  );
}
