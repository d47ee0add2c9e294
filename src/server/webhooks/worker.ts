import type { WebhookDeliveryData, WebhookSubscriptionData } from '../domain/records/webhook-records.ts';
import { retryStale, writeTogether } from '../domain/repository.ts';
import type { Stored, WriteStamp } from '../storage/typed-records.ts';
import type { DeliveryWaker } from './runtime.ts';
import { LEASE_MS, MAX_ATTEMPTS, offlineRecheckMs, retryDelayMs } from './schedule.ts';
import { failureStreak, StreakClock } from './failure-streak.ts';
import { isLoopback, type SendOutcome, type Transport } from './transports/outcome.ts';
import { padTime, type WebhookRepositories } from './webhook-store.ts';

export interface DeliveryWorkerOptions {
  repos: WebhookRepositories;
  transports: { https: Transport; sqs?: Transport };
  /** Electron's `net.isOnline()` plus the last result; while false nothing non-loopback is attempted. */
  isOnline?: () => boolean;
  now?: () => number;
  random?: () => number;
  /** False in tests that drive `runDue` with a fake clock: no timers at all. */
  schedule?: boolean;
  /** At most this many sends at once (docs/architecture.md §8.3). */
  concurrency?: number;
}

type Delivery = Stored<WebhookDeliveryData>;
type Subscription = Stored<WebhookSubscriptionData>;
const BATCH = 64;
const MAX_SLEEP_MS = 5 * 60_000;
/** How often an offline worker asks `isOnline()` again; there is no "online" event to wait for here. */
export const OFFLINE_POLL_MS = 30_000;

/**
 * How long the worker sleeps: until the earliest pending delivery, at most 5 min (so a changed clock is noticed).
 * Deliveries held back offline are already due, so waiting for them would spin: poll the network state instead.
 */
export function sleepMs(nextDueAt: number | undefined, now: number, heldOffline: boolean): number {
  const untilDue = nextDueAt === undefined ? MAX_SLEEP_MS : Math.max(0, nextDueAt - now);
  return Math.min(heldOffline ? Math.max(untilDue, OFFLINE_POLL_MS) : untilDue, MAX_SLEEP_MS);
}

/**
 * The one dispatcher (docs/architecture.md §8.3): claims due deliveries with a lease, sends each through its
 * subscription's transport, and records the outcome and the attempt in one write. At least once: a crash
 * between sending and recording leaves a lease that expires and the delivery is sent again, never lost.
 */
export class DeliveryWorker implements DeliveryWaker {
  readonly #o: Required<Omit<DeliveryWorkerOptions, 'transports'>> & Pick<DeliveryWorkerOptions, 'transports'>;
  readonly #streak: StreakClock;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  /** The last pass left due deliveries unsent because the machine was offline. */
  #heldOffline = false;
  #again = false;
  #stopped = false;

