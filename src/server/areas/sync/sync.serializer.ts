import type { Stored } from '../../domain/repository.ts';
import type { SyncConflictData } from '../../sync/conflict-log.ts';

/** A recorded conflict as the user sees it: both states in full, since both were theirs or about their work. */
export function conflictJson(record: Stored<SyncConflictData>) {
  const c = record.data;
  return {
    id: record.id,
    side: c.side,
    collection: c.collection,
    record_type: c.record_type,
    record_id: c.record_id,
    course_id: c.course_id || null,
    user_id: c.user_id,
    subject_user_id: c.subject_user_id || null,
    outcome: c.outcome,
    fields: c.fields,
    kept: c.kept,
    pushed: c.pushed,
    detected_at: c.detected_at,
    workflow_state: c.resolved_at ? 'resolved' : 'open',
    resolution: c.resolution ?? null,
    resolved_at: c.resolved_at ?? null,
  };
}

/** One line a person can read about a refused change, e.g. "Assignment 12 in course 3". */
export function refusedChangeJson(record: Stored<SyncConflictData>) {
  const c = record.data;
  const what = c.record_type.replace(/_/g, ' ');
  return {
    id: record.id,
    description: `${what.charAt(0).toUpperCase()}${what.slice(1)} ${c.record_id}${c.course_id ? ` in course ${c.course_id}` : ''}`,
    message: 'The hub refused this change: your account may not make it there. It was undone on this computer.',
    created_at: c.detected_at,
  };
}
