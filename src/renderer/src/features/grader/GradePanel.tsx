import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { formatPoints } from '../../lib/format.ts';
import { MARKERS } from '../grades/grade-cells.ts';
import { saveKey, useGraderStore, type StudentRef } from '../../stores/grader-store.ts';
import { gradeHint } from './grade-hints.ts';
import { SaveStatus } from './SaveStatus.tsx';

interface GradePanelProps {
  student: StudentRef;
  assignment: Assignment;
  submission: Submission;
}

/** `Grade` (saved on Enter or when the box is left), `Excused`, and what the late policy took off. */
export function GradePanel({ student, assignment, submission }: GradePanelProps) {
  const intl = useIntl();
  const excuseSave = useGraderStore((s) => s.saves[saveKey(student, 'excuse')]);
  const excuseChanged = useGraderStore((s) => s.excuseChanged);
  const excused = excuseSave?.status === 'saving' && excuseSave.excused !== undefined ? excuseSave.excused : submission.excused;
  return (
    <section className="panel grade-panel" aria-label={intl.formatMessage({ id: 'grader.grading', defaultMessage: 'Grading' })}>
      {assignment.grading_type === 'not_graded' ? (
        <p className="muted">
          <FormattedMessage id="grader.notGraded" defaultMessage="This assignment is not graded." />
        </p>
      ) : (
        <GradeField student={student} assignment={assignment} submission={submission} />
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={excused}
          disabled={excuseSave?.status === 'saving'}
          onChange={(e) => void excuseChanged(student, e.target.checked)}
        />
        <FormattedMessage {...MARKERS.excused} />
      </label>
      <SaveStatus save={excuseSave} what="excuse" />
      <Tardiness submission={submission} />
    </section>
  );
}

function GradeField({ student, assignment, submission }: GradePanelProps) {
  const id = useId();
  const stored = submission.excused ? '' : (submission.entered_grade ?? '');
  const [value, setValue] = useState(stored);
  const input = useRef<HTMLInputElement>(null);
  /** What the server holds as far as this box knows; null after a failed save, so the same value can be sent again. */
  const sent = useRef<string | null>(stored);
  const save = useGraderStore((s) => s.saves[saveKey(student, 'grade')]);
  const gradePosted = useGraderStore((s) => s.gradePosted);

  // The grade changed on the server (an excuse cleared it): show it, unless the grader is typing in the box.
  useEffect(() => {
    sent.current = stored;
    if (document.activeElement !== input.current) setValue(stored);
  }, [stored]);

  const commit = () => {
    const typed = value.trim();
    if (typed === sent.current) return;
    sent.current = typed;
    void gradePosted(student, typed).then((saved) => {
      if (!saved) {
        sent.current = null;
        return;
      }
      // The server's own wording of what was typed ("85" on a percent assignment reads "85%").
      const shown = saved.excused ? '' : (saved.entered_grade ?? '');
      sent.current = shown;
      setValue(shown);
    });
  };

  return (
    <div className="field grade-field">
      <label htmlFor={id}>
        <FormattedMessage id="grader.grade" defaultMessage="Grade" />
      </label>
      <input
        id={id}
        ref={input}
        value={value}
        autoComplete="off"
        aria-describedby={`${id}-help`}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <p id={`${id}-help`} className="help">
        {gradeHint(assignment)}{' '}
        {assignment.points_possible !== null && (
          <FormattedMessage id="grader.grade.worth" defaultMessage="Worth {points}." values={{ points: formatPoints(assignment.points_possible) }} />
        )}
      </p>
      <SaveStatus save={save} what="grade" />
    </div>
  );
}

function Tardiness({ submission: s }: { submission: Submission }) {
  if (!s.late && !s.missing) return null;
  return (
    <p className="tardiness">
      {s.late && (
        <Badge tone="warn">
          <FormattedMessage {...MARKERS.late} />
        </Badge>
      )}
      {s.missing && (
        <Badge tone="warn">
          <FormattedMessage {...MARKERS.missing} />
        </Badge>
      )}{' '}
      {s.points_deducted ? <LatePenalty deducted={s.points_deducted} grade={s.grade} /> : ''}
    </p>
  );
}

/** What the late policy took off, and the grade it left (none when the work has no grade yet). */
function LatePenalty({ deducted, grade }: { deducted: number; grade: string | null }) {
  const points = formatPoints(deducted);
  return grade === null ? (
    <FormattedMessage id="grader.latePenalty.noGrade" defaultMessage="Late penalty: {points} deducted; the grade after it is none." values={{ points }} />
  ) : (
    <FormattedMessage id="grader.latePenalty" defaultMessage="Late penalty: {points} deducted; the grade after it is {grade}." values={{ points, grade }} />
  );
}
