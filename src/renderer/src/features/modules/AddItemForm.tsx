import { useId, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { CourseModule } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { common } from '../../i18n/common-messages.ts';
import type { Messages } from '../../i18n/messages.ts';
import { TextField } from '../../components/TextField.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { ITEM_KINDS, itemToAdd, NEW_CONTENT, REQUIREMENT_CHOICES, requirementMessages, TYPE_LABELS, type AddItemValues, type ItemKind } from './add-item-values.ts';
import { WEB_ADDRESS_HINT } from '../../lib/web-address.ts';

const messages: Messages<'newPage' | 'newAssignment'> = defineMessages({
  newPage: { id: 'modules.addItem.newPage', defaultMessage: 'A new page' },
  newAssignment: { id: 'modules.addItem.newAssignment', defaultMessage: 'A new assignment' },
});

interface AddItemFormProps {
  courseId: number;
  module: CourseModule;
  onDone: () => void;
}

/** Adds an item to a module: existing content, a new page or assignment, a heading or a link; with its requirement. */
export function AddItemForm({ courseId, module, onDone }: AddItemFormProps) {
  const intl = useIntl();
  const [values, setValues] = useState<AddItemValues>({ kind: 'Assignment', content: '', title: '', url: '', requirement: '', minScore: '' });
  const [problem, setProblem] = useState<string>();
  const addRequested = useAuthoringStore((s) => s.itemAddRequested);
  const { pending, error, submit } = useSubmission();
  const change = (patch: Partial<AddItemValues>) => setValues((v) => ({ ...v, ...patch }));
  const ids = { kind: useId(), content: useId(), requirement: useId() };
  const requirements = REQUIREMENT_CHOICES.filter((r) => r.kinds.includes(values.kind));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const adding = itemToAdd(values);
    setProblem(typeof adding === 'string' ? adding : undefined);
    if (typeof adding === 'string') return;
    submit(async () => {
      await addRequested(courseId, module.id, adding.item, adding.newContent);
      onDone();
    });
  };

  return (
    <form className="stacked-form panel" onSubmit={onSubmit} aria-label={intl.formatMessage({ id: 'modules.addItem.form', defaultMessage: 'Add an item to {module}' }, { module: module.name })} noValidate>
      <div className="field">
        <label htmlFor={ids.kind}>
          <FormattedMessage id="modules.addItem.kind" defaultMessage="Item type" />
        </label>
        <select id={ids.kind} value={values.kind} onChange={(e) => change({ kind: e.target.value as ItemKind, content: '', requirement: '' })} disabled={pending}>
          {ITEM_KINDS.map((k) => (
            <option key={k.type} value={k.type}>
              {intl.formatMessage(k.label)}
            </option>
          ))}
        </select>
      </div>
      {(values.kind === 'Assignment' || values.kind === 'Page') && (
        <div className="field">
          <label htmlFor={ids.content}>{intl.formatMessage(TYPE_LABELS[values.kind])}</label>
          <select id={ids.content} value={values.content} onChange={(e) => change({ content: e.target.value })} disabled={pending}>
            <option value="">{intl.formatMessage({ id: 'modules.addItem.choose', defaultMessage: 'Choose…' })}</option>
            <option value={NEW_CONTENT}>{values.kind === 'Page' ? intl.formatMessage(messages.newPage) : intl.formatMessage(messages.newAssignment)}</option>
            <ContentOptions courseId={courseId} kind={values.kind} />
          </select>
        </div>
      )}
      {(values.kind === 'SubHeader' || values.kind === 'ExternalUrl' || values.content === NEW_CONTENT) && (
        <TextField label={intl.formatMessage({ id: 'modules.addItem.title', defaultMessage: 'Item title' })} value={values.title} onChange={(title) => change({ title })} disabled={pending} />
      )}
      {values.kind === 'ExternalUrl' && (
        <TextField label={intl.formatMessage({ id: 'modules.addItem.url', defaultMessage: 'Web address' })} type="url" value={values.url} onChange={(url) => change({ url })} placeholder={WEB_ADDRESS_HINT} disabled={pending} />
      )}
      {requirements.length > 0 && (
        <div className="field">
          <label htmlFor={ids.requirement}>{intl.formatMessage(requirementMessages.label)}</label>
          <select
            id={ids.requirement}
            value={values.requirement}
            onChange={(e) => change({ requirement: e.target.value as AddItemValues['requirement'] })}
            disabled={pending}
          >
            <option value="">{intl.formatMessage(requirementMessages.none)}</option>
            {requirements.map((r) => (
              <option key={r.type} value={r.type}>
                {intl.formatMessage(r.label)}
              </option>
            ))}
          </select>
        </div>
      )}
      {values.requirement === 'min_score' && (
        <TextField label={intl.formatMessage({ id: 'modules.addItem.minScore', defaultMessage: 'Minimum score' })} inputMode="decimal" value={values.minScore} onChange={(minScore) => change({ minScore })} disabled={pending} />
      )}
      <FormError message={problem ?? error} />
      <div className="button-row">
        <button type="submit" disabled={pending}>
          <FormattedMessage id="modules.addItem.submit" defaultMessage="Add to module" />
        </button>
        <button type="button" onClick={onDone} disabled={pending}>
          <FormattedMessage {...common.cancel} />
        </button>
      </div>
    </form>
  );
}

/** The course's pages or assignments to choose from (while they load, only "new" is offered). */
function ContentOptions({ courseId, kind }: { courseId: number; kind: 'Page' | 'Assignment' }) {
  const pages = useResource(resources.pages(courseId));
  const assignments = useResource(resources.assignments(courseId));
  if (kind === 'Page') {
    return pages.status === 'loaded' ? pages.data.map((p) => <option key={p.url} value={p.url}>{p.title}</option>) : null;
  }
  return assignments.status === 'loaded' ? assignments.data.map((a) => <option key={a.id} value={a.id}>{a.name}</option>) : null;
}
