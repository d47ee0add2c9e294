/**
 * Errors services throw. Each is one of five kinds — NotFoundError (404), RefusedError (401), ForbiddenError
 * (403, rare: Canvas mostly refuses with 401), InvalidError (400), ConflictError (409) — and names what went wrong in domain terms; `http/error-envelopes.ts` alone turns
 * them into Canvas statuses and bodies, so every area answers the same way and no service knows about HTTP.
 */

/**
 * Canvas's controllers word failure bodies differently per endpoint, and clients parse the exact shape, so an
 * error may name the shape its endpoint answers with (the default is the kind's usual Canvas body):
 * - `'message'`: `{"message": <message>}`
 * - `'error'`: `{"error": <message>}`
 * - `'status'`: `{"status": "bad_request", "errors": [{"message": <message>}]}` (the status as Canvas names it)
 * - `'none'`: `{}`, e.g. a 404 relayed from a service whose body is empty
 * - `'bare_status'`: `{"status": <message>}`, e.g. group categories' `{"status":"not found"}`
 * - `{ field }`: `{"errors": {<field>: <message>}}`
 * - `{ error }`: `{"error": <error>, "message": <message>}`, a summary with the detail beside it
 * - `{ oauth }`: `{"error": <oauth>, "error_description": <message>}`, RFC 6749's body on the OAuth2 endpoints
 */
export type Wording =
  | 'message'
  | 'error'
  | 'status'
  | 'none'
  | 'bare_status'
  | { readonly field: string }
  | { readonly error: string }
  | { readonly oauth: string };

/** What went wrong, in the terms the HTTP layer maps to a status: one status per kind. */
export type ErrorKind = 'not_found' | 'refused' | 'forbidden' | 'invalid' | 'conflict';

/** A failure of one of the four kinds below; `wording` picks the endpoint's body shape (see `Wording`). */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  readonly wording: Wording | undefined;

  constructor(message: string, wording?: Wording) {
    super(message);
    this.wording = wording;
  }
}

/** A record that does not exist, or that the caller may not know exists (Canvas answers both with 404). */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';

  constructor(what = 'resource', wording?: Wording) {
    super(`${what} not found`, wording);
    this.name = 'NotFoundError';
  }

  /** A 404 whose endpoint says more than "<what> not found", in its own words. */
  static saying(message: string, wording: Wording): NotFoundError {
    const error = new NotFoundError(undefined, wording);
    error.message = message;
    return error;
  }
}

/** Authenticated (or holding a credential), but not allowed to do this: 401. */
export class RefusedError extends DomainError {
  readonly kind = 'refused';

  constructor(message: string, wording?: Wording) {
    super(message, wording);
    this.name = 'RefusedError';
  }
}

/**
 * The caller lacks the permission. Canvas answers with 401 (not 403; docs/canvas-compatibility.md §0.2) and
 * `{"status":"unauthorized","errors":[{"message":"user not authorized to perform that action"}]}`.
 */
export class UnauthorizedError extends RefusedError {
  constructor() {
    super('user not authorized to perform that action', 'status');
    this.name = 'UnauthorizedError';
  }
}

/** A credential that is unknown, expired, revoked or already spent (a single-use upload URL's token). */
export class InvalidTokenError extends RefusedError {
  constructor() {
    super('Invalid access token.');
    this.name = 'InvalidTokenError';
  }
}

/**
 * The few refusals Canvas answers with 403 rather than its usual 401 (docs/canvas-compatibility.md §0.2), each in
 * its endpoint's words, e.g. `/students/submissions` naming assignments the caller cannot list.
 */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';

  constructor(message: string, wording: Wording) {
    super(message, wording);
    this.name = 'ForbiddenError';
  }
}

/** Input the rules refuse: 400, by default `{"errors":[{"message"}]}`. */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';

  constructor(message: string, wording?: Wording) {
    super(message, wording);
    this.name = 'InvalidError';
  }
}

/** One entry of Canvas's keyed validation body; `type` may repeat the message, as Rails' does. */
export interface FieldIssue {
  readonly type: string;
  readonly message: string;
}

export type FieldErrors = Readonly<Record<string, ReadonlyArray<string | FieldIssue>>>;

/** A record that failed validation: 400 with `{"errors":{"title":[{"attribute","type","message"}]}}`. */
export class ValidationError extends InvalidError {
  readonly fields: FieldErrors;

  constructor(fields: FieldErrors) {
    super(`invalid: ${Object.keys(fields).join(', ')}`);
    this.name = 'ValidationError';
    this.fields = fields;
  }

  static field(attribute: string, message: string, type = message): ValidationError {
    return new ValidationError({ [attribute]: [{ type, message }] });
  }
}

/** A hand-written controller guard: 400 with Canvas's bare `{"message":"missing module parameter"}`. */
export class BadRequestError extends InvalidError {
  constructor(message: string) {
    super(message, 'message');
    this.name = 'BadRequestError';
  }
}

/** `params.require(:module)` failing: 400 `{"errors":[{"message":"module is missing"}]}`. */
export class ParamMissingError extends InvalidError {
  readonly param: string;

  constructor(param: string) {
    super(`${param} is missing`);
    this.name = 'ParamMissingError';
    this.param = param;
  }
}

/** A parameter rejected with a code, e.g. a too-short search term: `{"errors":[{"field","code","message"}]}`. */
export class InvalidParameterError extends InvalidError {
  readonly field: string;
  readonly code: string;

  constructor(field: string, message: string, code = 'invalid') {
    super(message);
    this.name = 'InvalidParameterError';
    this.field = field;
    this.code = code;
  }
}

/** The write conflicts with the current state (a duplicate, a stale revision): 409 `{"errors":[{"message"}]}`. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';

  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}
