import type { Stored } from '../../domain/repository.ts';
import type { SyncConflictData } from '../../sync/conflict-log.ts';
import type { OutboxEntry } from '../../sync/outbox.ts';

/** A recorded conflict as the user sees it: both states as sync shows them to that user (`shown`), not the request. */
export function conflictJson(record: Stored<SyncConflictData>, shown: Pick<SyncConflictData, 'kept' | 'lost'>) {
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
    fields: c.fields,
    kept: shown.kept,
    kept_by: c.kept_by,
    kept_at: c.kept_at,
    lost: shown.lost,
    lost_at: c.lost_at,
    can_redo: c.request !== null,
    detected_at: c.detected_at,
    workflow_state: c.resolved_at ? 'resolved' : 'open',
    resolution: c.resolution,
    resolved_at: c.resolved_at,
  };
}

/** A write the hub refused, as its person reads it: what they did, and the hub's reason. */
export function refusedChangeJson(entry: OutboxEntry) {
  const { method, route, params, refusal, device_time } = entry.record.data;
  const path = route.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? `:${name}`));
  return {
    id: entry.record.id,
    description: `${method} ${path}`,
    message: refusal?.message ?? '',
    created_at: new Date(device_time).toISOString(),
    status: refusal?.status ?? null,
  };
}
