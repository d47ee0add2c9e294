import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import { UnauthorizedError } from '../domain/errors.ts';
import type { Principal } from '../domain/principal.ts';
import type { WriteJournal } from '../domain/write-observer.ts';
import type { Authenticator } from './bearer-auth.ts';
import { actAs, type BecomeUser } from './masquerade.ts';
import { parseCanvasParams, queryStringOf, type ParsedParams } from './params/canvas-query.ts';
import { readMultipartBody, UploadedFile } from './params/multipart-body.ts';
import { readCanvasBody } from './params/request-body.ts';
import { validationFailure } from './params/validation-issues.ts';
import { sendEventStream } from './event-stream.ts';
import { requestIdOf } from './request-id.ts';
import { REFUSED, type AnyRoute, type FileBody, type RequestContext, type RouteResult } from './route.ts';
import { jsonForRequest } from './string-ids.ts';
import type { RequestThrottle } from './throttle.ts';

export interface DispatchDeps {
  readonly authenticator: Authenticator;
  readonly throttle: RequestThrottle;
  readonly becomeUser: BecomeUser;
  /** Wraps the handlers of write routes (a device records them for its hub); absent: handlers run as they are. */
  readonly journal?: WriteJournal;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The fixed order every route goes through: token (401 before anything about the request is looked at),
 * throttle, query and body parsing (400/413/415), `as_user_id` (401 when the caller may not act as that user),
 * validation (400, or 404 for a path id), the route's permission rule (404 for a missing context, 401
 * `unauthorized`), then the handler with the scope the rule resolved.
 */
export function dispatchRoute(route: AnyRoute, deps: DispatchDeps): RequestHandler {
  const pathParamNames: ReadonlySet<string> = new Set(pathParamsOf(route.path));
  return async (req, res, next) => {
    try {
      let principal: Principal | null = null;
      const identify = route.permission.identifiesCaller === true && deps.authenticator.hasCredential(req);
      if (route.permission.requiresToken || identify) {
        principal = route.authenticate ? await route.authenticate(req) : await deps.authenticator.authenticate(req, route);
        await deps.throttle.admit(principal, res);
      }
      const query = parseCanvasParams(queryStringOf(req.originalUrl));
      const body = WRITE_METHODS.has(req.method) ? await readBody(req, route) : undefined;
      const input = mergeParams(body, query, req.params);
      if (principal) principal = await actAs(principal, input, deps.becomeUser);
      const ctx: RequestContext = {
        principal,
        requestId: requestIdOf(res),
        baseUrl: `${req.protocol}://${req.headers.host ?? ''}`,
        path: req.path,
        query,
        headers: req.headers,
        clientAddress: req.socket.remoteAddress ?? '',
        now: Date.now(),
      };
      send(res, await runRoute(route, ctx, input, deps.journal, pathParamNames));
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Validation (400, or 404 for a path id), the route's permission rule (404 for a missing context, 401
 * `unauthorized`), then the handler with the scope the rule resolved: what every request goes through once its
 * caller is known, whether it came over HTTP or is a device's write the hub replays (sync/replay.ts).
 */
export async function runRoute(
  route: AnyRoute,
  ctx: RequestContext,
  input: Readonly<Record<string, unknown>>,
  journal?: WriteJournal,
  pathParamNames: ReadonlySet<string> = new Set(pathParamsOf(route.path)),
): Promise<RouteResult> {
  const parsed = route.params.safeParse(input);
  if (!parsed.success) throw validationFailure(parsed.error, pathParamNames, input);
  const scope = await route.permission.resolve(ctx, parsed.data);
  if (scope === REFUSED) throw new UnauthorizedError();
  if (!WRITE_METHODS.has(route.method)) return route.handler(ctx, parsed.data, scope);
  const received = { method: route.method, route: route.path, params: journalParams(input) };
  const handle = async () => route.handler({ ...ctx, received }, parsed.data, scope);
  if (!journal) return handle();
  const recorded = route.recordAs?.(parsed.data) ?? received;
  const write = { ...recorded, localOnly: route.localOnly === true, userId: ctx.principal?.userId ?? null, requestId: ctx.requestId, now: ctx.now, madeAt: ctx.madeAt };
  return journal.around(write, handle);
}

/**
 * The parameters as JSON can carry them. Acting as another user (`as_user_id`) was decided here and is not
 * repeated; an uploaded file is named, not carried (its route records itself otherwise: `recordAs`).
 */
function journalParams(input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'as_user_id') continue;
    params[key] = value instanceof UploadedFile ? { filename: value.filename, content_type: value.contentType, size: value.bytes.length } : value;
  }
  return params;
}

/** Upload routes take multipart/form-data (and nothing else); every other write takes JSON or a form. */
function readBody(req: Request, route: AnyRoute): Promise<ParsedParams> {
  return route.multipart ? readMultipartBody(req, route.multipart) : readCanvasBody(req, route.bodyLimit ?? 'default');
}

/**
 * Rails' `request_parameters.merge(query_parameters).merge(path_parameters)`: a shallow merge where the query
 * beats the body and the path beats both, into a null-prototype object so no key can reach a prototype.
 */
function mergeParams(body: ParsedParams | undefined, query: ParsedParams, path: Readonly<Record<string, unknown>>): ParsedParams {
  return Object.assign(Object.create(null) as ParsedParams, body, query, path);
}

function send(res: Response, result: RouteResult): void {
  const status = result.status ?? 200;
  if (result.headers) res.set(result.headers);
  if (status === 204) {
    res.status(204).end();
    return;
  }
  if (result.file) {
    sendFile(res, status, result.file);
    return;
  }
  if (result.stream) {
    sendEventStream(res, status, result.stream);
    return;
  }
  if (result.html !== undefined) {
    sendPage(res, status, result.html);
    return;
  }
  res.status(status).json(jsonForRequest(res.req, result.body));
}

/**
 * User-uploaded bytes are served from the app's own origin, so they must never run there: always an attachment,
 * never sniffed into HTML, and sandboxed by CSP should a browser render it anyway (docs/architecture.md §5.5).
 */
function sendFile(res: Response, status: number, file: FileBody): void {
  res.set({
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  const { bytes } = file;
  if (Buffer.isBuffer(bytes)) {
    res.set('Content-Length', String(bytes.length)).status(status).end(bytes);
    return;
  }
  if (file.size !== undefined) res.set('Content-Length', String(file.size));
  res.status(status);
  // Piece by piece, waiting for the socket to drain; a failure half-way cuts the response (its length says so).
  pipeline(Readable.from(bytes), res).catch(() => res.destroy());
}

/**
 * A page of our own (the OAuth2 consent page): never inside another site's frame, where a hidden overlay could
 * trick a click (clickjacking), never cached, and leaking no URL through Referer. Without a policy of its own it
 * may load nothing at all.
 */
function sendPage(res: Response, status: number, html: string): void {
  if (!res.get('Content-Security-Policy')) res.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
  res.status(status).send(html);
}

/** `/api/v1/courses/:course_id/modules/:id` → `['course_id', 'id']`. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}
