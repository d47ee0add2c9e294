import { useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { Course, CourseModule } from '../../../../contracts/lms-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { courseTimeZone, fromCourseInput, toCourseInput } from '../../lib/course-time.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import type { Messages } from '../../i18n/messages.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { publishedMessage } from './PublishedCheckbox.tsx';

/** The button that opens the form for a new module, and that form's name. */
export const newModuleMessage = defineMessage({ id: 'modules.new', defaultMessage: 'New module' });

const problems: Messages<'noName' | 'badUnlock'> = defineMessages({
  noName: { id: 'modules.form.noName', defaultMessage: 'Give the module a name.' },
  badUnlock: { id: 'modules.form.badUnlock', defaultMessage: 'Unlock date is not a date and time.' },
});

interface ModuleFormProps {
  course: Course;
  /** Absent for a new module. */
  module?: CourseModule;
  /** The modules before this one: the only ones it can require first. */
  earlier: readonly CourseModule[];
  onDone: () => void;
}

/** A module's name and the conditions that lock it: unlock date, prerequisites, items in order. */
export function ModuleForm({ course, module, earlier, onDone }: ModuleFormProps) {
  const intl = useIntl();
  const timeZone = courseTimeZone(course);
  const [name, setName] = useState(module?.name ?? '');
  const [unlockAt, setUnlockAt] = useState(toCourseInput(module?.unlock_at, timeZone));
  const [sequential, setSequential] = useState(module?.require_sequential_progress ?? false);
  const [prerequisites, setPrerequisites] = useState<number[]>(module?.prerequisite_module_ids ?? []);
  const [published, setPublished] = useState(false);
  const [problem, setProblem] = useState<string>();
  const changeRequested = useAuthoringStore((s) => s.moduleChangeRequested);
  const { pending, error, submit } = useSubmission();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const unlock = fromCourseInput(unlockAt, timeZone);
    const refused = name.trim() === '' ? intl.formatMessage(problems.noName) : unlock === undefined ? intl.formatMessage(problems.badUnlock) : undefined;
    setProblem(refused);
    if (refused !== undefined || unlock === undefined) return;
    const write = { name: name.trim(), unlock_at: unlock, require_sequential_progress: sequential, prerequisite_module_ids: prerequisites };
    submit(async () => {
      // A module's published state has its own checkbox once it exists.
      await changeRequested(course.id, module?.id, module ? write : { ...write, published });
      onDone();
    });
  };

  return (
    <form className="stacked-form panel" onSubmit={onSubmit} aria-label={module ? intl.formatMessage({ id: 'modules.form.settingsOf', defaultMessage: 'Settings of {module}' }, { module: module.name }) : intl.formatMessage(newModuleMessage)} noValidate>
      <TextField label={intl.formatMessage({ id: 'modules.form.name', defaultMessage: 'Module name' })} value={name} onChange={setName} disabled={pending} required />
      <TextField
        label={intl.formatMessage({ id: 'modules.form.unlockAt', defaultMessage: 'Unlock date' })}
        type="datetime-local"
        value={unlockAt}
        onChange={setUnlockAt}
        help={intl.formatMessage(
          { id: 'modules.form.unlockAt.help', defaultMessage: "In the course's time zone, {zone}. Leave empty to open it at once.", description: '{zone}: an IANA time zone, e.g. Africa/Nairobi.' },
          { zone: timeZone },
        )}
        disabled={pending}
      />
      <CheckboxField label={intl.formatMessage({ id: 'modules.form.sequential', defaultMessage: 'Students must complete the items in order' })} checked={sequential} onChange={setSequential} disabled={pending} />
      {earlier.length > 0 && (
        <fieldset className="choice">
          <legend>{intl.formatMessage({ id: 'modules.form.prerequisites', defaultMessage: 'Prerequisites: modules to complete first' })}</legend>
          {earlier.map((m) => (
            <CheckboxField
              key={m.id}
              label={m.name}
              checked={prerequisites.includes(m.id)}
              onChange={(on) => setPrerequisites((ids) => (on ? [...ids, m.id] : ids.filter((id) => id !== m.id)))}
              disabled={pending}
            />
          ))}
        </fieldset>
      )}
      {!module && <CheckboxField label={intl.formatMessage(publishedMessage)} checked={published} onChange={setPublished} disabled={pending} />}
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} onCancel={onDone} />
    </form>
  );
}
