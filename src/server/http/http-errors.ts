/**
 * Failures the HTTP layer itself detects (transport, parsing, auth, throttling), each with the exact status,
 * body and headers it answers with. Domain errors are mapped separately in `error-envelopes.ts`.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const messageBody = (message: string) => ({ errors: [{ message }] });

/** Missing, unknown, expired or revoked token (docs/canvas-compatibility.md §0.2): the only 401 with the challenge header. */
export function invalidTokenError(): HttpError {
  return new HttpError(401, messageBody('Invalid access token.'), { 'WWW-Authenticate': 'Bearer realm="canvas-lms"' });
}

/** Canvas sends no challenge here: a new token would not help. */
export function insufficientScopeError(): HttpError {
  return new HttpError(401, messageBody('Insufficient scopes on access token.'));
}

/**
 * A full budget (decision 0080): 429 with `Retry-After` in whole seconds, and Canvas's own marks of a throttled
 * request (its body text and `X-Rate-Limit-Remaining: 0.0`), which is what Canvas clients look for.
 */
export function rateLimitedError(retryAfterSeconds: number): HttpError {
  return new HttpError(429, messageBody('403 Forbidden (Rate Limit Exceeded)'), {
    'X-Rate-Limit-Remaining': '0.0',
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/**
 * The caller holds as many event streams as it may: 429, to try again once one has closed (a device's reconnect
 * backoff waits about this long anyway).
 */
export function tooManyStreamsError(): HttpError {
  return new HttpError(429, messageBody('Too many open event streams for this token or user: close one first.'), { 'Retry-After': '30' });
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, messageBody(message));
}

export function forbidden(message: string): HttpError {
  return new HttpError(403, messageBody(message));
}

export function payloadTooLarge(limitBytes: number): HttpError {
  return new HttpError(413, messageBody(`Request body is larger than ${limitBytes} bytes.`));
}

export function unsupportedMediaType(): HttpError {
  return new HttpError(415, messageBody('Send request bodies as application/json or application/x-www-form-urlencoded.'));
}
