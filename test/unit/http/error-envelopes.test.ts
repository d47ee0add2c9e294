import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  InvalidError,
  InvalidTokenError,
  NotFoundError,
  ParamMissingError,
  RefusedError,
  UnauthorizedError,
} from '../../../src/server/domain/errors.ts';
import { StaleWriteError } from '../../../src/server/domain/repository.ts';
import { errorResponse } from '../../../src/server/http/error-envelopes.ts';

const answer = (err: unknown) => {
  const { status, body } = errorResponse(err);
  return { status, body };
};

describe('domain errors as Canvas answers (the one mapping in http/error-envelopes.ts)', () => {
  it('gives each kind its status and usual body', () => {
    expect(answer(new NotFoundError('course'))).toEqual({ status: 404, body: { errors: [{ message: 'The specified resource does not exist.' }] } });
    expect(answer(new UnauthorizedError())).toEqual({
      status: 401,
      body: { status: 'unauthorized', errors: [{ message: 'user not authorized to perform that action' }] },
    });
    expect(answer(new ParamMissingError('module'))).toEqual({ status: 400, body: { errors: [{ message: 'module is missing' }] } });
    expect(answer(new BadRequestError('missing module name'))).toEqual({ status: 400, body: { message: 'missing module name' } });
    expect(answer(new ConflictError('taken'))).toEqual({ status: 409, body: { errors: [{ message: 'taken' }] } });
    expect(answer(new StaleWriteError('course:1')).status).toBe(409);
  });

  it("words a body the way the endpoint's Canvas controller does", () => {
    expect(answer(new NotFoundError('role', 'message'))).toEqual({ status: 404, body: { message: 'role not found' } });
    expect(answer(NotFoundError.saying('No object of type Assignment with that ID', 'message')).body).toEqual({
      message: 'No object of type Assignment with that ID',
    });
    expect(answer(new NotFoundError('subscription', 'none'))).toEqual({ status: 404, body: {} });
    expect(answer(new RefusedError('Unauthorized subscription', 'error'))).toEqual({ status: 401, body: { error: 'Unauthorized subscription' } });
    expect(answer(new InvalidError('only one', 'status'))).toEqual({ status: 400, body: { status: 'bad_request', errors: [{ message: 'only one' }] } });
    expect(answer(new InvalidError('Create failed', { field: 'base' }))).toEqual({ status: 400, body: { errors: { base: 'Create failed' } } });
    expect(answer(new InvalidError('x is required', { error: 'Invalid subscription' }))).toEqual({
      status: 400,
      body: { error: 'Invalid subscription', message: 'x is required' },
    });
  });

  it('answers a spent or unknown credential like a bad access token, challenge included', () => {
    expect(errorResponse(new InvalidTokenError())).toEqual({
      status: 401,
      body: { errors: [{ message: 'Invalid access token.' }] },
      headers: { 'WWW-Authenticate': 'Bearer realm="canvas-lms"' },
    });
  });
});
