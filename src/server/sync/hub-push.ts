import { isDeepStrictEqual } from 'node:util';
import type { BulkWriteRow, RxDocumentData } from 'rxdb';
import type { OutpostDatabase } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { ConflictLog, ConflictOutcome } from './conflict-log.ts';
import { resolveConflict, resolveDuplicate } from './push-policies.ts';
import type { PullVisibility } from './pull-visibility.ts';
import { pushRefusal } from './push-rights.ts';
import { hiddenTombstone, toWire, type PushCollection, type WireRecord } from './sync-partitions.ts';
import type { SyncScope } from './sync-scope.ts';

/** RxDB's push row: the state the device last saw from the hub (none for a new record) and its own state. */
export interface PushRow {
  assumedMasterState?: WireRecord;
  newDocumentState: WireRecord;
}

/** A conflict the hub recorded, so the device can record its side of it too. */
export interface ConflictNote {
  key: string;
  outcome: ConflictOutcome;
  fields: string[];
  /** For `duplicate-merged`: the hub's record the pushed one was merged into (the answer holds its tombstone). */
  kept?: WireRecord;
}

/** RxDB's push answer (the hub's state of every record that was not written as pushed) plus what was recorded. */
export interface PushResult {
  conflicts: WireRecord[];
  notes: ConflictNote[];
}

export interface PushContext {
  db: OutpostDatabase;
  scope: SyncScope;
  /** What the pushing user may see: a refused push answers (and logs) the hub's state only when they may. */
  visibility: PullVisibility;
  conflicts: ConflictLog;
  requestId: string;
  now: number;
}

/** A concurrent local write can land between read and write; beyond this, the push reports a conflict. */
const WRITE_ATTEMPTS = 3;

/**
 * Writes pushed records whose assumed master state is still the hub's state. Anything else is a conflict:
 * resolved by the type's policy (and recorded when both sides changed the same fields) or answered with the
 * hub's state and recorded — never overwritten silently.
 */
export async function pushChanges(ctx: PushContext, collection: PushCollection, rows: readonly PushRow[]): Promise<PushResult> {
  const result: PushResult = { conflicts: [], notes: [] };
  for (const row of rows) await pushRow(ctx, collection, row, result);
  return result;
}

async function pushRow(ctx: PushContext, collection: PushCollection, row: PushRow, result: PushResult): Promise<void> {
  const storage = ctx.db.collections[collection].storageInstance;
  const pushed = stamped(row.newDocumentState, ctx.scope.userId);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const [stored] = await storage.findDocumentsById([pushed.key], true);
    const current = stored ? toWire(stored) : undefined;
    const assumed = row.assumedMasterState && toWire(row.assumedMasterState);
    const refusal = pushRefusal(ctx.scope, collection, pushed, current, assumed);
    if (refusal) {
      // The device drops its copy for the hub's state (a tombstone when the hub has none, or when it is a record
      // the user may not see: a forged key must not read it back); the log keeps what the user may see.
      const decision = current ? await ctx.visibility.decide(collection, current) : 'skip';
      const seen = typeof decision === 'object' ? decision : null;
      return note(ctx, collection, result, { outcome: 'forbidden', fields: [], kept: seen, pushed, answer: seen ?? hiddenTombstone(pushed) });
    }
    if (!current && !assumed && !pushed._deleted && pushed.lookup_key) {
      const merged = await mergeDuplicate(ctx, collection, pushed, result);
      if (merged === 'done') return;
      if (merged === 'retry') continue;
    }
    if (sameState(assumed, current)) {
      if (await write(ctx, collection, stored, pushed)) return;
      continue;
    }
    const merged = current ? resolveConflict(assumed, pushed, current) : undefined;
    if (!merged) {
      // No policy: the hub's state stands, the pushed one is recorded. No hub state at all cannot conflict
      // with a device that assumed one unless the hub purged it; the device's state is then written as new.
      if (!current) {
        if (await write(ctx, collection, stored, pushed)) return;
        continue;
      }
      return note(ctx, collection, result, { outcome: 'master-kept', fields: [], kept: current, pushed, answer: current });
    }
    if (!(await write(ctx, collection, stored, merged.doc))) continue;
    result.conflicts.push(merged.doc);
    if (merged.overlapping.length === 0) return;
    return note(ctx, collection, result, { outcome: 'merged', fields: merged.overlapping, kept: merged.doc, pushed, answer: undefined });
  }
  const [latest] = await storage.findDocumentsById([pushed.key], true);
  if (latest) result.conflicts.push(toWire(latest));
}

