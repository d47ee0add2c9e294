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
  };
}
