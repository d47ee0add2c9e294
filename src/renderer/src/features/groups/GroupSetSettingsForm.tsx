import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { GroupCategory } from '../../../../contracts/group-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useGroupsStore } from '../../stores/groups-store.ts';
import { groupWords } from './group-words.ts';

/**
 * `Edit group set`: its name, self sign-up, and the group limit. The limit only exists with self sign-up (the API
 * refuses it otherwise), so the field is off without it and turning self sign-up off clears it.
 */
export function GroupSetSettingsForm({ courseId, category, onDone }: { courseId: number; category: GroupCategory; onDone: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(category.name);
  const [selfSignup, setSelfSignup] = useState(category.self_signup !== null);
  const [limit, setLimit] = useState(category.group_limit === null ? '' : String(category.group_limit));
  const [problem, setProblem] = useState<string>();
  const updateRequested = useGroupsStore((s) => s.groupSetUpdateRequested);
  const { pending, error, submit } = useSubmission();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const groupLimit = !selfSignup || limit.trim() === '' ? '' : Number(limit);
    const refused =
      name.trim() === ''
        ? intl.formatMessage(groupWords.noSetName)
        : groupLimit !== '' && (!Number.isInteger(groupLimit) || groupLimit < 2)
          ? intl.formatMessage({ id: 'groups.set.badLimit', defaultMessage: 'Group limit is a whole number of at least {min}.' }, { min: 2 })
          : undefined;
    setProblem(refused);
    if (refused !== undefined) return;
    void submit(async () => {
      await updateRequested(courseId, category.id, { name: name.trim(), self_signup: selfSignup ? 'enabled' : '', group_limit: groupLimit });
      onDone();
    });
  };

  return (
    <form className="stacked-form panel" onSubmit={onSubmit} aria-label={intl.formatMessage({ id: 'groups.set.editForm', defaultMessage: 'Edit group set {set}' }, { set: category.name })} noValidate>
      <TextField label={intl.formatMessage(groupWords.groupSetName)} value={name} onChange={setName} disabled={pending} required />
      <CheckboxField label={intl.formatMessage(groupWords.allowSelfSignup)} checked={selfSignup} onChange={setSelfSignup} disabled={pending} />
      <TextField
        label={intl.formatMessage({ id: 'groups.set.limit', defaultMessage: 'Group limit' })}
        type="number"
        min={2}
        value={selfSignup ? limit : ''}
        onChange={setLimit}
        disabled={pending || !selfSignup}
        help={intl.formatMessage({ id: 'groups.set.limit.help', defaultMessage: 'The most members a group may have; empty for no limit. Only with self sign-up.' })}
      />
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} onCancel={onDone} />
    </form>
  );
}
