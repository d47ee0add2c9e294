import type { IdAllocator } from '../domain/ids.ts';
import { Repository } from '../domain/repository.ts';
import type { RecordCollection } from '../storage/database.ts';
import type { Stored } from '../storage/typed-records.ts';
import type { WireRecord } from './sync-partitions.ts';

/**
 * How a push that met a changed record ended. `master-kept`: the hub's state stands and the pushed one is kept
 * here; `merged`: a per-type policy merged both, and where both sides changed the same fields the later change
 * won; `forbidden`: the pushing user may not write that record; `duplicate-merged`: a new record duplicated one
 * the hub holds under another id (same lookup key), was merged into it (`kept`) and is deleted on the device.
 */
export type ConflictOutcome = 'master-kept' | 'merged' | 'forbidden' | 'duplicate-merged';

/** How a person settled a conflict: keep this computer's state, the hub's, or a field-by-field mix of both. */
export type ConflictChoice = 'device' | 'hub' | 'merged';

/** One surfaced conflict, kept in `local` on the side that recorded it (the hub, and the device that pushed). */
export interface SyncConflictData {
  side: 'hub' | 'device';
  collection: string;
  record_key: string;
  record_type: string;
  record_id: number;
  course_id: number;
  /** The user whose push met the conflict. */
  user_id: number;
  /** The record's own user slot (the student of a submission), so they see conflicts about their work. */
  subject_user_id: number;
  outcome: ConflictOutcome;
  /** Data fields both sides changed, for `merged`; empty otherwise. */
  fields: string[];
  /** The state that stands (null when the record does not exist on the hub). */
  kept: WireRecord | null;
  /** The pushed state that did not (fully) win: nothing is dropped without a trace. */
  pushed: WireRecord;
  detected_at: string;
  /** Absent on conflicts recorded before resolving existed: those are open. */
  resolution?: ConflictChoice | null;
  resolved_at?: string | null;
}

export interface ConflictReport {
  side: SyncConflictData['side'];
  collection: string;
  outcome: ConflictOutcome;
  fields: string[];
  kept: WireRecord | null;
  pushed: WireRecord;
  userId: number;
}

export class ConflictLog {
  readonly records: Repository<SyncConflictData>;

  constructor(local: RecordCollection, ids: IdAllocator) {
    this.records = new Repository<SyncConflictData>(local, 'sync_conflict', ids, (c) => ({
      user_id: c.user_id,
      course_id: c.course_id,
      parent_id: c.subject_user_id,
      sort_key: c.detected_at,
    }));
  }

  async record(report: ConflictReport, now: number, requestId: string): Promise<Stored<SyncConflictData>> {
    const { pushed } = report;
    return this.records.create(
      {
        side: report.side,
        collection: report.collection,
        record_key: pushed.key,
        record_type: pushed.type,
        record_id: pushed.id,
        course_id: pushed.course_id,
        user_id: report.userId,
        subject_user_id: pushed.user_id,
        outcome: report.outcome,
        fields: report.fields,
        kept: report.kept,
        pushed,
        detected_at: new Date(now).toISOString(),
        resolution: null,
        resolved_at: null,
      },
      { actorId: report.userId, requestId, now },
    );
  }

  /** Marks a conflict settled; it leaves the default list. */
  async resolve(id: number, choice: ConflictChoice, stamp: { actorId: number; requestId: string; now: number }): Promise<Stored<SyncConflictData> | undefined> {
    return this.records.update(id, stamp, (data) => ({ ...data, resolution: choice, resolved_at: new Date(stamp.now).toISOString() }));
  }

  /** Conflicts the user met or that concern their own records, newest first. */
  async involving(userId: number): Promise<Stored<SyncConflictData>[]> {
    const [own, about] = await Promise.all([this.records.find({ user_id: userId }), this.records.find({ parent_id: userId })]);
    const byId = new Map([...own, ...about].map((c) => [c.id, c]));
    return [...byId.values()].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  }
}

export const isOpen = (conflict: Stored<SyncConflictData>): boolean => !conflict.data.resolved_at;
