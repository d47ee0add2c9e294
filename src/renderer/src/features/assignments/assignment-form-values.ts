import type { Assignment, AssignmentWrite, GradingType, SubmissionType } from '../../../../contracts/lms-dtos.ts';
import { defineMessages } from '@formatjs/intl';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';
import { fromCourseInput, toCourseInput } from '../../lib/course-time.ts';

/** The assignment form as the person edits it: text as typed, dates in the course's zone. */
export interface AssignmentFormValues {
  name: string;
  points: string;
  gradingType: GradingType;
  submissionTypes: SubmissionType[];
  /** Comma-separated, as typed: `pdf, docx`. */
  extensions: string;
  dueAt: string;
  unlockAt: string;
  lockAt: string;
  /** '' while the course's assignment groups are not known (the server then uses its first group). */
  groupId: string;
  published: boolean;
  description: string;
}

/** `Display grade as` choices; formatted where they are shown, so they follow the screen's language. */
export const GRADING_TYPE_LABELS: Messages<GradingType> = defineMessages({
  points: { id: 'assignments.gradingType.points', defaultMessage: 'Points' },
  percent: { id: 'assignments.gradingType.percent', defaultMessage: 'Percentage' },
  pass_fail: { id: 'assignments.gradingType.passFail', defaultMessage: 'Complete/Incomplete' },
  letter_grade: { id: 'assignments.gradingType.letterGrade', defaultMessage: 'Letter grade' },
  gpa_scale: { id: 'assignments.gradingType.gpaScale', defaultMessage: 'GPA scale' },
  not_graded: { id: 'assignments.gradingType.notGraded', defaultMessage: 'Not graded' },
});

export type DateField = 'due_at' | 'unlock_at' | 'lock_at';

/** The date fields' labels. */
export const DATE_LABELS: Messages<DateField> = defineMessages({
  due_at: { id: 'assignments.form.dueAt', defaultMessage: 'Due date' },
  unlock_at: { id: 'assignments.form.unlockAt', defaultMessage: 'Available from' },
  lock_at: { id: 'assignments.form.lockAt', defaultMessage: 'Available until' },
});

/** A whole sentence per field rather than "{label} is not…", so each language words it its own way. */
const NOT_A_DATE: Messages<DateField> = defineMessages({
  due_at: { id: 'assignments.form.dueAt.invalid', defaultMessage: 'Due date is not a date and time.' },
  unlock_at: { id: 'assignments.form.unlockAt.invalid', defaultMessage: 'Available from is not a date and time.' },
  lock_at: { id: 'assignments.form.lockAt.invalid', defaultMessage: 'Available until is not a date and time.' },
});

const problems: Messages<'noName' | 'badPoints'> = defineMessages({
  noName: { id: 'assignments.form.noName', defaultMessage: 'Give the assignment a name.' },
  badPoints: { id: 'assignments.form.badPoints', defaultMessage: 'Points must be a number, 0 or more.' },
});

/** The kinds of work a teacher picks from; none picked means "No submission". */
export const OFFERED_SUBMISSION_TYPES = ['online_text_entry', 'online_url', 'online_upload', 'on_paper'] as const satisfies readonly SubmissionType[];

export function formValuesOf(assignment: Assignment | undefined, timeZone: string): AssignmentFormValues {
  return {
    name: assignment?.name ?? '',
    points: assignment?.points_possible === null || assignment === undefined ? '' : String(assignment.points_possible),
    gradingType: assignment?.grading_type ?? 'points',
    submissionTypes: assignment?.submission_types.filter((t) => t !== 'none') ?? ['online_text_entry'],
    extensions: assignment?.allowed_extensions?.join(', ') ?? '',
    dueAt: toCourseInput(assignment?.due_at, timeZone),
    unlockAt: toCourseInput(assignment?.unlock_at, timeZone),
    lockAt: toCourseInput(assignment?.lock_at, timeZone),
    groupId: assignment?.assignment_group_id ? String(assignment.assignment_group_id) : '',
    published: assignment?.published ?? false,
    description: assignment?.description ?? '',
  };
}

/** What to send, or why the form cannot be sent yet (the server checks it all again). */
export function assignmentWriteOf(values: AssignmentFormValues, timeZone: string): AssignmentWrite | string {
  const intl = currentIntl();
  if (values.name.trim() === '') return intl.formatMessage(problems.noName);
  const points = values.points.trim() === '' ? null : Number(values.points.trim().replace(',', '.'));
  if (points !== null && !(Number.isFinite(points) && points >= 0)) return intl.formatMessage(problems.badPoints);
  const instants = courseDatesOf({ due_at: values.dueAt, unlock_at: values.unlockAt, lock_at: values.lockAt }, timeZone);
  if (typeof instants === 'string') return instants;
  return {
    name: values.name.trim(),
    description: values.description,
    points_possible: points,
    grading_type: values.gradingType,
    submission_types: values.submissionTypes.length ? values.submissionTypes : ['none'],
    allowed_extensions: values.submissionTypes.includes('online_upload') ? extensionsOf(values.extensions) : [],
    ...instants,
    ...(values.groupId ? { assignment_group_id: Number(values.groupId) } : {}),
    published: values.published,
  };
}

/** Due and availability dates typed in the course's zone as instants (empty: none), or which one is not a date. Quizzes share them. */
export function courseDatesOf(typed: Record<DateField, string>, timeZone: string): Record<DateField, string | null> | string {
  const instants: Record<DateField, string | null> = { due_at: null, unlock_at: null, lock_at: null };
  for (const field of Object.keys(typed) as DateField[]) {
    const instant = fromCourseInput(typed[field], timeZone);
    if (instant === undefined) return currentIntl().formatMessage(NOT_A_DATE[field]);
    instants[field] = instant;
  }
  return instants;
}

function extensionsOf(typed: string): string[] {
  return [...new Set(typed.split(/[\s,]+/).map((e) => e.trim().replace(/^\./, '').toLowerCase()).filter(Boolean))];
}
