import type { CoreServices } from '../../core-services.ts';
import { allowIf } from '../../http/permission-rules.ts';
import { RouteReplayer } from '../../http/route-replay.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { invalidTokenError } from '../../http/http-errors.ts';
import { ReplayLedger, type ReplayResult } from '../../sync/replay-ledger.ts';
import type { PullCollection, WireRecord } from '../../sync/sync-partitions.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { credentialIsLive } from './credential-liveness.ts';
import { replayParams } from './sync.params.ts';

/**
 * The hub's end of a device's outbox (decision 0044): each entry is performed AS THE TOKEN'S USER through the
 * route this server registered for it (validation, permission rule, service, sanitising, webhooks: all as over
 * REST), exactly once, and the entries of one device one at a time in the order sent. A 5xx fails the request;
 * the device sends the same entries again and those already applied answer from their receipts.
 */
export function replayRoutes(services: CoreServices, routes: () => readonly AnyRoute[]): AnyRoute[] {
  // A conflict concerns a record's own user only if they may read the record (as sync would show it to them).
  const mayRead = async (userId: number, collection: PullCollection, record: WireRecord) => {
    const [shown] = await services.sync.asPulled({ userId, tokenId: 0, scopes: null }, collection, [record]);
    return shown !== undefined && !shown._deleted;
  };
  const ledger = new ReplayLedger(services.sync.db, services.sync.ids, services.sync.conflicts, mayRead);
  const replayer = new RouteReplayer(routes);
  const perDevice = new KeyedQueue();
  const isLive = credentialIsLive(services);
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/sync/replay',
      summary: "Performs a device's recorded writes as the token's user, each exactly once, in order; answers each outcome",
      params: replayParams,
      permission: allowIf("any token; each entry passes the permission rule of the route it replays, as the token's user", 'write', () => true),
      localOnly: true,
      // Entries carry page and message bodies as REST requests do.
      bodyLimit: 'html',
      handler: (ctx, p) =>
        perDevice.run(`${ctx.principal.userId}:${p.device}`, async () => {
          await services.sync.contacts.record(ctx.principal, ctx.headers, ctx.now);
          const results: ReplayResult[] = [];
          for (const entry of p.entries) {
            // A token revoked meanwhile (even by an entry of this very batch) stops the batch before its next entry.
            if (!(await isLive(ctx.principal, Date.now()))) throw invalidTokenError();
            const result = await ledger.replay(ctx.principal.userId, p.device, entry, ctx.requestId, {
              // The device's time of the write where the hub can vouch for it (decision 0062), else the hub's own.
              vouched: () => services.sync.contacts.vouchedTime(ctx.principal.tokenId, entry.id, entry.device_time, ctx.now),
              perform: async (params, madeAt) => {
                // What bounds the device's time, for rules about how long the user took (decision 0120).
                const madeBetween = await services.sync.contacts.evidence(ctx.principal.tokenId, entry.id, entry.device_time, ctx.now);
                return replayer.replay(ctx, { ...entry, params }, { madeAt, madeBetween });
              },
              shown: async (collection, record) => (await services.sync.asPulled(ctx.principal, collection, [record]))[0]!,
            });
            // A conflict shows the device the hub's record only as its pull would.
            results.push(result.conflict ? { ...result, conflict: await services.sync.shownTo(ctx.principal, result.conflict) } : result);
          }
          return { body: { results } };
        }),
    }),
  ];
}
