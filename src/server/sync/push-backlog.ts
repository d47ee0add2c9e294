import { getAssumedMasterState, getChangedDocumentsSince, getLastCheckpointDoc, stackCheckpoints, writeDocToDocState } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { SyncCheckpoint } from './sync-partitions.ts';

/** Past this many changed records the count is reported as is: a status poll must stay cheap during a big pull. */
const MAX_SCANNED = 5000;
const PAGE = 500;

/**
 * Local changes the hub has not acknowledged yet, read from RxDB's own bookkeeping so it survives restarts: the
 * upstream checkpoint marks how far the device's change log has been handed to the hub, and the meta instance
 * holds the hub state each record was last known to have. A record changed past the checkpoint whose state
 * differs from that assumed hub state is waiting (records the device pulled equal theirs and do not count).
 * Records are grouped into changes by the request that wrote them (a submission writes the submission and its
 * version; to the person that is one change); `into` collects them across collections.
 */
export async function collectUnpushedChanges(replication: RxReplicationState<StoredRecord, SyncCheckpoint>, into: Set<string>): Promise<void> {
  const state = replication.internalReplicationState;
  if (!state) return;
  let checkpoint = await getLastCheckpointDoc(state, 'up');
  for (let scanned = 0; scanned < MAX_SCANNED; scanned += PAGE) {
    const page = await getChangedDocumentsSince<StoredRecord, unknown>(state.input.forkInstance, PAGE, checkpoint);
    if (page.documents.length === 0) break;
    const assumed = await getAssumedMasterState(state, page.documents.map((doc) => doc.key));
    for (const doc of page.documents) {
      const master = assumed[doc.key];
      const mine = writeDocToDocState(doc, state.hasAttachments, !!state.input.keepMeta);
      if (!master || !state.input.conflictHandler.isEqual(master.docData, mine, 'outpost-sync-status')) into.add(doc.request_id || doc.key);
    }
    checkpoint = stackCheckpoints([checkpoint, page.checkpoint]);
    if (page.documents.length < PAGE) break;
  }
}
