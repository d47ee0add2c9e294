import type { ErrorRequestHandler, RequestHandler } from 'express';

const NOT_FOUND = { errors: [{ message: 'The specified resource does not exist.' }] };

/** Unknown API paths answer like Canvas does for a missing record. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(NOT_FOUND);
};

/** Last resort: never leak a stack trace, always answer JSON. */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  const status = httpStatusOf(err);
  if (status >= 500) console.error(err);
  if (res.headersSent) return;
  const message = status >= 500 ? 'An error occurred.' : errorMessageOf(err);
  res.status(status).json({ errors: [{ message }] });
};

function httpStatusOf(err: unknown): number {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function errorMessageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Bad request';
}
