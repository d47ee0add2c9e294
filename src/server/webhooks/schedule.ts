const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The Standard Webhooks example schedule (docs/architecture.md §8.4): the delay before attempt n+1. Ten attempts over
 * about 75.6 hours of online time, then the delivery is dead.
 */
export const RETRY_DELAYS_MS = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;
/** `Retry-After` is honoured up to a day. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;
/** Disabling (Svix's rule): five days of online time in which every attempt failed, over a streak of at least 12 h. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;
export const DISABLE_MIN_STREAK_MS = 12 * HOUR;
/** A gap between two failures longer than the longest scheduled wait means the app was closed or offline. */
export const MAX_COUNTED_GAP_MS = 24 * HOUR * 1.2;
export const LEASE_MS = 60 * SECOND;

/** Unreachable-network failures are rechecked at 30 s, doubling to 5 min, and burn no attempts. */
export function offlineRecheckMs(checks: number): number {
  return Math.min(30 * SECOND * 2 ** Math.min(checks, 10), 5 * MINUTE);
}

/** The wait after `attempts` counted attempts, jittered ×0.8–1.2 so retries of many deliveries spread out. */
export function retryDelayMs(attempts: number, random: () => number, retryAfterMs?: number): number {
  const base = RETRY_DELAYS_MS[Math.min(attempts, MAX_ATTEMPTS - 1)] ?? 0;
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  return retryAfterMs === undefined ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}
