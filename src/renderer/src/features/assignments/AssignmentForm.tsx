import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Assignment, Course, GradingType } from '../../../../contracts/lms-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { DraftNotice } from '../../components/DraftNotice.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { common } from '../../i18n/common-messages.ts';
import { courseTimeZone } from '../../lib/course-time.ts';
import { formatSubmissionTypes } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useDraftedForm } from '../../lib/use-drafted-form.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { LazyRichTextEditor } from '../submissions/LazyRichTextEditor.tsx';
import { resources } from '../../stores/resources.ts';
import {
  assignmentWriteOf,
  DATE_LABELS,
  formValuesOf,
  GRADING_TYPE_LABELS,
  OFFERED_SUBMISSION_TYPES,
  type AssignmentFormValues,
} from './assignment-form-values.ts';

interface AssignmentFormProps {
  course: Course;
  /** Absent for a new assignment. */
  assignment?: Assignment;
}

/** Creates or changes an assignment; unsaved changes are kept as a draft on this computer until `Save`. */
export function AssignmentForm({ course, assignment }: AssignmentFormProps) {
  const timeZone = courseTimeZone(course);
  const form = useDraftedForm<AssignmentFormValues>(course.id, `assignment:${assignment?.id ?? 'new'}`, () => formValuesOf(assignment, timeZone));
  const { values, change } = form;
  const [problem, setProblem] = useState<string>();
  const saveRequested = useAuthoringStore((s) => s.assignmentSaveRequested);
  const { pending, error, submit } = useSubmission();
  const navigate = useNavigate();
  const intl = useIntl();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const write = assignmentWriteOf(values, timeZone);
    setProblem(typeof write === 'string' ? write : undefined);
    if (typeof write === 'string') return;
    submit(async () => {
      const saved = await saveRequested(course.id, assignment?.id, write);
      form.saved();
      void navigate(paths.assignment(course.id, saved.id));
    });
  };

  const timeZoneHelp = intl.formatMessage({ id: 'assignments.form.timeZoneHelp', defaultMessage: "In the course's time zone, {timeZone}." }, { timeZone });
  const dateField = (field: keyof typeof DATE_LABELS) => ({ label: intl.formatMessage(DATE_LABELS[field]), help: timeZoneHelp, disabled: pending });
  return (
    <form className="stacked-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={form.offered} onRestore={form.restoreDraft} onDiscard={form.discardDraft} />
      <TextField label={intl.formatMessage({ id: 'assignments.form.name', defaultMessage: 'Name' })} value={values.name} onChange={(name) => change({ name })} disabled={pending} required />
      <LazyRichTextEditor
        key={form.generation}
        label={intl.formatMessage({ id: 'assignments.form.description', defaultMessage: 'Description' })}
        initialHtml={values.description}
        onChange={(description) => change({ description })}
        disabled={pending}
      />
      <TextField
        label={intl.formatMessage({ id: 'assignments.form.points', defaultMessage: 'Points' })}
        inputMode="decimal"
        value={values.points}
        onChange={(points) => change({ points })}
        disabled={pending}
      />
      <GradingTypeField value={values.gradingType} onChange={(gradingType) => change({ gradingType })} disabled={pending} />
      <AssignmentGroupField courseId={course.id} value={values.groupId} onChange={(groupId) => change({ groupId })} disabled={pending} />
      <fieldset className="choice">
        <legend>
          <FormattedMessage id="assignments.submissionTypes" defaultMessage="Submission types" />
        </legend>
        {OFFERED_SUBMISSION_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={formatSubmissionTypes([type])}
            checked={values.submissionTypes.includes(type)}
            onChange={(on) => change({ submissionTypes: on ? [...values.submissionTypes, type] : values.submissionTypes.filter((t) => t !== type) })}
            disabled={pending}
          />
        ))}
      </fieldset>
      {values.submissionTypes.includes('online_upload') && (
        <TextField
          label={intl.formatMessage({ id: 'assignments.form.extensions', defaultMessage: 'Allowed file extensions' })}
          value={values.extensions}
          onChange={(extensions) => change({ extensions })}
          help={intl.formatMessage({ id: 'assignments.form.extensions.help', defaultMessage: 'Separated by commas, for example: pdf, docx. Leave empty to take any file.' })}
          disabled={pending}
        />
      )}
      <DateField {...dateField('due_at')} value={values.dueAt} onChange={(dueAt) => change({ dueAt })} />
      <DateField {...dateField('unlock_at')} value={values.unlockAt} onChange={(unlockAt) => change({ unlockAt })} />
      <DateField {...dateField('lock_at')} value={values.lockAt} onChange={(lockAt) => change({ lockAt })} />
      <CheckboxField label={intl.formatMessage(common.published)} checked={values.published} onChange={(published) => change({ published })} disabled={pending} />
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} />
    </form>
  );
}

interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
}

function DateField({ label, help, ...field }: FieldProps<string> & { label: string; help: string }) {
  return <TextField label={label} type="datetime-local" help={help} {...field} />;
}

function GradingTypeField({ value, onChange, disabled }: FieldProps<GradingType>) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="assignments.form.gradingType" defaultMessage="Display grade as" />
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as GradingType)} disabled={disabled}>
        {(Object.keys(GRADING_TYPE_LABELS) as GradingType[]).map((type) => (
          <option key={type} value={type}>
            {intl.formatMessage(GRADING_TYPE_LABELS[type])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The course's assignment groups; while they load (or if they cannot), the server's default group applies. */
function AssignmentGroupField({ courseId, value, onChange, disabled }: FieldProps<string> & { courseId: number }) {
  const id = useId();
  const groups = useResource(resources.assignmentGroups(courseId));
  if (groups.status !== 'loaded' || groups.data.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="assignments.form.group" defaultMessage="Assignment group" />
      </label>
      <select id={id} value={value || String(groups.data[0]!.id)} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {groups.data.map((group) => (
          <option key={group.id} value={group.id} dir="auto">
            {group.name}
          </option>
        ))}
      </select>
    </div>
  );
}
