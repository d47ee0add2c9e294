import type { ErrorEnvelope } from '../../../contracts/api-types.ts';

/**
 * What went wrong, as the UI needs to tell it apart: an ended session signs the person out, a missing right shows
 * "not allowed", no answer or a refused address gets its own explanation, anything else the server's own message.
 */
export type ApiErrorKind =
  | 'unauthenticated' // no, expired or revoked session or token (401 with WWW-Authenticate)
  | 'forbidden' // a valid token without the right (Canvas: 401 "unauthorized"; throttled or host-refused: 403)
  | 'not_found'
  | 'invalid' // 400 / 413 / 415 / 422: validation errors keyed by field or a list of messages
  | 'throttled'
  | 'wrong_host' // the server refused the address the page was opened with (its DNS-rebinding guard)
  | 'server'
  | 'network'; // no answer at all

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** 0 when the request never got an answer. */
  readonly status: number;
  readonly messages: string[];

  constructor(kind: ApiErrorKind, status: number, messages: string[]) {
    super(messages[0] ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.messages = messages;
  }
}

/** Turns a non-2xx answer into an ApiError, reading the Canvas envelope when there is one. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  const envelope = parseEnvelope(text);
  const messages = envelope ? envelopeMessages(envelope) : text.trim() ? [text.trim()] : [];
  return new ApiError(errorKind(response, envelope, text), response.status, messages);
}

function errorKind(response: Response, envelope: ErrorEnvelope | undefined, text: string): ApiErrorKind {
  const { status } = response;
  // Canvas answers both "no valid token" and "not allowed" with 401; only the former carries WWW-Authenticate.
  if (status === 401) {
    return response.headers.has('WWW-Authenticate') || envelope?.status === 'unauthenticated' ? 'unauthenticated' : 'forbidden';
  }
  if (status === 429 || (status === 403 && /rate limit/i.test(text))) return 'throttled';
  if (status === 403 && /host not allowed/i.test(text)) return 'wrong_host';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'invalid';
  return 'server';
}

function parseEnvelope(text: string): ErrorEnvelope | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && 'errors' in json ? (json as ErrorEnvelope) : undefined;
  } catch {
    return undefined;
  }
}

/** Canvas sends `errors` either as `[{message}]` or keyed by field (`{name: [{message}]}`). */
function envelopeMessages({ errors }: ErrorEnvelope): string[] {
  if (Array.isArray(errors)) return errors.map((e) => e.message);
  return Object.entries(errors).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).map((entry) => `${field}: ${messageOf(entry)}`),
  );
}

function messageOf(entry: unknown): string {
  if (typeof entry === 'object' && entry !== null && 'message' in entry && typeof entry.message === 'string') return entry.message;
  return String(entry);
}
