import { randomUUID } from 'node:crypto';
import { assertScopeAllows } from './bearer-auth.ts';
import { errorResponse } from './error-envelopes.ts';
import { runRoute } from './route-dispatch.ts';
import { NotFoundError } from '../domain/errors.ts';
import type { TimeEvidence } from '../domain/time-evidence.ts';
import type { RecordedWrite, WriteJournal } from '../domain/write-observer.ts';
import type { AnyRoute, AuthenticatedContext, RouteResult } from './route.ts';

/** When a replayed write was made, as far as the replaying server can tell (`RequestContext`). */
export interface Made {
  readonly madeAt?: number | undefined;
  readonly madeBetween?: TimeEvidence | undefined;
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
  readonly #journal: WriteJournal | undefined;

  /** With a `journal`, the writes are recorded as the HTTP requests' are (a device's outbox). */
  constructor(routes: () => readonly AnyRoute[], journal?: WriteJournal) {
    let byKey: Map<string, AnyRoute> | undefined;
    // The route list is complete only once the server has assembled it (the replaying route is part of it).
    this.#routes = () => (byKey ??= new Map(routes().map((route) => [`${route.method} ${route.path}`, route])));
    this.#journal = journal;
  }

  /**
   * The write's outcome: its status, or the status and message of the error it met (a 5xx is thrown). `made`:
   * when the user made it, if the caller vouches for a time before now (`RequestContext.madeAt`), and what bounds
   * the device's time of it (`RequestContext.madeBetween`).
   */
  async replay(ctx: AuthenticatedContext, write: RecordedWrite, made: Made = {}): Promise<ReplayOutcome> {
    const route = this.#route(write);
    if (!route) return { status: 404, message: 'The hub has no such change to make.' };
    try {
      const result = await this.#run(route, ctx, write, made);
      return { status: result.status ?? 200, message: null };
    } catch (err) {
      const { status, body } = errorResponse(err);
      if (status >= 500) throw err;
      return { status, message: messageOf(body) };
    }
  }

  /** Performs the write; its route's errors are thrown as over HTTP. */
  run(ctx: AuthenticatedContext, write: RecordedWrite): Promise<RouteResult> {
    const route = this.#route(write);
    if (!route) throw new NotFoundError();
    return this.#run(route, ctx, write);
  }

  /** Only API writes that are not `localOnly`: sign-in and OAuth routes outside /api/ are a browser's, not a device's. */
  #route(write: RecordedWrite): AnyRoute | undefined {
    const route = this.#routes().get(`${write.method} ${write.route}`);
    return route && !route.localOnly && route.method !== 'GET' && route.path.startsWith('/api/') ? route : undefined;
  }

  async #run(route: AnyRoute, ctx: AuthenticatedContext, write: RecordedWrite, made: Made = {}): Promise<RouteResult> {
    assertScopeAllows(ctx.principal, route);
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(write.params[name] ?? '')));
    const { madeAt, madeBetween } = made;
    const when = { ...(madeAt === undefined ? {} : { madeAt }), ...(madeBetween === undefined ? {} : { madeBetween }) };
    return runRoute(route, { ...ctx, requestId: randomUUID(), path, query: {}, now: Date.now(), ...when }, write.params, this.#journal);
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
