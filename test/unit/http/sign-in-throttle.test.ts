import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/server/http/http-errors.ts';
import { SIGN_IN_LIMITS, SignInThrottle } from '../../../src/server/http/sign-in-throttle.ts';

const T0 = 1_700_000_000_000;

function refusal(throttle: SignInThrottle, login: string, address: string, now: number): HttpError | undefined {
  try {
    throttle.check(login, address, now);
    return undefined;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
}

describe('SignInThrottle', () => {
  it('locks a login after ten failures, tells how long to wait, and forgives one failure a minute', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 10; i++) {
      expect(refusal(throttle, 'Pat@Example.test', '10.0.0.1', T0)).toBeUndefined();
      throttle.failed('pat@example.test', '10.0.0.1', T0);
    }
    const refused = refusal(throttle, 'PAT@example.test', '10.0.0.2', T0);
    expect(refused?.status).toBe(429);
    expect(refused?.headers['Retry-After']).toBe('60');
    expect(refusal(throttle, 'pat@example.test', '10.0.0.2', T0 + 60_000)).toBeUndefined();
  });

  it('a right password clears the login’s failures', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 9; i++) throttle.failed('pat', 'a', T0);
    throttle.succeeded('pat');
    throttle.failed('pat', 'a', T0);
    expect(refusal(throttle, 'pat', 'b', T0)).toBeUndefined();
  });

  it('limits guessing many logins from one address', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.highWater; i++) throttle.failed(`login-${i}`, '10.0.0.9', T0);
    expect(refusal(throttle, 'fresh-login', '10.0.0.9', T0)?.status).toBe(429);
    expect(refusal(throttle, 'fresh-login', '10.0.0.10', T0)).toBeUndefined();
  });

  it('keeps at most maxTracked buckets, dropping the oldest', () => {
    const throttle = new SignInThrottle({ ...SIGN_IN_LIMITS, perLogin: { highWater: 1, maximum: 1, outflowPerSecond: 1 / 60 }, maxTracked: 3 });
    for (const login of ['a', 'b', 'c', 'd']) throttle.failed(login, `addr-${login}`, T0);
    // 'a' was forgotten to make room for 'd'; the three newest are still refused.
    expect(refusal(throttle, 'a', 'elsewhere', T0)).toBeUndefined();
    for (const login of ['b', 'c', 'd']) expect(refusal(throttle, login, 'elsewhere', T0)?.status).toBe(429);
  });
});
