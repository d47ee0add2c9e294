import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { WikiPage } from '../../../../contracts/lms-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { DraftNotice } from '../../components/DraftNotice.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { paths } from '../../lib/paths.ts';
import { useDraftedForm } from '../../lib/use-drafted-form.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { LazyRichTextEditor } from '../submissions/LazyRichTextEditor.tsx';
import { EDITING_ROLE_CHOICES, pageFormValuesOf, pageWriteOf, type PageFormValues } from './page-form-values.ts';

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

  const knownRoles = EDITING_ROLE_CHOICES.some((choice) => choice.roles === values.editingRoles);
  return (
    <form className="stacked-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={form.offered} onRestore={form.restoreDraft} onDiscard={form.discardDraft} />
      <TextField label="Title" value={values.title} onChange={(title) => change({ title })} disabled={pending} required />
      <LazyRichTextEditor key={form.generation} label="Body" initialHtml={values.body} onChange={(body) => change({ body })} disabled={pending} />
      <div className="field">
        <label htmlFor={rolesId}>Users allowed to edit this page</label>
        <select id={rolesId} value={values.editingRoles} onChange={(e) => change({ editingRoles: e.target.value })} disabled={pending}>
          {EDITING_ROLE_CHOICES.map((choice) => (
            <option key={choice.roles} value={choice.roles}>
              {choice.label}
            </option>
          ))}
          {/* Roles set through the API in another combination stay as they are unless the person picks a choice. */}
          {!knownRoles && <option value={values.editingRoles}>As set elsewhere: {values.editingRoles}</option>}
        </select>
      </div>
      <CheckboxField label="Front page" checked={values.frontPage} onChange={(frontPage) => change({ frontPage })} disabled={pending} />
      <CheckboxField label="Published" checked={values.published} onChange={(published) => change({ published })} disabled={pending} />
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} />
    </form>
  );
}
