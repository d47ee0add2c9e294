import { randomUUID } from 'node:crypto';
import { assertScopeAllows } from './bearer-auth.ts';
import { errorResponse } from './error-envelopes.ts';
import { runRoute } from './route-dispatch.ts';
import type { AnyRoute, AuthenticatedContext } from './route.ts';

/** A write as another installation's API received it: route template, method and parameters. */
export interface RecordedWrite {
  readonly method: string;
  readonly route: string;
  readonly params: Record<string, unknown>;
}

/** How the route answered: 2xx applied, 4xx refused with its message (a 5xx is thrown). */
export interface ReplayOutcome {
  status: number;
  message: string | null;
}

/**
 * Performs a recorded write again, here, as the caller, through the route this server registered for it: the
 * same validation, permission rule and handler as the HTTP request would meet (and the caller's token scopes).
 * Only API write routes that are not `localOnly` can be replayed; anything else answers 404 as an unknown route does.
 */
export class RouteReplayer {
  readonly #routes: () => ReadonlyMap<string, AnyRoute>;

  constructor(routes: () => readonly AnyRoute[]) {
    let byKey: Map<string, AnyRoute> | undefined;
    // The route list is complete only once the server has assembled it (the replaying route is part of it).
    this.#routes = () => (byKey ??= new Map(routes().map((route) => [`${route.method} ${route.path}`, route])));
  }

  async replay(ctx: AuthenticatedContext, write: RecordedWrite): Promise<ReplayOutcome> {
    try {
      const route = this.#routes().get(`${write.method} ${write.route}`);
      // Only API writes: sign-in and OAuth routes outside /api/ are a browser's, not a device's to replay.
      if (!route || route.localOnly || route.method === 'GET' || !route.path.startsWith('/api/')) return { status: 404, message: 'The hub has no such change to make.' };
      assertScopeAllows(ctx.principal, route);
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(write.params[name] ?? '')));
      const result = await runRoute(route, { ...ctx, requestId: randomUUID(), path, query: {}, now: Date.now() }, write.params);
      return { status: result.status ?? 200, message: null };
    } catch (err) {
      const { status, body } = errorResponse(err);
      if (status >= 500) throw err;
      return { status, message: messageOf(body) };
    }
  }
}

/** The first message of a Canvas error envelope, whichever of its shapes it has. */
function messageOf(body: unknown): string {
  const b = body as { message?: unknown; error?: unknown; errors?: unknown } | null;
  if (typeof b?.message === 'string') return b.message;
  if (typeof b?.error === 'string') return b.error;
  // `errors` is a list, or per field (a validation error): `{ field: [{ attribute, type, message }] }`.
  const errors = b?.errors;
  const list: unknown = Array.isArray(errors) ? errors : errors && typeof errors === 'object' ? Object.values(errors)[0] : undefined;
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  if (typeof (first as { message?: unknown } | undefined)?.message === 'string') return (first as { message: string }).message;
  return JSON.stringify(body ?? null).slice(0, 500);
}
