import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { Principal } from '../domain/principal.ts';
import type { RecordedWrite } from '../domain/write-observer.ts';
import type { TimeEvidence } from '../domain/time-evidence.ts';
import type { MultipartLimits } from './params/multipart-body.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler and a permission rule know about the request, beyond its parameters. */
export interface RequestContext {
  /** Null only on routes whose permission rule is `publicAccess`. */
  readonly principal: Principal | null;
  readonly requestId: string;
  /** `scheme://host` as the client addressed us: absolute URLs in bodies and Link headers start with it. */
  readonly baseUrl: string;
  /** The request path without the query string, e.g. `/api/v1/courses/1/users`. */
  readonly path: string;
  /** The parsed query string (Canvas brackets, with the limits of docs/architecture.md §5.2), for helpers like pagination. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The raw request headers, for the few Canvas APIs that take parameters there (e.g. the `StartKey` of webhooks). */
  readonly headers: IncomingHttpHeaders;
  /** The peer's address, for limits that must hold per client (failed sign-ins); not a credential. */
  readonly clientAddress: string;
  readonly now: number;
  /**
   * A write request as received (route template, JSON parameters), set for the handlers of write routes: what a
   * device records for its hub, and what an upload's step 1 keeps so its step 2 can be recorded as one request.
   */
  readonly received?: RecordedWrite;
  /**
   * When the user made this write, where that was before `now` and the server can vouch for it: a device's offline
   * write the hub replays (decision 0062). Absent: the write is made now. Only rules about *when the user acted*
   * read it (a submission's `submitted_at`, and whether the assignment was open then); records are stamped `now`.
   */
  readonly madeAt?: number;
  /**
   * For a device's write the hub replays: the device's time of it and what bounds it (decision 0120). Rules about
   * how long the user took (a quiz attempt's time limit) read it, as `provenTime` allows.
   */
  readonly madeBetween?: TimeEvidence;
}

/** A request that passed authentication: every rule except `publicAccess` guarantees a principal. */
export interface AuthenticatedContext extends RequestContext {
  readonly principal: Principal;
}

/**
 * What a permission rule lets the caller do, so a write route cannot declare a reader's rule by accident (the
 * route inventory test refuses POST, PUT, PATCH and DELETE routes whose rule grants `read`):
 * - `read`: the caller may look at the context; the route changes nothing.
 * - `write`: the caller may change the context's records the route touches (a service may still refine the
 *   decision per record, e.g. a page's editing roles).
 * - `own`: the caller may read the context and changes only records of their own in it (their progress, their
 *   submission, their planner), as Canvas lets readers do; each such route is listed in the inventory test.
 */
export type Grant = 'read' | 'write' | 'own';

/** What a rule returns to refuse the caller: the dispatcher answers 401 `unauthorized`. */
export const REFUSED: unique symbol = Symbol('refused');
export type Refused = typeof REFUSED;

/**
 * Every route declares who may call it (Ghost's rule: an endpoint without a check is an error, not a default).
 * `resolve` runs after authentication and parameter validation, before the handler. It resolves the route's
 * context once (the course, account, group, record the path names; a missing one throws NotFoundError → 404),
 * decides, and returns that context as the handler's `scope`, or `REFUSED` (→ 401 `unauthorized`). Handlers act
 * on the scope and never resolve the path's ids again. Build rules with `publicAccess`, `authenticated`,
 * `allowIf` or `scopedRule` from `permission-rules.ts`.
 */
export interface PermissionRule<TParams = unknown, TScope = unknown, TContext extends RequestContext = AuthenticatedContext> {
  /** One line for the OpenAPI document, e.g. "manage_courses on the account". */
  readonly description: string;
  /** False only for public rules: no token is needed and the principal is null. */
  readonly requiresToken: boolean;
  readonly grants: Grant;
  resolve(ctx: TContext, params: TParams): Promise<TScope | Refused>;
  /**
   * For public rules: a credential, when one is presented, is still checked (401 if bad) and its principal passed
   * to `resolve`, e.g. routes open during first-run setup that a signed-in admin may also use later.
   */
  readonly identifiesCaller?: boolean;
}

/**
 * Bytes to send as a download instead of JSON (file contents): all at once, or streamed piece by piece (an
 * export read chunk by chunk from storage, never whole in memory) with its `size` when known.
 */
export interface FileBody {
  contentType: string;
  fileName: string;
  bytes: Buffer | AsyncIterable<Buffer>;
  size?: number;
}

