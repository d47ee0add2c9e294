import type { RxDocumentData } from 'rxdb';
import type { CollectionName } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';

/**
 * Which collections travel between a device and its hub, and in which direction (docs/architecture.md §7). `directory`
 * is pull-only: a device receives redacted copies of other users and must not be able to write them back;
 * `local` (tokens, outbox, sync state) never leaves the installation.
 */
export const PULL_COLLECTIONS = ['directory', 'course', 'course_user', 'history'] as const satisfies readonly CollectionName[];
export const PUSH_COLLECTIONS = ['course', 'course_user', 'history'] as const satisfies readonly CollectionName[];
export type PullCollection = (typeof PULL_COLLECTIONS)[number];
export type PushCollection = (typeof PUSH_COLLECTIONS)[number];

export function isPushCollection(name: PullCollection): name is PushCollection {
  return (PUSH_COLLECTIONS as readonly string[]).includes(name);
}

/** A record as it travels: the envelope plus RxDB's `_deleted`, without storage metadata (`_rev`, `_meta`). */
export type WireRecord = StoredRecord & { _deleted: boolean };

/** Position in the hub's change log of one collection, bound to the visibility it was computed under. */
export interface SyncCheckpoint {
  seq: number;
  /** Fingerprint of what the user could see; when it changes, pulling restarts from 0 (see hub-pull.ts). */
  scope: string;
}

const STORAGE_META = new Set(['_rev', '_meta', '_attachments']);

export function toWire(doc: RxDocumentData<StoredRecord> | WireRecord): WireRecord {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !STORAGE_META.has(key))) as WireRecord;
}

/**
 * What a user who may not see a record receives instead of it: a tombstone with the envelope slots the device
 * needs to delete its copy, and nothing else (an assignment unpublished after a student pulled it).
 */
export function hiddenTombstone(doc: WireRecord): WireRecord {
  return { ...doc, sort_key: '', lookup_key: '', request_id: '', data: {}, _deleted: true };
}

/** `seq:scope`, the form the checkpoint takes in a query string. */
export function encodeCheckpoint(checkpoint: SyncCheckpoint | undefined): string {
  return checkpoint ? `${checkpoint.seq}:${checkpoint.scope}` : '';
}

export function decodeCheckpoint(raw: string | undefined): SyncCheckpoint | undefined {
  if (!raw) return undefined;
  const match = /^(\d{1,15}):([0-9a-f]{0,64})$/.exec(raw);
  return match ? { seq: Number(match[1]), scope: match[2] ?? '' } : undefined;
}
