import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * Every response carries the id of its request, which records written by it keep (`request_id`) for the
 * webhook and audit trails. Always generated here: a client-sent id would let one request impersonate another.
 */
export const assignRequestId: RequestHandler = (_req, res, next) => {
  const id = randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};

export function requestIdOf(res: { locals: Record<string, unknown> }): string {
  const id = res.locals.requestId;
  return typeof id === 'string' ? id : randomUUID();
}
