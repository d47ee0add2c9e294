import { describe, expect, it } from 'vitest';
import { attemptTimes } from '../../../src/renderer/src/features/grader/attempt-times.ts';
import { formatDateTime } from '../../../src/renderer/src/lib/format.ts';

const MADE = '2030-01-01T09:00:00Z';
const RECEIVED = '2030-01-02T17:30:00Z';

describe("the grader's line about when an attempt was handed in", () => {
  it('an attempt made offline shows when it was made and when the hub received it', () => {
    expect(attemptTimes({ attempt: 2, submitted_at: MADE, received_at: RECEIVED })).toBe(`Attempt 2, submitted offline at ${formatDateTime(MADE)}, received ${formatDateTime(RECEIVED)}`);
  });

  it('an attempt received as it was made shows one time', () => {
    expect(attemptTimes({ attempt: 1, submitted_at: MADE, received_at: null })).toBe(`Attempt 1, submitted ${formatDateTime(MADE)}`);
    expect(attemptTimes({ attempt: 1, submitted_at: MADE })).toBe(`Attempt 1, submitted ${formatDateTime(MADE)}`);
    expect(attemptTimes({ attempt: 1, submitted_at: null })).toBe('Attempt 1, submitted at an unknown time');
  });
});
