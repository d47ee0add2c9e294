import type { CoreServices } from '../../core-services.ts';
import { isOpen } from '../../sync/conflict-log.ts';
import { isoOrNull } from '../common/api-values.ts';
import { refusedChangeJson } from './sync.serializer.ts';

/**
 * `GET /api/v1/sync/status`, computed from the running replication (state, last exchange), the outbox (entries
 * the hub has not answered yet are waiting; the person's entries it refused are listed) and the person's open
 * conflicts.
 */
export async function syncStatus(services: CoreServices, userId: number) {
  const sync = services.sync.hub.deviceSync;
  const replication = sync ? await sync.status() : undefined;
  const open = (await services.sync.conflicts.involving(userId)).filter(isOpen);
  const refused = await services.sync.outbox.refused(userId);
  return {
    state: replication?.state ?? 'not_connected',
    last_synced_at: isoOrNull(replication?.lastSyncedAt ?? null),
    waiting: replication?.waiting ?? 0,
    refused: refused.map(refusedChangeJson),
    conflicts: open.length,
  };
}
