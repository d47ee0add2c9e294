import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { common } from '../../i18n/common-messages.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useGroupsStore } from '../../stores/groups-store.ts';
import { groupWords } from './group-words.ts';

/** The most groups a set is made with at once; the API refuses more. */
const MAX_GROUPS = 200;

/**
 * `New group set`: a name, whether students sign up themselves, and how many groups to make; `Assign students
 * automatically` then spreads the students over them, with the API's Progress shown as a progress bar. The form stays
 * open after an assignment to say it is done.
 */
export function GroupSetForm({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [selfSignup, setSelfSignup] = useState(false);
  const [count, setCount] = useState('');
  const [assign, setAssign] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [completion, setCompletion] = useState<number>();
  const createRequested = useGroupsStore((s) => s.groupSetCreateRequested);
  const { pending, error, submit } = useSubmission();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const groups = count.trim() === '' ? 0 : Number(count);
    const refused =
      name.trim() === ''
        ? intl.formatMessage(groupWords.noSetName)
        : !Number.isInteger(groups) || groups < 0 || groups > MAX_GROUPS
          ? intl.formatMessage({ id: 'groups.set.badCount', defaultMessage: 'Number of groups is a whole number from 0 to {max}.' }, { max: MAX_GROUPS })
          : assign && groups === 0
            ? intl.formatMessage({ id: 'groups.set.assignNoGroups', defaultMessage: 'Students are assigned to groups: make at least one.' })
            : undefined;
    setProblem(refused);
    if (refused !== undefined) return;
    setCompletion(assign ? 0 : undefined);
    void submit(async () => {
      await createRequested(courseId, { name: name.trim(), ...(selfSignup ? { self_signup: 'enabled' } : {}), ...(groups > 0 ? { create_group_count: groups } : {}) }, assign, setCompletion);
      if (!assign) onDone();
    });
  };

  const assigned = completion === 100 && !pending && !error;
  return (
    <form className="stacked-form panel" onSubmit={onSubmit} aria-label={intl.formatMessage(groupWords.newGroupSet)} noValidate>
      <TextField label={intl.formatMessage(groupWords.groupSetName)} value={name} onChange={setName} disabled={pending || assigned} required />
      <CheckboxField label={intl.formatMessage(groupWords.allowSelfSignup)} checked={selfSignup} onChange={setSelfSignup} disabled={pending || assigned} />
      <TextField label={intl.formatMessage({ id: 'groups.set.count', defaultMessage: 'Number of groups' })} type="number" min={0} max={MAX_GROUPS} value={count} onChange={setCount} disabled={pending || assigned} />
      <CheckboxField label={intl.formatMessage({ id: 'groups.set.assign', defaultMessage: 'Assign students automatically' })} checked={assign} onChange={setAssign} disabled={pending || assigned} />
      {completion !== undefined && <progress aria-label={intl.formatMessage({ id: 'groups.set.assigning', defaultMessage: 'Assigning students to groups' })} max={100} value={completion} />}
      {assigned && (
        <p role="status">
          <FormattedMessage id="groups.set.assigned" defaultMessage="Students assigned to groups." />
        </p>
      )}
      <FormError message={problem ?? error} />
      {!assigned && <SaveRow pending={pending} />}
      <button type="button" onClick={onDone} disabled={pending}>
        <FormattedMessage {...(assigned ? common.close : common.cancel)} />
      </button>
    </form>
  );
}
