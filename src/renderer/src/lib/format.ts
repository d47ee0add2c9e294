import { defineMessages } from '@formatjs/intl';
import type { SubmissionType } from '../../../contracts/lms-dtos.ts';
import { currentIntl } from '../i18n/current-intl.ts';
import type { Messages } from '../i18n/messages.ts';

/*
 * Dates, numbers and their words in the current language (docs/decisions/0103). These helpers run outside
 * components, so they read the language at the time of the call; screens re-render when it changes.
 */

export function formatDateTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : currentIntl().formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A percentage the totals gave (already ×100, every digit kept), or a dash where nothing counts yet. */
export function formatPercent(score: number | null | undefined): string {
  if (score === null || score === undefined) return '–';
  return currentIntl().formatNumber(score, { style: 'unit', unit: 'percent', maximumFractionDigits: 20 });
}

/**
 * A file's size in the current language's units, decimal as `Intl`'s are (1 kB = 1000 bytes): "512 bytes",
 * "48 kB", "3.0 MB".
 */
export function formatFileSize(bytes: number): string {
  const intl = currentIntl();
  if (bytes < 1000) return intl.formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  if (bytes < 1_000_000) return intl.formatNumber(Math.round(bytes / 1000), { style: 'unit', unit: 'kilobyte', unitDisplay: 'short' });
  return intl.formatNumber(bytes / 1_000_000, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

const words: Messages<'noPoints' | 'points'> = defineMessages({
  noPoints: { id: 'format.points.none', defaultMessage: 'No points' },
  points: { id: 'format.points', defaultMessage: '{points, plural, one {# pt} other {# pts}}', description: 'Short: points possible or earned.' },
});

export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined) return currentIntl().formatMessage(words.noPoints);
  return currentIntl().formatMessage(words.points, { points });
}

const SUBMISSION_TYPE_LABELS: Messages<SubmissionType> = defineMessages({
  none: { id: 'format.submissionType.none', defaultMessage: 'No submission' },
  on_paper: { id: 'format.submissionType.onPaper', defaultMessage: 'On paper' },
  online_text_entry: { id: 'format.submissionType.textEntry', defaultMessage: 'Text entry' },
  online_url: { id: 'format.submissionType.url', defaultMessage: 'Website URL' },
  online_upload: { id: 'format.submissionType.upload', defaultMessage: 'File upload' },
  media_recording: { id: 'format.submissionType.media', defaultMessage: 'Media recording' },
  student_annotation: { id: 'format.submissionType.annotation', defaultMessage: 'Student annotation' },
  online_quiz: { id: 'format.submissionType.quiz', defaultMessage: 'Quiz' },
  discussion_topic: { id: 'format.submissionType.discussion', defaultMessage: 'Discussion' },
  external_tool: { id: 'format.submissionType.externalTool', defaultMessage: 'External tool' },
  not_graded: { id: 'format.submissionType.notGraded', defaultMessage: 'Not graded' },
});

export function formatSubmissionTypes(types: readonly SubmissionType[]): string {
  const intl = currentIntl();
  const label = (t: SubmissionType) => (t in SUBMISSION_TYPE_LABELS ? intl.formatMessage(SUBMISSION_TYPE_LABELS[t]) : t);
  return types.length ? intl.formatList(types.map(label), { type: 'unit' }) : label('none');
}
