import type { SyncConflict } from '../../../../contracts/session-dtos.ts';

/** One data field the two sides disagree on. */
export interface FieldDifference {
  field: string;
  device: unknown;
  hub: unknown;
}

/**
 * The fields where this device's state (the one it pushed) and the hub's differ. A conflict about a record the hub
 * does not have (or may not be written) compares against nothing: every pushed field differs.
 */
export function fieldDifferences(conflict: SyncConflict): FieldDifference[] {
  const device = conflict.pushed.data;
  const hub = conflict.kept?.data ?? {};
  const fields = [...new Set([...Object.keys(device), ...Object.keys(hub)])].sort();
  return fields
    .filter((field) => JSON.stringify(device[field]) !== JSON.stringify(hub[field]))
    .map((field) => ({ field, device: device[field], hub: hub[field] }));
}

/** A value as the person reads and edits it: text as it is, anything else as JSON. */
export function editableText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Reads an edited field back: JSON where the field held JSON (numbers, lists), text otherwise. */
export function parseEdited(text: string, original: unknown): unknown {
  if (typeof original === 'string' || original === undefined) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
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
  const data = conflict.kept?.data ?? conflict.pushed.data;
  const label = RECORD_LABELS[conflict.record_type] ?? conflict.record_type.replaceAll('_', ' ');
  const title = data.title ?? data.name;
  return typeof title === 'string' && title ? `${label} “${title}”` : `${label} ${conflict.record_id}`;
}
