import type { SubmissionType } from '../../../contracts/lms-dtos.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : dateTime.format(date);
}

/** A percentage the totals gave, or a dash where nothing counts yet. */
export function formatPercent(score: number | null | undefined): string {
  return score === null || score === undefined ? '–' : `${score}%`;
}

export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined) return 'No points';
  return `${points} ${points === 1 ? 'pt' : 'pts'}`;
}

const SUBMISSION_TYPE_LABELS: Record<SubmissionType, string> = {
  none: 'No submission',
  on_paper: 'On paper',
  online_text_entry: 'Text entry',
  online_url: 'Website URL',
  online_upload: 'File upload',
  media_recording: 'Media recording',
  student_annotation: 'Student annotation',
  online_quiz: 'Quiz',
  discussion_topic: 'Discussion',
  external_tool: 'External tool',
  not_graded: 'Not graded',
};

export function formatSubmissionTypes(types: readonly SubmissionType[]): string {
  return types.length ? types.map((t) => SUBMISSION_TYPE_LABELS[t] ?? t).join(', ') : SUBMISSION_TYPE_LABELS.none;
}
