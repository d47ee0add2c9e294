import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Course, CourseFeatureSettings, LatePolicy } from '../../../../contracts/lms-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { DraftNotice } from '../../components/DraftNotice.tsx';
import { FormError } from '../../components/FormError.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDraftedForm } from '../../lib/use-drafted-form.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import {
  PERCENT_LABELS,
  settingsChangeOf,
  settingsValuesOf,
  timeZoneChoices,
  type CourseSettingsSource,
  type CourseSettingsValues,
} from './course-settings-values.ts';

interface CourseSettingsFormProps {
  course: Course;
  features: CourseFeatureSettings;
  /** Undefined when the viewer may not grade: the late policy section is left out. */
  latePolicy: LatePolicy | null | undefined;
}

/** The course's name, dates, zone, grading and offline settings, Mastery Paths and late policy, saved with one `Save`. */
export function CourseSettingsForm({ course, features, latePolicy }: CourseSettingsFormProps) {
  const intl = useIntl();
  const source: CourseSettingsSource = { course, features, latePolicy, fallbackZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const form = useDraftedForm<CourseSettingsValues>(course.id, 'settings', () => settingsValuesOf(source));
  const { values, change } = form;
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState(false);
  const saveRequested = useAuthoringStore((s) => s.courseSettingsSaveRequested);
  const { pending, error, submit } = useSubmission();
  const savedNote = useRef<HTMLParagraphElement>(null);
  // The Save button is disabled while saving, which drops the focus; it lands on the result instead of the page's start.
  useEffect(() => {
    if (saved) savedNote.current?.focus();
  }, [saved]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const write = settingsChangeOf(values, source);
    setProblem(typeof write === 'string' ? write : undefined);
    if (typeof write === 'string') return;
    void submit(async () => {
      await saveRequested(course.id, write);
      form.saved();
      setSaved(true);
    });
  };

  const zoneHelp = intl.formatMessage(
    { id: 'courseSettings.zoneHelp', defaultMessage: "In the course's time zone, {zone}.", description: '{zone}: an IANA time zone, e.g. Africa/Nairobi.' },
    { zone: values.timeZone },
  );
  return (
    <form className="stacked-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={form.offered} onRestore={form.restoreDraft} onDiscard={form.discardDraft} />
      <TextField label={intl.formatMessage({ id: 'courseSettings.name', defaultMessage: 'Name', description: "The course's name." })} value={values.name} onChange={(name) => change({ name })} disabled={pending} required />
      <TimeZoneField value={values.timeZone} onChange={(timeZone) => change({ timeZone })} disabled={pending} />
      <TextField label={intl.formatMessage({ id: 'courseSettings.startAt', defaultMessage: 'Start date' })} type="datetime-local" value={values.startAt} onChange={(startAt) => change({ startAt })} help={zoneHelp} disabled={pending} />
      <TextField label={intl.formatMessage({ id: 'courseSettings.endAt', defaultMessage: 'End date' })} type="datetime-local" value={values.endAt} onChange={(endAt) => change({ endAt })} help={zoneHelp} disabled={pending} />
      <CheckboxField
        label={intl.formatMessage({ id: 'courseSettings.gradingScheme', defaultMessage: 'Use a grading scheme (letter grades)' })}
        checked={values.gradingScheme}
        onChange={(gradingScheme) => change({ gradingScheme })}
        disabled={pending}
      />
      <CheckboxField
        label={intl.formatMessage({ id: 'courseSettings.offlineLocked', defaultMessage: 'Make locked content available offline' })}
        checked={values.offlineLockedContent}
        onChange={(offlineLockedContent) => change({ offlineLockedContent })}
        disabled={pending}
      />
      <CheckboxField label={intl.formatMessage({ id: 'courseSettings.masteryPaths', defaultMessage: 'Mastery Paths', description: 'Canvas’s feature that releases content by a student’s scores.' })} checked={values.masteryPaths} onChange={(masteryPaths) => change({ masteryPaths })} disabled={pending} />
      {latePolicy !== undefined && <LatePolicyFields values={values} change={change} disabled={pending} />}
      <FormError message={problem ?? error} />
      <SaveRow pending={pending} />
      {saved && (
        <p role="status" tabIndex={-1} ref={savedNote}>
          <FormattedMessage id="courseSettings.saved" defaultMessage="Settings saved." />
        </p>
      )}
    </form>
  );
}

function TimeZoneField({ value, onChange, disabled }: { value: string; onChange: (zone: string) => void; disabled: boolean }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="courseSettings.timeZone" defaultMessage="Time zone" />
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {timeZoneChoices(value).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    </div>
  );
}

interface LatePolicyFieldsProps {
  values: CourseSettingsValues;
  change: (patch: Partial<CourseSettingsValues>) => void;
  disabled: boolean;
}

/** Deductions the server applies to every late or missing submission of the course, rescoring them when changed. */
function LatePolicyFields({ values, change, disabled }: LatePolicyFieldsProps) {
  const intl = useIntl();
  const intervalId = useId();
  return (
    <fieldset className="choice">
      <legend>
        <FormattedMessage id="courseSettings.latePolicy" defaultMessage="Late policy" />
      </legend>
      <CheckboxField
        label={intl.formatMessage({ id: 'courseSettings.late.enabled', defaultMessage: 'Deduct points from late submissions' })}
        checked={values.lateDeductionEnabled}
        onChange={(lateDeductionEnabled) => change({ lateDeductionEnabled })}
        disabled={disabled}
      />
      {values.lateDeductionEnabled && (
        <>
          <TextField label={intl.formatMessage(PERCENT_LABELS.lateDeduction)} inputMode="decimal" value={values.lateDeduction} onChange={(lateDeduction) => change({ lateDeduction })} disabled={disabled} />
          <div className="field">
            <label htmlFor={intervalId}>
              <FormattedMessage id="courseSettings.late.interval" defaultMessage="Deduction applies per" />
            </label>
            <select id={intervalId} value={values.lateInterval} onChange={(e) => change({ lateInterval: e.target.value === 'hour' ? 'hour' : 'day' })} disabled={disabled}>
              <option value="day">{intl.formatMessage({ id: 'courseSettings.late.interval.day', defaultMessage: 'Day late' })}</option>
              <option value="hour">{intl.formatMessage({ id: 'courseSettings.late.interval.hour', defaultMessage: 'Hour late' })}</option>
            </select>
          </div>
          <CheckboxField
            label={intl.formatMessage({ id: 'courseSettings.late.lowestGrade.enabled', defaultMessage: 'Limit the deduction' })}
            checked={values.lowestGradeEnabled}
            onChange={(lowestGradeEnabled) => change({ lowestGradeEnabled })}
            disabled={disabled}
          />
          {values.lowestGradeEnabled && (
            <TextField label={intl.formatMessage(PERCENT_LABELS.lowestGrade)} inputMode="decimal" value={values.lowestGrade} onChange={(lowestGrade) => change({ lowestGrade })} disabled={disabled} />
          )}
        </>
      )}
      <CheckboxField
        label={intl.formatMessage({ id: 'courseSettings.missing.enabled', defaultMessage: 'Deduct points from missing submissions' })}
        checked={values.missingDeductionEnabled}
        onChange={(missingDeductionEnabled) => change({ missingDeductionEnabled })}
        disabled={disabled}
      />
      {values.missingDeductionEnabled && (
        <TextField
          label={intl.formatMessage(PERCENT_LABELS.missingDeduction)}
          inputMode="decimal"
          value={values.missingDeduction}
          onChange={(missingDeduction) => change({ missingDeduction })}
          disabled={disabled}
        />
      )}
    </fieldset>
  );
}
