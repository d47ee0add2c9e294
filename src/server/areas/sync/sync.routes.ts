import type { CoreServices } from '../../core-services.ts';
import { paginateMapped } from '../../http/pagination.ts';
import { allowIf, authenticated } from '../../http/permission-rules.ts';
import { RouteReplayer } from '../../http/route-replay.ts';
import { defineRoute, type AnyRoute, type EventStreamBody } from '../../http/route.ts';
import { tooManyStreamsError } from '../../http/http-errors.ts';
import { OpenStreams } from '../../sync/open-streams.ts';
import { credentialIsLive, watchCredentials } from './credential-liveness.ts';
import { isOpen } from '../../sync/conflict-log.ts';
import { encodeCheckpoint } from '../../sync/sync-partitions.ts';
import { writeStamp } from '../common/api-values.ts';
import { ConflictResolution } from './conflict-resolution.service.ts';
import { syncStatus } from './sync-status.ts';
import { conflictsParams, pullParams, resolveConflictParams, statesParams, statusParams, streamParams, type ConflictsParams } from './sync.params.ts';
import { conflictJson } from './sync.serializer.ts';

/**
 * The hub's replication endpoints (docs/architecture.md §7), served by every Outpost so any install can be a hub. What a
 * device receives and may write is decided per record from its token's user (sync/sync-scope.ts), so the route
 * rules admit any token and the filtering is the permission check.
 */
export function syncRoutes(services: CoreServices, routes: () => readonly AnyRoute[]): AnyRoute[] {
  const { sync } = services;
  const resolution = new ConflictResolution(services);
  // A conflict's write made again is recorded as any write the API makes (a device's outbox).
  const replayer = new RouteReplayer(routes, sync.outbox);
  const isLive = credentialIsLive(services);
  // Per token and per user (decision 0080); revoking a credential ends its streams at once.
  const streams = new OpenStreams(isLive, watchCredentials(services));
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/sync/:collection/pull',
      summary: 'Records of a collection changed since a checkpoint, filtered to what the token user may see',
      params: pullParams,
      permission: allowIf('any token; records are filtered to the courses and users its user may see', 'read', () => true),
      async handler(ctx, p) {
        await sync.contacts.record(ctx.principal, ctx.headers, ctx.now);
        const { documents, checkpoint } = await sync.pull(ctx.principal, p.collection, p.checkpoint, p.limit, ctx.now);
        return { body: { documents, checkpoint: { ...checkpoint, token: encodeCheckpoint(checkpoint) } } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/sync/:collection/stream',
      summary: 'Server-sent events telling the device to pull: on connect, on visible changes and on scope changes',
      params: streamParams,
      permission: allowIf('any token; events are sent only for changes the token user may see', 'read', () => true),
      handler: async (ctx, p) => {
        const { principal } = ctx;
        const lease = streams.open(principal);
        if (!lease) throw tooManyStreamsError();
        try {
          await sync.contacts.record(principal, ctx.headers, ctx.now);
        } catch (err) {
          lease.release();
          throw err;
        }
        // The lease's signal ends the stream as soon as its credential is revoked; the credential is also asked
        // again before every event, which covers a token that merely expired.
        const stream: EventStreamBody = (write, signal) =>
          sync.changes.watch(principal, p.collection, write, AbortSignal.any([signal, lease.signal]), (now) => isLive(principal, now)).finally(lease.release);
        return { body: null, stream };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/sync/:collection/states',
      summary: 'The current state of records a device changed, as a pull would send them: the record, or a tombstone',
      params: statesParams,
      permission: allowIf('any token; each record is filtered as a pull filters it, others answer as tombstones', 'read', () => true),
      handler: async (ctx, p) => {
        await sync.contacts.record(ctx.principal, ctx.headers, ctx.now);
        return { body: { documents: await sync.states(ctx.principal, p.collection, p.keys) } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/sync/conflicts',
      summary: 'Sync conflicts the user met or that concern their records, newest first; open ones unless include_resolved',
      params: conflictsParams,
      permission: authenticated,
      async handler(ctx, p: ConflictsParams) {
        const listed = (await sync.conflicts.involving(ctx.principal.userId)).filter((c) => p.include_resolved || isOpen(c));
        // What the caller may be shown of each conflict costs reads: for the page's conflicts only.
        return paginateMapped(ctx, listed, (page) => Promise.all(page.map(async (c) => conflictJson(c, await sync.shownTo(ctx.principal, c.data)))));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/sync/conflicts/:id/resolve',
      summary: 'Settle a conflict: make the write that did not stand again (`device`, through its route), or leave what stands (`hub`)',
      params: resolveConflictParams,
      permission: allowIf('the user whose change met the conflict (checked per conflict)', 'write', () => true),
      localOnly: true,
      async handler(ctx, p) {
        const resolved = await resolution.resolve(ctx.principal, p.id, p.choice, (write) => replayer.run(ctx, write), writeStamp(ctx));
        return { body: conflictJson(resolved, await sync.shownTo(ctx.principal, resolved.data)) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/sync/status',
      summary: 'Where sync stands: state, last sync, local changes waiting for the hub, refused changes, open conflicts',
      params: statusParams,
      permission: authenticated,
      handler: async (ctx) => ({ body: await syncStatus(services, ctx.principal.userId) }),
    }),
  ];
}
