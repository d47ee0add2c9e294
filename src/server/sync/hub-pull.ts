import type { RxDocumentData } from 'rxdb';
import type { Repositories } from '../domain/repositories.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { SQLiteCheckpoint } from '../storage/sqlite/types.ts';
import { PullVisibility } from './pull-visibility.ts';
import { hiddenTombstone, toWire, type PullCollection, type SyncCheckpoint, type WireRecord } from './sync-partitions.ts';
import { scopeFingerprint, type SyncScope } from './sync-scope.ts';

export interface PullResult {
  documents: WireRecord[];
  checkpoint: SyncCheckpoint;
}

/** Change-log pages read per pull before answering with what was found, so one pull never scans without end. */
const MAX_PAGES_PER_PULL = 50;

/**
 * One page of a collection's change log (storage `seq` order), filtered to what the scope may see. The hub
 * reads on past invisible records until it has `limit` visible ones: RxDB stops pulling at the first page
 * shorter than its batch size, so a page thinned by filtering would end the pull early.
 */
export async function pullChanges(
  db: OutpostDatabase,
  repos: Repositories,
  collection: PullCollection,
  scope: SyncScope,
  since: SyncCheckpoint | undefined,
  limit: number,
): Promise<PullResult> {
  const fingerprint = scopeFingerprint(scope, collection);
  // A checkpoint from another scope may have skipped records that are visible now: start over.
  const rescoped = since !== undefined && since.scope !== fingerprint;
  let seq = since && !rescoped ? since.seq : 0;
  // And the device may hold records the new scope no longer allows: tombstones for them until the end of the log.
  // A first pull (no checkpoint) has nothing to delete.
  let sweep = rescoped || since?.sweep === true;
  const storage = db.collections[collection].storageInstance;
  if (!storage.getChangedDocumentsSince) throw new Error('the storage has no change log: sync needs one');
  const visibility = new PullVisibility(scope, repos);
  const documents: WireRecord[] = [];
  for (let page = 0; page < MAX_PAGES_PER_PULL && documents.length < limit; page++) {
    // Never more than still fits: the checkpoint then ends exactly after the last record looked at.
    const wanted = limit - documents.length;
    const batch = await storage.getChangedDocumentsSince(wanted, { id: '', seq } as SQLiteCheckpoint as never);
    for (const doc of batch.documents as RxDocumentData<StoredRecord>[]) {
      const wire = toWire(doc);
      const decision = await visibility.decide(collection, wire);
      if (decision === 'hidden' || (decision === 'skip' && sweep && visibility.mayHaveHeld(collection, wire))) documents.push(hiddenTombstone(wire));
      else if (decision !== 'skip') documents.push(decision);
    }
    seq = (batch.checkpoint as SQLiteCheckpoint).seq;
    if (batch.documents.length < wanted) {
      sweep = false;
      break;
    }
  }
  return { documents, checkpoint: { seq, scope: fingerprint, ...(sweep ? { sweep } : {}) } };
}
