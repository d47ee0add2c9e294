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

const RECORD_LABELS: Partial<Record<string, string>> = {
  wiki_page: 'Page',
  assignment: 'Assignment',
  submission: 'Submission',
  context_module: 'Module',
  content_tag: 'Module item',
  discussion_topic: 'Discussion',
  course: 'Course',
  quiz: 'Quiz',
  attachment: 'File',
};

/** "Page “Welcome”", "Submission 12": what the conflict is about, in the person's words. */
export function conflictSubject(conflict: SyncConflict): string {
  const data = conflict.kept.data;
  const label = RECORD_LABELS[conflict.record_type] ?? conflict.record_type.replaceAll('_', ' ');
  const title = data.title ?? data.name;
  return typeof title === 'string' && title ? `${label} “${title}”` : `${label} ${conflict.record_id}`;
}
