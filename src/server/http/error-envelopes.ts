import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  DomainError,
  InvalidParameterError,
  InvalidTokenError,
  NotFoundError,
  ValidationError,
  type ErrorKind,
  type Wording,
} from '../domain/errors.ts';
import { HttpError, invalidTokenError } from './http-errors.ts';
import { requestIdOf } from './request-id.ts';

export interface ErrorResponse {
  status: number;
  body: unknown;
  headers: Readonly<Record<string, string>>;
}

const NOT_FOUND_BODY = { errors: [{ message: 'The specified resource does not exist.' }] };

/** The one place errors become Canvas envelopes (docs/canvas-compatibility.md §1.4, §0.2). */
export function errorResponse(err: unknown): ErrorResponse {
  if (err instanceof HttpError) return httpResponse(err);
  if (err instanceof DomainError) return domainResponse(err);
  // The router could not percent-decode a path segment: no record has such an id.
  if (err instanceof URIError) return plain(404, NOT_FOUND_BODY);
  const status = clientStatusOf(err);
  if (status !== undefined) return plain(status, { errors: [{ message: status === 404 ? NOT_FOUND_BODY.errors[0]!.message : 'Bad request.' }] });
  return plain(500, { errors: [{ message: 'An error occurred.', error_code: 'internal_server_error' }] });
}

/** Each kind of domain error, its status and that status's name as Canvas's `{"status": …}` bodies spell it. */
const STATUS_OF: Readonly<Record<ErrorKind, { code: number; name: string }>> = {
  not_found: { code: 404, name: 'not_found' },
  refused: { code: 401, name: 'unauthorized' },
  forbidden: { code: 403, name: 'forbidden' },
  invalid: { code: 400, name: 'bad_request' },
  conflict: { code: 409, name: 'conflict' },
};

/** The kind decides the status; the body is the kind's usual one unless the error names its endpoint's wording. */
function domainResponse(err: DomainError): ErrorResponse {
  // A bad credential is answered like a bad access token (with its challenge header): to the client it is one.
  if (err instanceof InvalidTokenError) return httpResponse(invalidTokenError());
  const status = STATUS_OF[err.kind];
  if (err.wording !== undefined) return plain(status.code, worded(err.wording, status.name, err.message));
  if (err instanceof NotFoundError) return plain(status.code, NOT_FOUND_BODY);
  if (err instanceof ValidationError) return plain(status.code, { errors: keyedErrors(err) });
  if (err instanceof InvalidParameterError) return plain(status.code, { errors: [{ field: err.field, code: err.code, message: err.message }] });
  return plain(status.code, { errors: [{ message: err.message }] });
}

function worded(wording: Wording, statusName: string, message: string): unknown {
  if (wording === 'message') return { message };
  if (wording === 'error') return { error: message };
  if (wording === 'status') return { status: statusName, errors: [{ message }] };
  if (wording === 'none') return {};
  if (wording === 'bare_status') return { status: message };
  if ('field' in wording) return { errors: { [wording.field]: message } };
  if ('oauth' in wording) return { error: wording.oauth, error_description: message };
  return { error: wording.error, message };
}

function httpResponse(err: HttpError): ErrorResponse {
  return { status: err.status, body: err.body, headers: err.headers };
}

/** One unexpected failure, as the error log receives it: the request id is what the client got back. */
export interface ServerErrorEntry {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly error: unknown;
}

export type ServerErrorLog = (entry: ServerErrorEntry) => void;

/** The default log: stderr, with the request id a user can quote from the response. */
export const consoleErrorLog: ServerErrorLog = ({ requestId, method, path, error }) => console.error(`request ${requestId} ${method} ${path} failed:`, error);

function plain(status: number, body: unknown): ErrorResponse {
  return { status, body, headers: {} };
}

function keyedErrors(err: ValidationError): Record<string, unknown> {
  const keyed: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [attribute, issues] of Object.entries(err.fields)) {
    keyed[attribute] = issues.map((issue) =>
      typeof issue === 'string'
        ? { attribute, type: issue, message: issue }
        : { attribute, type: issue.type, message: issue.message },
    );
  }
  return keyed;
}

/**
 * Express and its router flag their own client errors with a 4xx `status` (a path that does not decode, for
 * example). Their messages are not ours to show, so only the status is kept.
 */
function clientStatusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Unknown API paths and methods answer like Canvas does for a missing record. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(NOT_FOUND_BODY);
};

/**
 * Last resort for every error: JSON, never a stack trace, and a 5xx only for our own bugs and storage failures
 * (never a 401: a failed read must not pass for a refusal). A 5xx is logged once, and its body carries the
 * request id (also in X-Request-Id) so a report can be matched to the log line.
 */
export function errorHandler(log: ServerErrorLog): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const response = errorResponse(err);
    const requestId = requestIdOf(res);
    if (response.status >= 500) log({ requestId, method: req.method, path: req.path, error: err });
    // An unread body (a 401 or 413 before reading it) is drained so the client can read the answer.
    if (!req.complete) req.resume();
    if (res.headersSent) return;
    const body = response.status >= 500 ? { ...(response.body as object), request_id: requestId } : response.body;
    res.status(response.status).set(response.headers).json(body);
  };
}
