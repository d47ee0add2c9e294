import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { FailureNotice } from '../../components/FailureNotice.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { resources } from '../../stores/resources.ts';
import { useSyncedResource } from '../../stores/use-synced-resource.ts';
import { useGradebookStore, type GradebookData, type GradebookStudent } from '../../stores/gradebook-store.ts';
import { saveKey, useGraderStore } from '../../stores/grader-store.ts';
import { SaveStatus } from '../grader/SaveStatus.tsx';
import { DefaultGradeDialog } from './DefaultGradeDialog.tsx';
import { teacherTotal, type AssignmentDialog } from './GradebookCells.tsx';
import { GradeDistributionDialog } from './GradeDistributionDialog.tsx';
import { conflictedGrades } from './grade-conflicts.ts';
import { GradebookGrid } from './GradebookGrid.tsx';
import { GradebookTransfer } from './GradebookTransfer.tsx';

/** `grades` for the course's graders: every student's grade on every assignment, editable in place. */
export function GradebookScreen({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  if (!viewer.canGrade) {
    return (
      <p role="alert" className="error">
        <FormattedMessage id="gradebook.refused" defaultMessage="Only the course’s teachers and TAs see the gradebook." />
      </p>
    );
  }
  return <LoadedGradebook course={course} />;
}

function LoadedGradebook({ course }: { course: Course }) {
  const intl = useIntl();
  const courseId = course.id;
  const load = useGradebookStore((s) => s.load[courseId]);
  const gradebookNeeded = useGradebookStore((s) => s.gradebookNeeded);
  const gradebookRetried = useGradebookStore((s) => s.gradebookRetried);
  useEffect(() => void gradebookNeeded(courseId), [courseId, gradebookNeeded]);
  if (load?.status === 'failed') return <FailureNotice error={load.error} what={intl.formatMessage({ id: 'gradebook.what', defaultMessage: 'the gradebook' })} onRetry={() => void gradebookRetried(courseId)} />;
  if (load?.status !== 'loaded') {
    return (
      <p role="status" className="muted">
        <FormattedMessage id="gradebook.loading" defaultMessage="Loading the gradebook…" />
      </p>
    );
  }
  return <Gradebook data={load.data} weighted={course.apply_assignment_group_weights ?? false} />;
}

type StudentOrder = 'name' | 'name-descending' | 'total' | 'total-ascending';

const ORDER_LABELS: Record<StudentOrder, MessageDescriptor> = defineMessages({
  name: { id: 'gradebook.order.name', defaultMessage: 'Name, A to Z' },
  'name-descending': { id: 'gradebook.order.nameDescending', defaultMessage: 'Name, Z to A' },
  total: { id: 'gradebook.order.total', defaultMessage: 'Total, highest first' },
  'total-ascending': { id: 'gradebook.order.totalAscending', defaultMessage: 'Total, lowest first' },
});

function Gradebook({ data, weighted }: { data: GradebookData; weighted: boolean }) {
  const intl = useIntl();
  const id = useId();
  const [search, setSearch] = useState('');
  const [sectionId, setSectionId] = useState('');
  const [order, setOrder] = useState<StudentOrder>('name');
  const [dialog, setDialog] = useState<AssignmentDialog | null>(null);
  const conflicts = useSyncedResource(resources.conflicts());
  const conflicted = useMemo(() => conflictedGrades(conflicts.status === 'loaded' ? conflicts.data : [], data.courseId), [conflicts, data.courseId]);
  const students = useMemo(() => shownStudents(data, search, sectionId === '' ? undefined : Number(sectionId), order), [data, search, sectionId, order]);
  return (
    <div className="gradebook">
      <div className="gradebook-controls">
        <div className="field">
          <label htmlFor={`${id}-search`}>
            <FormattedMessage id="gradebook.search" defaultMessage="Search students" />
          </label>
          <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-section`}>
            <FormattedMessage id="gradebook.section" defaultMessage="Section" />
          </label>
          <select id={`${id}-section`} value={sectionId} onChange={(e) => setSectionId(e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'gradebook.section.all', defaultMessage: 'All sections' })}</option>
            {data.sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-order`}>
            <FormattedMessage id="gradebook.order" defaultMessage="Sort students by" />
          </label>
          <select id={`${id}-order`} value={order} onChange={(e) => setOrder(e.target.value as StudentOrder)}>
            {Object.entries(ORDER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {intl.formatMessage(label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="muted">
        <FormattedMessage
          id="gradebook.summary"
          defaultMessage="{shown, number} of {total, plural, one {# student} other {# students}} · {assignments, plural, one {# assignment} other {# assignments}}. Arrow keys move between cells; Enter or typing edits one, Enter saves it, Escape puts it back."
          values={{ shown: students.length, total: data.students.length, assignments: data.assignments.length }}
        />
      </p>
      <GradebookTransfer courseId={data.courseId} />
      <NotesColumn data={data} />
      <LastSave />
      <ConflictNotice count={conflicted.size} />
      <GradebookGrid data={data} weighted={weighted} students={students} onDialog={setDialog} conflicted={conflicted} />
      {dialog?.kind === 'default-grade' && <DefaultGradeDialog courseId={data.courseId} assignment={dialog.assignment} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'distribution' && <GradeDistributionDialog data={data} assignment={dialog.assignment} onClose={() => setDialog(null)} />}
    </div>
  );
}

/** How many grades ended in a sync conflict, with the way to their review (the cells' own links are mouse-only). */
function ConflictNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="gradebook-conflict">
      <FormattedMessage
        id="gradebook.conflicts"
        defaultMessage="{count, plural, one {# grade} other {# grades}} ended in a sync conflict (marked “Conflict”). <link>Review grade conflicts</link>"
        values={{ count, link: (words: ReactNode[]) => <Link to={paths.conflicts()}>{words}</Link> }}
      />
    </p>
  );
}

/** `Add notes column` while the course has no teacher notes column, and why a notes change was refused. */
function NotesColumn({ data }: { data: GradebookData }) {
  const notesColumnAdded = useGradebookStore((s) => s.notesColumnAdded);
  const columnError = useGradebookStore((s) => s.columnError);
  return (
    <>
      {!data.customColumns.some((c) => c.teacher_notes) && (
        <button type="button" onClick={() => void notesColumnAdded(data.courseId)}>
          <FormattedMessage id="gradebook.notesColumn.add" defaultMessage="Add notes column" />
        </button>
      )}
      {columnError && (
        <p role="alert" className="error">
          {columnError}
        </p>
      )}
    </>
  );
}

/** Saved, saved on this computer and waiting to sync, or why the server refused: for the grade saved last. */
function LastSave() {
  const lastSaved = useGradebookStore((s) => s.lastSaved);
  const save = useGraderStore((s) => (lastSaved ? s.saves[saveKey(lastSaved, 'grade')] : undefined));
  return <SaveStatus save={save} what="grade" />;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function shownStudents(data: GradebookData, search: string, sectionId: number | undefined, order: StudentOrder): GradebookStudent[] {
  const words = search.trim().toLocaleLowerCase();
  const kept = data.students.filter(
    (s) => (sectionId === undefined || s.sectionIds.includes(sectionId)) && (words === '' || s.name.toLocaleLowerCase().includes(words)),
  );
  const total = (s: GradebookStudent) => teacherTotal(data.totals[s.id]).score ?? -1;
  const byName = (a: GradebookStudent, b: GradebookStudent) => collator.compare(a.sortableName, b.sortableName) || a.id - b.id;
  const compare: Record<StudentOrder, (a: GradebookStudent, b: GradebookStudent) => number> = {
    name: byName,
    'name-descending': (a, b) => byName(b, a),
    total: (a, b) => total(b) - total(a) || byName(a, b),
    'total-ascending': (a, b) => total(a) - total(b) || byName(a, b),
  };
  return kept.sort(compare[order]);
}