/**
 * A new record whose lookup key the hub already holds under another id: a device offline created the submission
 * of a (assignment, student) pair the hub has a placeholder for. Writing it as new would leave two submissions for
 * the pair, so it is merged into the hub's record, recorded, and answered with its own tombstone: the device
 * deletes its duplicate and receives the hub's record with the next pull. Only types with a duplicate policy.
 */
async function mergeDuplicate(ctx: PushContext, collection: PushCollection, pushed: WireRecord, result: PushResult): Promise<'done' | 'retry' | undefined> {
  const twin = await ctx.db.collections[collection].findOne({ selector: { type: pushed.type, lookup_key: pushed.lookup_key } }).exec();
  if (!twin || twin.primary === pushed.key) return undefined;
  const [stored] = await ctx.db.collections[collection].storageInstance.findDocumentsById([twin.primary], false);
  if (!stored) return 'retry';
  const hub = toWire(stored);
  // The rights checked on the pushed record hold for the hub's only while it is the same course and student.
  if (hub.course_id !== pushed.course_id || hub.user_id !== pushed.user_id) return undefined;
  const merged = resolveDuplicate(pushed, hub);
  if (!merged) return undefined;
  if (!(await write(ctx, collection, stored, merged.doc))) return 'retry';
  await note(ctx, collection, result, { outcome: 'duplicate-merged', fields: merged.overlapping, kept: merged.doc, pushed, answer: hiddenTombstone(pushed) });
  return 'done';
}

interface Noted {
  outcome: ConflictOutcome;
  fields: string[];
  kept: WireRecord | null;
  pushed: WireRecord;
  /** What to return to RxDB as the hub's state; undefined when already added. */
  answer: WireRecord | undefined;
}

async function note(ctx: PushContext, collection: PushCollection, result: PushResult, n: Noted): Promise<void> {
  if (n.answer) result.conflicts.push(n.answer);
  result.notes.push({ key: n.pushed.key, outcome: n.outcome, fields: n.fields, ...(n.outcome === 'duplicate-merged' && n.kept ? { kept: n.kept } : {}) });
  await ctx.conflicts.record({ side: 'hub', collection, outcome: n.outcome, fields: n.fields, kept: n.kept, pushed: n.pushed, userId: ctx.scope.userId }, ctx.now, ctx.requestId);
}

/** The hub records who pushed: a device cannot attribute its changes to someone else (webhooks read this). */
function stamped(doc: WireRecord, userId: number): WireRecord {
  return { ...toWire(doc), updated_by: userId };
}

/**
 * `updated_by` is left out: the hub restamps it (see `stamped`), so after a push the device's idea of the hub's
 * state differs from the stored one in that field alone until it pulls, which is not a conflict.
 */
function sameState(assumed: WireRecord | undefined, current: WireRecord | undefined): boolean {
  if (!assumed || !current) return !assumed && (!current || current._deleted);
  return isDeepStrictEqual({ ...assumed, updated_by: 0 }, { ...current, updated_by: 0 });
}

/** A compare-and-swap on the stored revision: false when another write got there first. */
async function write(ctx: PushContext, collection: PushCollection, previous: RxDocumentData<StoredRecord> | undefined, doc: WireRecord): Promise<boolean> {
  const document = { ...doc, _attachments: {}, _rev: '', _meta: { lwt: ctx.now } } as RxDocumentData<StoredRecord>;
  const row: BulkWriteRow<StoredRecord> = previous ? { previous, document } : { document };
  const { error } = await ctx.db.collections[collection].storageInstance.bulkWrite([row], 'outpost-sync-push');
  if (error.some((e) => e.status === 409)) return false;
  if (error.length > 0) throw new Error(`sync push of ${doc.key} failed: ${error.map((e) => e.status).join(', ')}`);
  return true;
}