  constructor(options: DeliveryWorkerOptions) {
    // `??`, not a spread: a caller passing `isOnline: undefined` (no Electron) still gets the default.
    this.#o = {
      ...options,
      isOnline: options.isOnline ?? (() => true),
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
      schedule: options.schedule ?? true,
      concurrency: options.concurrency ?? 8,
    };
    this.#streak = new StreakClock(this.#o.now);
  }

  wake(): void {
    if (this.#stopped || !this.#o.schedule) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.runDue()
      .catch((err: unknown) => (console.error('webhook delivery pass failed', err), 0))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        } else {
          void this.#sleepUntilNextDue();
        }
      });
  }

  /** One pass over everything due now; returns the number of sends attempted. Tests call it directly. */
  async runDue(): Promise<number> {
    const now = this.#o.now();
    const online = this.#o.isOnline();
    this.#streak.observe(online);
    const due = await this.#due(now);
    const subscriptions = new Map<number, Subscription | undefined>();
    const picked: Array<{ delivery: Delivery; subscription: Subscription }> = [];
    const orderKeys = new Set<string>();
    this.#heldOffline = false;
    for (const delivery of due) {
      // Ordering (ours): one delivery per order key per pass, oldest first.
      if (orderKeys.has(delivery.data.order_key)) continue;
      orderKeys.add(delivery.data.order_key);
      if (!subscriptions.has(delivery.data.subscription_id)) subscriptions.set(delivery.data.subscription_id, await this.#o.repos.subscriptions.get(delivery.data.subscription_id));
      const subscription = subscriptions.get(delivery.data.subscription_id);
      if (!subscription || subscription.data.state !== 'active') {
        await this.#settle(delivery, { status: 'cancelled', lease_until: null }, now);
        continue;
      }
      // Offline: nothing is attempted and no attempt is counted; loopback receivers are always tried.
      if (!online && !isLoopback(subscription.data.transport_url)) {
        this.#heldOffline = true;
        continue;
      }
      picked.push({ delivery, subscription });
    }
    let sent = 0;
    for (let i = 0; i < picked.length && !this.#stopped; i += this.#o.concurrency) {
      const chunk = picked.slice(i, i + this.#o.concurrency);
      const results = await Promise.all(chunk.map((p) => this.#deliver(p.delivery, p.subscription)));
      sent += results.filter(Boolean).length;
    }
    return sent;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Pending rows whose time has come, and in-flight rows whose lease expired (a crash mid-send). */
  async #due(now: number): Promise<Delivery[]> {
    const range = (status: string) => ({ course_id: 0, sort_key: { $gte: `${status}:`, $lte: `${status}:${padTime(now)}` } });
    const [pending, expired] = await Promise.all([
      this.#o.repos.deliveries.find(range('pending'), [{ sort_key: 'asc' }]),
      this.#o.repos.deliveries.find(range('in_flight'), [{ sort_key: 'asc' }]),
    ]);
    return [...expired, ...pending].sort((a, b) => a.id - b.id).slice(0, BATCH);
  }

  async #deliver(read: Delivery, subscription: Subscription): Promise<boolean> {
    const now = this.#o.now();
    let claimed: Delivery;
    try {
      claimed = await this.#settle(read, { status: 'in_flight', lease_until: now + LEASE_MS }, now);
    } catch {
      return false; // Another pass claimed it first.
    }
    const s = subscription.data;
    const transport = s.transport_type === 'sqs' ? this.#o.transports.sqs : this.#o.transports.https;
    const started = this.#o.now();
    const outcome: SendOutcome = transport
      ? await transport({
          url: s.transport_url,
          body: claimed.data.body,
          deliveryId: claimed.data.delivery_id,
          subscriptionUuid: s.uuid,
          eventName: claimed.data.event_name,
          eventId: claimed.data.event_id,
          format: s.format,
          orderKey: claimed.data.order_key,
          signingSecret: s.signing_secret,
          nowMs: started,
        })
      : { kind: 'retry', status: null, errorClass: `${s.transport_type}_unavailable`, excerpt: '' };
    await this.#record(claimed, outcome, started);
    await this.#updateStreak(subscription.id, outcome);
    return true;
  }

  /** The delivery's next state and its attempt log entry, in one write. */
  async #record(delivery: Delivery, outcome: SendOutcome, started: number): Promise<void> {
    const now = this.#o.now();
    const d = delivery.data;
    const counted = outcome.kind !== 'offline';
    const attempts = d.attempts + (counted ? 1 : 0);
    const next: Partial<WebhookDeliveryData> = { attempts, lease_until: null, last_status: outcome.status, last_error_class: outcome.errorClass };
    if (outcome.kind === 'success') Object.assign(next, { status: 'succeeded', delivered_at: now, offline_checks: 0 });
    else if (outcome.kind === 'gone' || attempts >= MAX_ATTEMPTS) Object.assign(next, { status: 'dead' });
    else if (outcome.kind === 'offline') Object.assign(next, { status: 'pending', next_attempt_at: now + offlineRecheckMs(d.offline_checks), offline_checks: d.offline_checks + 1 });
    else Object.assign(next, { status: 'pending', next_attempt_at: now + retryDelayMs(attempts, this.#o.random, outcome.retryAfterMs), offline_checks: 0 });
    const stamp = this.#stamp(now);
    const attempt = await this.#o.repos.attempts.build(
      {
        delivery_id: delivery.id,
        n: d.attempts + (counted ? 1 : 0),
        counted,
        started_at: started,
        duration_ms: now - started,
        status_code: outcome.status,
        error_class: outcome.errorClass,
        response_excerpt: outcome.excerpt,
      },
      stamp,
    );
    await writeTogether([this.#o.repos.deliveries.replacement(delivery, { ...d, ...next }, stamp), this.#o.repos.attempts.insertion(attempt)]);
  }

  /** 410 disables at once; a failing streak of five days of online time disables too; any success resets it. */
  async #updateStreak(subscriptionId: number, outcome: SendOutcome): Promise<void> {
    if (outcome.kind === 'offline') return;
    const offlineMs = outcome.kind === 'retry' ? this.#streak.offlineSinceLastFailure(subscriptionId) : 0;
    await retryStale(async () => {
      const current = await this.#o.repos.subscriptions.get(subscriptionId);
      if (!current || current.data.state !== 'active') return;
      const next = failureStreak(current.data, outcome, this.#o.now(), offlineMs);
      if (next === current.data) return;
      await this.#o.repos.subscriptions.replaceMany([{ read: current, data: next }], this.#stamp(this.#o.now()));
    });
  }

  async #settle(delivery: Delivery, change: Partial<WebhookDeliveryData>, now: number): Promise<Delivery> {
    const [updated] = await this.#o.repos.deliveries.replaceMany([{ read: delivery, data: { ...delivery.data, ...change } }], this.#stamp(now));
    return updated!;
  }

  #stamp(now: number): WriteStamp {
    return { actorId: 0, requestId: 'webhook-worker', now };
  }

  /** Sleeps until the earliest pending delivery, or the next online check while offline. */
  async #sleepUntilNextDue(): Promise<void> {
    if (this.#stopped || !this.#o.schedule) return;
    const [next] = await this.#o.repos.deliveries.find({ course_id: 0, sort_key: { $gte: 'pending:', $lt: 'pending;' } }, [{ sort_key: 'asc' }]);
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.wake(), sleepMs(next?.data.next_attempt_at, this.#o.now(), this.#heldOffline));
  }
}
