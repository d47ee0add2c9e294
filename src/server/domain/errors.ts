/**
 * Errors services throw. They name what went wrong in domain terms; `http/error-envelopes.ts` alone turns them
 * into Canvas statuses and bodies, so every area answers the same way.
 */

/** A record that does not exist, or that the caller may not know exists (Canvas answers both with 404). */
export class NotFoundError extends Error {
  constructor(what = 'resource') {
    super(`${what} not found`);
    this.name = 'NotFoundError';
  }
}

/** Authenticated, but not allowed to do this (docs/canvas-compatibility.md §0.2: 401 `unauthorized`). */
export class UnauthorizedError extends Error {
  constructor(reason = 'user not authorized to perform that action') {
    super(reason);
    this.name = 'UnauthorizedError';
  }
}

/** One entry of Canvas's keyed validation body; `type` may repeat the message, as Rails' does. */
export interface FieldIssue {
  readonly type: string;
  readonly message: string;
}

export type FieldErrors = Readonly<Record<string, ReadonlyArray<string | FieldIssue>>>;

/** A record that failed validation: 400 with `{"errors":{"title":[{"attribute","type","message"}]}}`. */
export class ValidationError extends Error {
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
export class BadRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadRequestError';
  }
}

/** `params.require(:module)` failing: 400 `{"errors":[{"message":"module is missing"}]}`. */
export class ParamMissingError extends Error {
  readonly param: string;

  constructor(param: string) {
    super(`${param} is missing`);
    this.name = 'ParamMissingError';
    this.param = param;
  }
}

/** A parameter rejected with a code, e.g. a too-short search term: `{"errors":[{"field","code","message"}]}`. */
export class InvalidParameterError extends Error {
  readonly field: string;
  readonly code: string;

  constructor(field: string, message: string, code = 'invalid') {
    super(message);
    this.name = 'InvalidParameterError';
    this.field = field;
    this.code = code;
  }
}

/** The write conflicts with the current state (a duplicate, a stale revision): 409. */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}
