import { randomUUID } from 'node:crypto';
import { errorResponse } from '../../http/error-envelopes.ts';
import { RouteReplayer } from '../../http/route-replay.ts';
import type { AnyRoute } from '../../http/route.ts';
import type { RouteWriterFor } from './content-migrations.service.ts';

/**
 * An import's writes, each performed through the route the API has for it, as the importing user with their
 * token's scopes (the route's validation, permission rule, service, sanitising and webhooks, as over HTTP; the way
 * a hub performs a device's writes, http/route-replay.ts).
 */
export function routeWriterFor(routes: () => readonly AnyRoute[]): RouteWriterFor {
  const replayer = new RouteReplayer(routes);
  return (as) => async (method, route, params) => {
    const ctx = {
      principal: { userId: as.userId, tokenId: as.tokenId, scopes: as.scopes },
      requestId: randomUUID(),
      baseUrl: 'http://localhost',
      path: '',
      query: {},
      headers: {},
      clientAddress: 'content-migration',
      now: Date.now(),
    };
    try {
      const result = await replayer.run(ctx, { method, route, params });
      return { body: result.body as Record<string, unknown> };
    } catch (err) {
      const { status, body } = errorResponse(err);
      if (status >= 500) throw err;
      return { refused: JSON.stringify(body).slice(0, 300) };
    }
  };
}
