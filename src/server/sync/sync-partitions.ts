import type { RxDocumentData } from 'rxdb';
import type { CollectionName } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';

/**
 * The collections a device replicates from its hub. Records travel one way only, hub to device, filtered per
 * user; a device's changes travel as the API writes that made them (the outbox, decision 0044), never as
 * records. `local` (tokens, sessions, sync state) never leaves the installation.
 */
export const PULL_COLLECTIONS = ['directory', 'course', 'course_user', 'history'] as const satisfies readonly CollectionName[];
export type PullCollection = (typeof PULL_COLLECTIONS)[number];

/** A record as it travels: the envelope plus RxDB's `_deleted`, without storage metadata (`_rev`, `_meta`). */
export type WireRecord = StoredRecord & { _deleted: boolean };

/** Position in the hub's change log of one collection, bound to the visibility it was computed under. */
export interface SyncCheckpoint {
  seq: number;
  /** Fingerprint of what the user could see; when it changes, pulling restarts from 0 (see hub-pull.ts). */
  scope: string;
  /**
   * Set while a restart after a scope change is on its way to the end of the log: records the user can no longer
   * see go as tombstones, so copies from the old scope are deleted (a concluded enrollment, a section change).
   */
  sweep?: boolean;
}

const STORAGE_META = new Set(['_rev', '_meta', '_attachments']);

export function toWire(doc: RxDocumentData<StoredRecord> | WireRecord): WireRecord {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !STORAGE_META.has(key))) as WireRecord;
}

/**
 * What a user who may not see a record receives instead of it: a tombstone with the key the device needs to
 * delete its copy, and nothing else (an assignment unpublished after a student pulled it, a classmate's work after
 * a section change): no data, nor whose it is, who wrote it or when, or what it belongs to. The course stays, as
 * the device files its records by course (the user was in it, or the record would not be sent).
 */
export function hiddenTombstone(doc: WireRecord): WireRecord {
  return { ...missingTombstone(doc.key), type: doc.type, id: doc.id, course_id: doc.course_id };
}

/** A tombstone for a key the hub does not hold (a record a device created offline): the device deletes its copy. */
export function missingTombstone(key: string): WireRecord {
  const [type = '', id = '0'] = key.split(':');
  return { key, type, id: Number(id) || 0, course_id: 0, user_id: 0, parent_id: 0, sort_key: '', lookup_key: '', created_at: 0, updated_at: 0, updated_by: 0, request_id: '', data: {}, _deleted: true };
}

/** `seq:scope`, and `:sweep` during a sweep: the form the checkpoint takes in a query string. */
export function encodeCheckpoint(checkpoint: SyncCheckpoint | undefined): string {
  if (!checkpoint) return '';
  return `${checkpoint.seq}:${checkpoint.scope}${checkpoint.sweep ? ':sweep' : ''}`;
}

export function decodeCheckpoint(raw: string | undefined): SyncCheckpoint | undefined {
  if (!raw) return undefined;
  const match = /^(\d{1,15}):([0-9a-f]{0,64})(:sweep)?$/.exec(raw);
  return match ? { seq: Number(match[1]), scope: match[2] ?? '', ...(match[3] ? { sweep: true } : {}) } : undefined;
}