/** Sends one server-sent event: a name and a small JSON payload (one line, so no framing can break). */
export type EventWriter = (event: string, data: unknown) => void;

/**
 * A server-sent-events body (see `event-stream.ts`): it writes events until `signal` aborts (the client went
 * away or the server closes) and resolves then; the response ends when it settles.
 */
export type EventStreamBody = (write: EventWriter, signal: AbortSignal) => Promise<void>;

export interface RouteResult {
  /** 200 unless given. */
  status?: number;
  /** Sent as JSON; ignored for 204 and when `file` or `stream` is given. */
  body: unknown;
  headers?: Readonly<Record<string, string>>;
  /** Sent as an attachment download; see `send` in route-dispatch.ts for the headers that keep it inert. */
  file?: FileBody;
  /** Sent as `text/event-stream` instead of JSON, held open until the client disconnects. */
  stream?: EventStreamBody;
  /**
   * A whole HTML page instead of JSON (the OAuth2 consent page), sent unframeable and uncached; its
   * `Content-Security-Policy` comes in `headers` (see `sendPage` in route-dispatch.ts for the defaults).
   */
  html?: string;
}

export interface RouteDefinition<
  TSchema extends z.ZodType = z.ZodType,
  TContext extends RequestContext = RequestContext,
  TScope = unknown,
> {
  method: HttpMethod;
  /**
   * The full Express path literal, e.g. `/api/v1/courses/:course_id/sections`, so a URL search finds it. Under
   * `/api/`, except Canvas's OAuth2 endpoints under `/login/oauth2/`.
   */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /**
   * Path, query and body parameters merged into one object (Canvas merges them), validated and coerced by zod.
   * A path parameter that fails validation answers 404 (Canvas: an id it cannot parse matches nothing).
   */
  params: TSchema;
  permission: PermissionRule<z.output<TSchema>, TScope, TContext>;
  /**
   * A route's own credential check in place of the Bearer access token (e.g. LTI JWT access tokens for the
   * webhook subscription API). It runs at the same point, first, and throws the same 401 on failure.
   */
  authenticate?(req: { headers: IncomingHttpHeaders; params: Readonly<Partial<Record<string, string | string[]>>> }): Promise<Principal>;
  /** Only `GET /api/v1/login/session`: a session cookie is accepted without its CSRF header (see bearer-auth.ts). */
  sessionWithoutCsrf?: boolean;
  /**
   * `html` raises the body limit from 100 kB to 2 MB for routes taking page or message bodies; `bulk` also allows
   * 20,000 form parameters instead of 1,000, for routes taking one entry per student (see `BODY_LIMITS`).
   */
  bodyLimit?: 'default' | 'html' | 'bulk';
  /**
   * The body is `multipart/form-data` (Canvas's upload step 2) instead of JSON or a form: its fields merge into the
   * parameters and its `file` part arrives as an `UploadedFile` (see `params/multipart-body.ts`).
   */
  multipart?: MultipartLimits;
  /**
   * The write concerns this installation alone (its hub connection, its sync bookkeeping): a device does not
   * record it for its hub, and a hub refuses to replay it.
   */
  localOnly?: boolean;
  /**
   * What a device records for its hub instead of the request itself, when the request cannot be performed again
   * there as it came (an upload's step 2 names a token only this installation knows). Undefined: the request.
   */
  recordAs?(params: z.output<TSchema>): RecordedWrite | undefined;
  /** `scope` is what the permission rule resolved: the handler acts on it instead of resolving the path again. */
  handler(ctx: TContext, params: z.output<TSchema>, scope: TScope): Promise<RouteResult> | RouteResult;
}

/**
 * Any route, whatever its parameters and scope: what `createApp` and area route lists take. `resolve` and `handler` are
 * declared as methods, whose parameters TypeScript compares bivariantly, so a `RouteDefinition<Specific,
 * AuthenticatedContext>` is assignable here; the dispatcher upholds what that loses (validated params, and a
 * principal whenever `requiresToken`).
 */
export type AnyRoute = RouteDefinition<z.ZodType, RequestContext, unknown>;

/**
 * Identity function that keeps the parameter type flowing from the schema into the rule and the handler, and
 * the context and scope types from the rule into the handler (public routes see `principal: Principal | null`).
 */
export function defineRoute<TSchema extends z.ZodType, TScope = unknown, TContext extends RequestContext = AuthenticatedContext>(
  route: RouteDefinition<TSchema, TContext, TScope>,
): RouteDefinition<TSchema, TContext, TScope> {
  return route;
}
