import type { WebhookSubscriptionData } from '../domain/records/webhook-records.ts';
import { DISABLE_AFTER_FAILING_MS, DISABLE_MIN_STREAK_MS, MAX_COUNTED_GAP_MS } from './schedule.ts';
import type { SendOutcome } from './transports/outcome.ts';

/**
 * Offline time the worker has seen while running. A failing streak counts only online time (docs/architecture.md §8.4),
 * so the offline milliseconds between two failures are taken off the gap between them.
 */
export class StreakClock {
  readonly #now: () => number;
  #offlineMs = 0;
  #lastCheck: number | undefined;
  #wasOnline = true;

  constructor(now: () => number) {
    this.#now = now;
  }

  observe(online: boolean): void {
    const now = this.#now();
    if (this.#lastCheck !== undefined && !this.#wasOnline) this.#offlineMs += now - this.#lastCheck;
    this.#lastCheck = now;
    this.#wasOnline = online;
  }

  /**
   * Offline ms seen since this subscription's previous failure; 0 for its first one in this process (after a
   * restart the gap cap below stands in for the time the app was closed).
   */
  offlineSinceLastFailure(subscriptionId: number): number {
    const since = this.#offlineMs - (this.#marks.get(subscriptionId) ?? this.#offlineMs);
    this.#marks.set(subscriptionId, this.#offlineMs);
    return since;
  }

  readonly #marks = new Map<number, number>();
}

type StreakFields = Pick<WebhookSubscriptionData, 'state' | 'disabled_reason' | 'failing_since' | 'failing_last_at' | 'failing_online_ms'>;

/**
 * The subscription after one counted attempt: a success ends the streak; 410 disables at once; otherwise the
 * online time since the previous failure is added (a gap longer than the schedule's longest wait means the app was
 * closed, and counts only up to that wait), and five days of it over a streak of 12 h or more disables.
 * Returns the same object when nothing changes.
 */
export function failureStreak<T extends StreakFields>(s: T, outcome: SendOutcome, now: number, offlineMs: number): T {
  if (outcome.kind === 'success') {
    return s.failing_since === null ? s : { ...s, failing_since: null, failing_last_at: null, failing_online_ms: 0 };
  }
  if (outcome.kind === 'gone') return { ...s, state: 'disabled', disabled_reason: 'the endpoint answered 410 Gone' };
  const gap = s.failing_last_at === null ? 0 : Math.min(Math.max(0, now - s.failing_last_at - offlineMs), MAX_COUNTED_GAP_MS);
  const next = { ...s, failing_since: s.failing_since ?? now, failing_last_at: now, failing_online_ms: s.failing_online_ms + gap };
  if (next.failing_online_ms >= DISABLE_AFTER_FAILING_MS && now - next.failing_since >= DISABLE_MIN_STREAK_MS) {
    return { ...next, state: 'disabled', disabled_reason: 'every delivery failed for 5 days of online time' };
  }
  return next;
}
