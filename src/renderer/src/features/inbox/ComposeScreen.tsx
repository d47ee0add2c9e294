import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/FormError.tsx';
import { SearchCombobox, type ComboboxOption } from '../../components/SearchCombobox.tsx';
import { TextField } from '../../components/TextField.tsx';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useInboxStore } from '../../stores/inbox-store.ts';
import { currentApi } from '../../stores/session-store.ts';
import { inboxWords } from './inbox-words.ts';

/** People found by name among those the person may write to (the server applies who may message whom). */
const findPeople = async (text: string): Promise<ComboboxOption[]> => (await currentApi().recipients(text)).map((r) => ({ id: r.id, name: r.name }));

/** A new message: `To` (people chosen by typing part of their name), `Subject`, `Message`, `Send`. */
export function ComposeScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const messageId = useId();
  const messageSent = useInboxStore((s) => s.messageSent);
  const [to, setTo] = useState<ComboboxOption[]>([]);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string>();
  const { pending, error, submit } = useSubmission();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (to.length === 0 || body.trim() === '') {
      setProblem(
        to.length === 0
          ? intl.formatMessage({ id: 'inbox.compose.noRecipient', defaultMessage: 'Choose at least one person: type part of a name in To, then pick them from the list.' })
          : intl.formatMessage({ id: 'inbox.compose.noBody', defaultMessage: 'Write a message before sending it.' }),
      );
      return;
    }
    setProblem(undefined);
    void submit(async () => {
      const conversationId = await messageSent({ recipients: to.map((p) => String(p.id)), subject: subject.trim(), body: body.trim() });
      await navigate(paths.conversation(conversationId));
    });
  };
  return (
    <Screen title={intl.formatMessage({ id: 'inbox.compose.title', defaultMessage: 'New message' })} narrow>
      <form className="stacked-form compose-form" onSubmit={onSubmit} noValidate>
        <SearchCombobox
          label={intl.formatMessage({ id: 'inbox.compose.to', defaultMessage: 'To', description: 'Field: the people a message goes to.' })}
          search={findPeople}
          onChoose={(person) => setTo((chosen) => [...chosen, person])}
          excluded={new Set(to.map((p) => p.id))}
          disabled={pending}
        />
        {to.length > 0 && (
          <ul className="recipients" aria-label={intl.formatMessage({ id: 'inbox.compose.recipients', defaultMessage: 'Recipients' })}>
            {to.map((person) => (
              <li key={person.id}>
                <bdi>{person.name}</bdi>
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => setTo((chosen) => chosen.filter((p) => p.id !== person.id))}
                  aria-label={intl.formatMessage({ id: 'inbox.compose.remove', defaultMessage: 'Remove {name}' }, { name: person.name })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <TextField label={intl.formatMessage({ id: 'inbox.compose.subject', defaultMessage: 'Subject' })} value={subject} onChange={setSubject} disabled={pending} dir="auto" />
        <div className="field">
          <label htmlFor={messageId}>
            <FormattedMessage id="inbox.compose.message" defaultMessage="Message" description="Field: the text of the message." />
          </label>
          <textarea id={messageId} dir="auto" rows={6} value={body} onChange={(e) => setBody(e.target.value)} disabled={pending} />
        </div>
        <FormError message={problem ?? error} />
        <div className="button-row">
          <button type="submit" disabled={pending}>
            <FormattedMessage {...inboxWords.send} />
          </button>
        </div>
      </form>
    </Screen>
  );
}
