import { defineMessages, type IntlShape } from '@formatjs/intl';
import type { SyncConflict } from '../../../../contracts/session-dtos.ts';

/** One data field the two writes disagree on. */
export interface FieldDifference {
  field: string;
  /** The value of the person's write that did not stand. */
  mine: unknown;
  /** The value that stands. */
  standing: unknown;
}

/** The fields where the write that did not stand and the record as it stands differ. */
export function fieldDifferences(conflict: SyncConflict): FieldDifference[] {
  const mine = conflict.lost.data;
  const standing = conflict.kept.data;
  const fields = [...new Set([...Object.keys(mine), ...Object.keys(standing)])].sort();
  return fields
    .filter((field) => JSON.stringify(mine[field]) !== JSON.stringify(standing[field]))
    .map((field) => ({ field, mine: mine[field], standing: standing[field] }));
}

/** A value as the person reads it: text as it is, anything else as JSON. */
export function readableValue(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const RECORD_LABELS = defineMessages({
  wiki_page: { id: 'conflicts.record.page', defaultMessage: 'Page' },
  assignment: { id: 'conflicts.record.assignment', defaultMessage: 'Assignment' },
  submission: { id: 'conflicts.record.submission', defaultMessage: 'Submission' },
  context_module: { id: 'conflicts.record.module', defaultMessage: 'Module' },
  content_tag: { id: 'conflicts.record.moduleItem', defaultMessage: 'Module item' },
  discussion_topic: { id: 'conflicts.record.discussion', defaultMessage: 'Discussion' },
  course: { id: 'conflicts.record.course', defaultMessage: 'Course' },
  quiz: { id: 'conflicts.record.quiz', defaultMessage: 'Quiz' },
  attachment: { id: 'conflicts.record.file', defaultMessage: 'File' },
});

/** "Page “Welcome”", "Submission 12": what the conflict is about, in the person's words. */
export function conflictSubject(conflict: SyncConflict, intl: IntlShape): string {
  const data = conflict.kept.data;
  const type = conflict.record_type;
  const label = Object.hasOwn(RECORD_LABELS, type) ? intl.formatMessage(RECORD_LABELS[type as keyof typeof RECORD_LABELS]) : type.replaceAll('_', ' ');
  const title = data.title ?? data.name;
  return typeof title === 'string' && title
    ? intl.formatMessage({ id: 'conflicts.subject.titled', defaultMessage: '{label} “{title}”' }, { label, title })
    : intl.formatMessage({ id: 'conflicts.subject.numbered', defaultMessage: '{label} {id}' }, { label, id: conflict.record_id });
}
