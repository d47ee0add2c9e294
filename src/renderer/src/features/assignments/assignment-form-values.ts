import type { Assignment, AssignmentWrite, GradingType, SubmissionType } from '../../../../contracts/lms-dtos.ts';
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

export const GRADING_TYPE_LABELS: Record<GradingType, string> = {
  points: 'Points',
  percent: 'Percentage',
  pass_fail: 'Complete/Incomplete',
  letter_grade: 'Letter grade',
  gpa_scale: 'GPA scale',
  not_graded: 'Not graded',
};

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
  if (values.name.trim() === '') return 'Give the assignment a name.';
  const points = values.points.trim() === '' ? null : Number(values.points.trim().replace(',', '.'));
  if (points !== null && !(Number.isFinite(points) && points >= 0)) return 'Points must be a number, 0 or more.';
  const dates = { due_at: values.dueAt, unlock_at: values.unlockAt, lock_at: values.lockAt };
  const instants: Record<keyof typeof dates, string | null> = { due_at: null, unlock_at: null, lock_at: null };
  for (const field of Object.keys(dates) as Array<keyof typeof dates>) {
    const instant = fromCourseInput(dates[field], timeZone);
    if (instant === undefined) return `${DATE_LABELS[field]} is not a date and time.`;
    instants[field] = instant;
  }
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

export const DATE_LABELS = { due_at: 'Due date', unlock_at: 'Available from', lock_at: 'Available until' } as const;

function extensionsOf(typed: string): string[] {
  return [...new Set(typed.split(/[\s,]+/).map((e) => e.trim().replace(/^\./, '').toLowerCase()).filter(Boolean))];
}
