import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Assignment, Course, GradingType } from '../../../../contracts/lms-dtos.ts';
import { DraftNotice } from '../../components/DraftNotice.tsx';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { formatSubmissionTypes } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useDraft } from '../../lib/use-draft.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import {
  assignmentWriteOf,
  DATE_LABELS,
  formValuesOf,
  GRADING_TYPE_LABELS,
  OFFERED_SUBMISSION_TYPES,
  type AssignmentFormValues,
} from './assignment-form-values.ts';

/** The editor (Tiptap and ProseMirror) is most of the UI's code by size: it loads with the form that needs it. */
const RichTextEditor = lazy(async () => ({ default: (await import('../submissions/RichTextEditor.tsx')).RichTextEditor }));

interface AssignmentFormProps {
  course: Course;
  /** Absent for a new assignment. */
  assignment?: Assignment;
}

/** Creates or changes an assignment; unsaved changes are kept as a draft on this computer until `Save`. */
export function AssignmentForm({ course, assignment }: AssignmentFormProps) {
  // Dates are read in the course's zone; a course without one (older data) uses this computer's.
  const timeZone = course.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const draft = useDraft<AssignmentFormValues>(course.id, `assignment:${assignment?.id ?? 'new'}`);
  const [values, setValues] = useState(() => formValuesOf(assignment, timeZone));
  const [edited, setEdited] = useState(false);
  // The rich-text editor takes its text when it mounts: a restored draft mounts a fresh one.
  const [editorGeneration, setEditorGeneration] = useState(0);
  const [problem, setProblem] = useState<string>();
  const saveRequested = useAuthoringStore((s) => s.assignmentSaveRequested);
  const { pending, error, submit } = useSubmission();
  const navigate = useNavigate();

  useEffect(() => {
    if (edited) draft.keep(values);
  }, [edited, values, draft.keep]);

  const change = (patch: Partial<AssignmentFormValues>) => {
    setEdited(true);
    setValues((current) => ({ ...current, ...patch }));
  };
  const restoreDraft = () => {
    const kept = draft.restore();
    if (kept) setValues(kept);
    setEditorGeneration((n) => n + 1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const write = assignmentWriteOf(values, timeZone);
    setProblem(typeof write === 'string' ? write : undefined);
    if (typeof write === 'string') return;
    submit(async () => {
      const saved = await saveRequested(course.id, assignment?.id, write);
      draft.drop();
      void navigate(paths.assignment(course.id, saved.id));
    });
  };

  const timeZoneHelp = `In the course's time zone, ${timeZone}.`;
  return (
    <form className="stacked-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={draft.offered} onRestore={restoreDraft} onDiscard={draft.drop} />
      <TextField label="Name" value={values.name} onChange={(name) => change({ name })} disabled={pending} required />
      <Suspense fallback={<p role="status" className="muted">Loading the editor…</p>}>
        <RichTextEditor
          key={editorGeneration}
          label="Description"
          initialHtml={values.description}
          onChange={(description) => change({ description })}
          disabled={pending}
        />
      </Suspense>
      <TextField label="Points" inputMode="decimal" value={values.points} onChange={(points) => change({ points })} disabled={pending} />
      <GradingTypeField value={values.gradingType} onChange={(gradingType) => change({ gradingType })} disabled={pending} />
      <AssignmentGroupField courseId={course.id} value={values.groupId} onChange={(groupId) => change({ groupId })} disabled={pending} />
      <fieldset className="choice">
        <legend>Submission types</legend>
        {OFFERED_SUBMISSION_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input
              type="checkbox"
              checked={values.submissionTypes.includes(type)}
              onChange={(e) =>
                change({ submissionTypes: e.target.checked ? [...values.submissionTypes, type] : values.submissionTypes.filter((t) => t !== type) })
              }
              disabled={pending}
            />
            {formatSubmissionTypes([type])}
          </label>
        ))}
      </fieldset>
      {values.submissionTypes.includes('online_upload') && (
        <TextField
          label="Allowed file extensions"
          value={values.extensions}
          onChange={(extensions) => change({ extensions })}
          help="Separated by commas, for example: pdf, docx. Leave empty to take any file."
          disabled={pending}
        />
      )}
      <DateField label={DATE_LABELS.due_at} value={values.dueAt} onChange={(dueAt) => change({ dueAt })} help={timeZoneHelp} disabled={pending} />
      <DateField label={DATE_LABELS.unlock_at} value={values.unlockAt} onChange={(unlockAt) => change({ unlockAt })} help={timeZoneHelp} disabled={pending} />
      <DateField label={DATE_LABELS.lock_at} value={values.lockAt} onChange={(lockAt) => change({ lockAt })} help={timeZoneHelp} disabled={pending} />
      <label className="checkbox">
        <input type="checkbox" checked={values.published} onChange={(e) => change({ published: e.target.checked })} disabled={pending} />
        Published
      </label>
      <FormError message={problem ?? error} />
      <div className="button-row">
        <button type="submit" disabled={pending}>
          Save
        </button>
        {pending && (
          <span role="status" className="muted">
            Saving…
          </span>
        )}
      </div>
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
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Display grade as</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as GradingType)} disabled={disabled}>
        {(Object.keys(GRADING_TYPE_LABELS) as GradingType[]).map((type) => (
          <option key={type} value={type}>
            {GRADING_TYPE_LABELS[type]}
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
      <label htmlFor={id}>Assignment group</label>
      <select id={id} value={value || String(groups.data[0]!.id)} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {groups.data.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </select>
    </div>
  );
}
