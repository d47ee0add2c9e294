import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { Principal } from '../domain/principal.ts';
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
  /** The parsed query string (qs, with the limits of docs/architecture.md §5.2), for helpers like pagination. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The raw request headers, for the few Canvas APIs that take parameters there (e.g. the `StartKey` of webhooks). */
  readonly headers: IncomingHttpHeaders;
  readonly now: number;
}

/** A request that passed authentication: every rule except `publicAccess` guarantees a principal. */
export interface AuthenticatedContext extends RequestContext {
  readonly principal: Principal;
}

/**
 * Every route declares who may call it (Ghost's rule: an endpoint without a check is an error, not a default).
 * `check` runs after authentication and parameter validation, before the handler; it returns false (→ 401
 * `unauthorized`) or throws a domain error (e.g. NotFoundError → 404) to refuse. Build rules with
 * `publicAccess`, `authenticated` or `allowIf` from `permission-rules.ts`.
 */
export interface PermissionRule<TParams = unknown, TContext extends RequestContext = AuthenticatedContext> {
  /** One line for the OpenAPI document, e.g. "manage_courses on the account". */
  readonly description: string;
  /** False only for `publicAccess`: no token is needed and the principal is null. */
  readonly requiresToken: boolean;
  check(ctx: TContext, params: TParams): Promise<boolean> | boolean;
}

/** Bytes to send as a download instead of JSON (file contents). */
export interface FileBody {
  contentType: string;
  fileName: string;
  bytes: Buffer;
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
}

export interface RouteDefinition<
  TSchema extends z.ZodType = z.ZodType,
  TContext extends RequestContext = RequestContext,
> {
  method: HttpMethod;
  /** The full Express path literal, e.g. `/api/v1/courses/:course_id/sections`, so a URL search finds it. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /**
   * Path, query and body parameters merged into one object (Canvas merges them), validated and coerced by zod.
   * A path parameter that fails validation answers 404 (Canvas: an id it cannot parse matches nothing).
   */
  params: TSchema;
  permission: PermissionRule<z.output<TSchema>, TContext>;
  /**
   * A route's own credential check in place of the Bearer access token (e.g. LTI JWT access tokens for the
   * webhook subscription API). It runs at the same point, first, and throws the same 401 on failure.
   */
  authenticate?(req: { headers: IncomingHttpHeaders; params: Readonly<Partial<Record<string, string | string[]>>> }): Promise<Principal>;
  /** `html` raises the body limit from 100 kB to 2 MB for routes taking page or message bodies. */
  bodyLimit?: 'default' | 'html';
  /**
   * The body is `multipart/form-data` (Canvas's upload step 2) instead of JSON or a form: its fields merge into the
   * parameters and its `file` part arrives as an `UploadedFile` (see `params/multipart-body.ts`).
   */
  multipart?: MultipartLimits;
  handler(ctx: TContext, params: z.output<TSchema>): Promise<RouteResult> | RouteResult;
}

/**
 * Any route, whatever its parameters: what `createApp` and area route lists take. `check` and `handler` are
 * declared as methods, whose parameters TypeScript compares bivariantly, so a `RouteDefinition<Specific,
 * AuthenticatedContext>` is assignable here; the dispatcher upholds what that loses (validated params, and a
 * principal whenever `requiresToken`).
 */
export type AnyRoute = RouteDefinition<z.ZodType, RequestContext>;

/**
 * Identity function that keeps the parameter type flowing from the schema into the rule and the handler, and
 * the context type from the rule into the handler (public routes see `principal: Principal | null`).
 */
export function defineRoute<TSchema extends z.ZodType, TContext extends RequestContext = AuthenticatedContext>(
  route: RouteDefinition<TSchema, TContext>,
): RouteDefinition<TSchema, TContext> {
  return route;
}
