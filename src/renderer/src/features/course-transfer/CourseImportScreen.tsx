import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { DateShiftOptions, Migrator } from '../../../../contracts/move-dtos.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useCourseTransferStore } from '../../stores/course-transfer-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import { HubImportNotice } from './HubImportNotice.tsx';
import { ImportOutcome } from './ImportOutcome.tsx';
import { SelectiveChoice } from './SelectiveChoice.tsx';
import { MIGRATOR_WORDS, transferWords } from './transfer-words.ts';

type DateChoice = 'keep' | 'shift' | 'remove';

/**
 * Settings → `Import course content`: a cartridge file, its importer, what happens to its dates, and whether to
 * pick what to import; then a progress bar following the job, the choice for a selective import, and its issues.
 */
export function CourseImportScreen({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(transferWords.importTitle), course.name);
  const state = useCourseTransferStore((s) => (s.courseImport?.courseId === course.id ? s.courseImport : undefined));
  const importDismissed = useCourseTransferStore((s) => s.importDismissed);
  const migrators = useResource(resources.migrators(course.id));
  useEffect(() => () => importDismissed(), [importDismissed]);
  if (!viewer.canManage) return <NotAllowed course={course} what="settings" />;
  return (
    <section aria-labelledby="course-import-title" className="course-section-content">
      <h2 id="course-import-title">
        <FormattedMessage {...transferWords.importTitle} />
      </h2>
      <HubImportNotice>
        <FormattedMessage
          id="courseTransfer.import.hubNotice"
          defaultMessage="This computer syncs with a hub. Content imported here stays on this computer and is not sent to the hub; to share it with the class, import the file on the hub."
        />
      </HubImportNotice>
      {(state === undefined || state.step === 'failed') && (
        <Loaded value={migrators} what={intl.formatMessage({ id: 'courseTransfer.import.migrators', defaultMessage: 'the importers' })}>
          {(loaded) => <ImportForm courseId={course.id} migrators={loaded} />}
        </Loaded>
      )}
      {state?.step === 'running' && (
        <>
          <progress aria-label={intl.formatMessage({ id: 'courseTransfer.import.progress', defaultMessage: 'Import progress' })} max={100} value={state.completion} />
          <p role="status" className="muted">
            <FormattedMessage id="courseTransfer.import.running" defaultMessage="Importing…" />
          </p>
        </>
      )}
      {state?.step === 'choosing' && <SelectiveChoice courseId={course.id} migrationId={state.migrationId} groups={state.groups} />}
      {(state?.step === 'done' || state?.step === 'failed') && <ImportOutcome state={state} />}
      <p>
        <Link to={paths.course(course.id, 'settings')}>
          <FormattedMessage {...transferWords.backToSettings} />
        </Link>
      </p>
    </section>
  );
}

function ImportForm({ courseId, migrators }: { courseId: number; migrators: Migrator[] }) {
  const intl = useIntl();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [migrationType, setMigrationType] = useState(migrators[0]?.type ?? '');
  const [dates, setDates] = useState<DateChoice>('keep');
  const [shift, setShift] = useState({ old_start_date: '', old_end_date: '', new_start_date: '', new_end_date: '' });
  const [selective, setSelective] = useState(false);
  const importStarted = useCourseTransferStore((s) => s.importStarted);

  const shiftIncomplete = dates === 'shift' && (shift.old_start_date === '' || shift.new_start_date === '');
  function onSubmit(e: FormEvent): void {
    e.preventDefault();
    if (!file || migrationType === '' || shiftIncomplete) return;
    const filled = Object.fromEntries(Object.entries(shift).filter(([, day]) => day !== ''));
    const options: DateShiftOptions = dates === 'shift' ? { shift_dates: true, ...filled } : dates === 'remove' ? { remove_dates: true } : {};
    void importStarted(courseId, { file, migrationType, dates: options, selective });
  }

  const dateChoices: Array<[DateChoice, string]> = [
    ['keep', intl.formatMessage({ id: 'courseTransfer.import.dates.keep', defaultMessage: 'Keep the dates as they are' })],
    ['shift', intl.formatMessage({ id: 'courseTransfer.import.dates.shift', defaultMessage: 'Shift dates to a new term' })],
    ['remove', intl.formatMessage({ id: 'courseTransfer.import.dates.remove', defaultMessage: 'Remove dates' })],
  ];
  return (
    <form className="stacked-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-file`}>
          <FormattedMessage id="courseTransfer.import.file" defaultMessage="Course export file" />
        </label>
        <input id={`${id}-file`} type="file" accept=".imscc,.zip" aria-describedby={`${id}-file-help`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <p id={`${id}-file-help`} className="help">
          <FormattedMessage id="courseTransfer.import.fileHelp" defaultMessage="A Common Cartridge (.imscc) exported from Canvas or Outpost, up to 20 MB." />
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>
          <FormattedMessage id="courseTransfer.import.type" defaultMessage="Content type" />
        </label>
        <select id={`${id}-type`} value={migrationType} onChange={(e) => setMigrationType(e.target.value)}>
          {migrators.map((m) => {
            const words = MIGRATOR_WORDS[m.type];
            return (
              <option key={m.type} value={m.type}>
                {words ? intl.formatMessage(words) : m.name}
              </option>
            );
          })}
        </select>
      </div>
      <fieldset className="choice">
        <legend>
          <FormattedMessage id="courseTransfer.import.dates" defaultMessage="Dates" />
        </legend>
        {dateChoices.map(([value, label]) => (
          <label key={value} className="checkbox">
            <input type="radio" name={`${id}-dates`} value={value} checked={dates === value} onChange={() => setDates(value)} />
            {label}
          </label>
        ))}
        {dates === 'shift' && (
          <>
            <TextField type="date" required label={intl.formatMessage({ id: 'courseTransfer.import.oldStart', defaultMessage: 'Original start date' })} value={shift.old_start_date} onChange={(old_start_date) => setShift({ ...shift, old_start_date })} />
            <TextField type="date" label={intl.formatMessage({ id: 'courseTransfer.import.oldEnd', defaultMessage: 'Original end date' })} value={shift.old_end_date} onChange={(old_end_date) => setShift({ ...shift, old_end_date })} />
            <TextField type="date" required label={intl.formatMessage({ id: 'courseTransfer.import.newStart', defaultMessage: 'New start date' })} value={shift.new_start_date} onChange={(new_start_date) => setShift({ ...shift, new_start_date })} />
            <TextField
              type="date"
              label={intl.formatMessage({ id: 'courseTransfer.import.newEnd', defaultMessage: 'New end date' })}
              value={shift.new_end_date}
              onChange={(new_end_date) => setShift({ ...shift, new_end_date })}
              help={intl.formatMessage({ id: 'courseTransfer.import.shiftHelp', defaultMessage: 'Each date keeps its weekday and its place in the term. Without end dates, dates move by the distance between the start dates.' })}
            />
          </>
        )}
      </fieldset>
      <CheckboxField label={intl.formatMessage({ id: 'courseTransfer.import.selective', defaultMessage: 'Choose what to import' })} checked={selective} onChange={setSelective} />
      <button type="submit" disabled={!file || migrationType === '' || shiftIncomplete}>
        <FormattedMessage id="courseTransfer.import.submit" defaultMessage="Import" />
      </button>
    </form>
  );
}
