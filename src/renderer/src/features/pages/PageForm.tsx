import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { WikiPage } from '../../../../contracts/lms-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { DraftNotice } from '../../components/DraftNotice.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { common } from '../../i18n/common-messages.ts';
import { paths } from '../../lib/paths.ts';
import { useDraftedForm } from '../../lib/use-drafted-form.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { LazyRichTextEditor } from '../submissions/LazyRichTextEditor.tsx';
import { pageMessages } from './page-messages.ts';
import { EDITING_ROLE_CHOICES, EDITING_ROLE_LABELS, pageFormValuesOf, pageWriteOf, type PageFormValues } from './page-form-values.ts';

interface PageFormProps {
  courseId: number;
  /** Absent for a new page. */
  page?: WikiPage;
}

/** Creates or changes a page; every save is a new revision. Unsaved changes are kept as a draft on this computer. */
export function PageForm({ courseId, page }: PageFormProps) {
  const form = useDraftedForm<PageFormValues>(courseId, `page:${page?.page_id ?? 'new'}`, () => pageFormValuesOf(page));
  const { values, change } = form;
  const [problem, setProblem] = useState<string>();
  const saveRequested = useAuthoringStore((s) => s.pageSaveRequested);
  const { pending, error, submit } = useSubmission();
  const navigate = useNavigate();
  const rolesId = useId();
  const intl = useIntl();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const write = pageWriteOf(values);
    setProblem(typeof write === 'string' ? write : undefined);
    if (typeof write === 'string') return;
    submit(async () => {
      const saved = await saveRequested(courseId, page?.url, write);
      form.saved();
      void navigate(paths.page(courseId, saved.url));
    });
  };

  const knownRoles = EDITING_ROLE_CHOICES.some((roles) => roles === values.editingRoles);
  return (
    <form className="stacked-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={form.offered} onRestore={form.restoreDraft} onDiscard={form.discardDraft} />
      <TextField label={intl.formatMessage({ id: 'pages.form.title', defaultMessage: 'Title' })} value={values.title} onChange={(title) => change({ title })} disabled={pending} required />
      <LazyRichTextEditor
        key={form.generation}
        label={intl.formatMessage({ id: 'pages.form.body', defaultMessage: 'Body' })}
        initialHtml={values.body}
        onChange={(body) => change({ body })}
        disabled={pending}
      />
      <div className="field">
        <label htmlFor={rolesId}>
          <FormattedMessage id="pages.form.editingRoles" defaultMessage="Users allowed to edit this page" />
        </label>
        <select id={rolesId} value={values.editingRoles} onChange={(e) => change({ editingRoles: e.target.value })} disabled={pending}>
          {EDITING_ROLE_CHOICES.map((roles) => (
            <option key={roles} value={roles}>
              {intl.formatMessage(EDITING_ROLE_LABELS[roles])}
            </option>
          ))}
          {/* Roles set through the API in another combination stay as they are unless the person picks a choice. */}
          {!knownRoles && (
            <option value={values.editingRoles}>
              {intl.formatMessage({ id: 'pages.form.editingRoles.other', defaultMessage: 'As set elsewhere: {roles}', description: '{roles}: Canvas’s role names as stored, e.g. “teachers,public”.' }, { roles: values.editingRoles })}
            </option>
          )}
        </select>
      </div>
      <CheckboxField label={intl.formatMessage(pageMessages.frontPage)} checked={values.frontPage} onChange={(frontPage) => change({ frontPage })} disabled={pending} />
      <CheckboxField label={intl.formatMessage(common.published)} checked={values.published} onChange={(published) => change({ published })} disabled={pending} />
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} />
    </form>
  );
}
