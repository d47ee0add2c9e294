import type { IdAllocator } from '../domain/ids.ts';
import { Repository, type WriteStamp } from '../domain/repository.ts';
import type { RecordedWrite } from '../domain/write-observer.ts';
import type { RecordCollection } from '../storage/database.ts';
import type { Stored } from '../storage/typed-records.ts';
import type { PullCollection, WireRecord } from './sync-partitions.ts';

/**
 * How a person settled a conflict: `device` makes the write that did not stand again (through the API, as a new
 * request), `hub` leaves what stands.
 */
export type ConflictChoice = 'device' | 'hub';

/**
 * What the hub found when it replayed a write onto a record it had changed in the same fields since (decision
 * 0045): the later of the two writes stands, the other is kept here with who made it and when.
 */
export interface ConflictFinding {
  collection: PullCollection;
  /** Data fields both writes changed. */
  fields: string[];
  /** The record as it stands. */
  kept: WireRecord;
  kept_by: number;
  kept_at: string;
  /** The record as the write that did not stand would have left it (or had left it, when it was replaced). */
  lost: WireRecord;
  lost_at: string;
}

/** One recorded conflict, kept in `local` on the side that recorded it (the hub, and the device whose entry met it). */
export interface SyncConflictData extends ConflictFinding {
  side: 'hub' | 'device';
  record_key: string;
  record_type: string;
  record_id: number;
  course_id: number;
  /** Whose write did not stand: the person who decides. */
  user_id: number;
  /** The record's own user slot (the student of a submission), so they see conflicts about their work. */
  subject_user_id: number;
  /** The request that made the write that did not stand, to make again if its person chooses so; null if unknown. */
  request: RecordedWrite | null;
  detected_at: string;
  resolution: ConflictChoice | null;
  resolved_at: string | null;
}

export class ConflictLog {
  readonly records: Repository<SyncConflictData>;

  constructor(local: RecordCollection, ids: IdAllocator) {
    this.records = new Repository<SyncConflictData>(local, 'sync_conflict', ids, (c) => ({
      user_id: c.user_id,
      course_id: c.course_id,
      parent_id: c.subject_user_id,
      lookup_key: c.record_key,
      sort_key: c.detected_at,
    }));
  }

  /**
   * The record of a finding lost by `userId`'s write `request`; built, not yet written. `subject`: the record's own
   * user when they may read it (a student, about their submission), else 0 (the hub decides, `ReplayConflicts`).
   */
  build(side: SyncConflictData['side'], finding: ConflictFinding, userId: number, request: RecordedWrite | null, stamp: WriteStamp, subject = finding.kept.user_id): Promise<Stored<SyncConflictData>> {
    const { kept } = finding;
    return this.records.build(
      {
        ...finding,
        side,
        record_key: kept.key,
        record_type: kept.type,
        record_id: kept.id,
        course_id: kept.course_id,
        user_id: userId,
        subject_user_id: subject,
        request,
        detected_at: new Date(stamp.now).toISOString(),
        resolution: null,
        resolved_at: null,
      },
      stamp,
    );
  }

  /** Marks a conflict settled; it leaves the default list. */
  async resolve(id: number, choice: ConflictChoice, stamp: WriteStamp): Promise<Stored<SyncConflictData> | undefined> {
    return this.records.update(id, stamp, (data) => ({ ...data, resolution: choice, resolved_at: new Date(stamp.now).toISOString() }));
  }

  /**
   * `userId` wrote the record again after their write lost: their open conflicts about it are settled as if they
   * had chosen their own version (resolving with `device` on their device does exactly that).
   */
  async settledByNewWrite(userId: number, recordKey: string, stamp: WriteStamp): Promise<void> {
    for (const conflict of await this.records.find({ lookup_key: recordKey, user_id: userId })) {
      if (isOpen(conflict)) await this.resolve(conflict.id, 'device', stamp);
    }
  }

  /** Conflicts the user met or that concern their own records, newest first. */
  async involving(userId: number): Promise<Stored<SyncConflictData>[]> {
    const [own, about] = await Promise.all([this.records.find({ user_id: userId }), this.records.find({ parent_id: userId })]);
    const byId = new Map([...own, ...about].map((c) => [c.id, c]));
    return [...byId.values()].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  }
}

export const isOpen = (conflict: Stored<SyncConflictData>): boolean => !conflict.data.resolved_at;
