import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useSubmission } from '../../lib/use-submission.ts';

/** `Rename group`: one field, saved with `onRename`; Cancel leaves the name as it was. */
export function GroupRenameForm({ name, onRename, onDone }: { name: string; onRename: (name: string) => Promise<void>; onDone: () => void }) {
  const intl = useIntl();
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string>();
  const { pending, error, submit } = useSubmission();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = value.trim() === '' ? intl.formatMessage({ id: 'groups.group.noName', defaultMessage: 'Give the group a name.' }) : undefined;
    setProblem(refused);
    if (refused !== undefined) return;
    void submit(async () => {
      await onRename(value.trim());
      onDone();
    });
  };
  return (
    <form className="stacked-form" onSubmit={onSubmit} aria-label={intl.formatMessage({ id: 'groups.group.renameForm', defaultMessage: 'Rename group {group}' }, { group: name })} noValidate>
      <TextField label={intl.formatMessage({ id: 'groups.group.name', defaultMessage: 'Group name' })} value={value} onChange={setValue} disabled={pending} required />
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} onCancel={onDone} />
    </form>
  );
}
