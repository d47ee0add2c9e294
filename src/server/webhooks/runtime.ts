import type { Subscription } from 'rxjs';
import type { RecordCollection } from '../storage/database.ts';
import type { EventDeriver } from './deriver.ts';

/** What the runtime drives after each derivation: the delivery worker, when one is configured. */
export interface DeliveryWaker {
  wake(): void;
  stop(): Promise<void>;
}

/** Requests the runtime steps aside for (`ForegroundRequests`): `quiet` resolves once none is waiting, or after the bound. */
export interface RequestsInFlight {
  quiet(maxWaitMs: number): Promise<void>;
}

const RETRY_AFTER_ERROR_MS = 5_000;

/**
 * How long a derivation waits at most for unanswered requests. A replayed push of 50 grades is one request of 50
 * writes, each waking the deriver: derived one by one, their passes (each a read of the deriver's state and a
 * durable write to `local`) cost the push about as much CPU as its own entries. Waiting lets one pass take many
 * writes' changes; the bound keeps events flowing while requests never stop.
 */
const YIELD_TO_REQUESTS_MS = 100;

/**
 * Runs the deriver whenever a source collection commits (RxDB emits change events only after commit), one run
 * at a time and after the requests still unanswered (up to a bound), then wakes the delivery worker. `stop`
 * unsubscribes, clears its timer and waits for the run in progress, so closing the database never races a write
 * and tests leak no timers.
 */
export class WebhookRuntime {
  readonly #deriver: EventDeriver;
  readonly #sources: readonly RecordCollection[];
  readonly #worker: DeliveryWaker | undefined;
  readonly #requests: RequestsInFlight | undefined;
  #subscriptions: Subscription[] = [];
  #running: Promise<void> | undefined;
  #dirty = false;
  #stopped = false;
  #retryTimer: NodeJS.Timeout | undefined;

  constructor(deriver: EventDeriver, sources: readonly RecordCollection[], worker?: DeliveryWaker, requests?: RequestsInFlight) {
    this.#deriver = deriver;
    this.#sources = sources;
    this.#worker = worker;
    this.#requests = requests;
  }

  start(): void {
    this.#subscriptions = this.#sources.map((collection) => collection.$.subscribe(() => this.kick()));
    // Changes committed while the app was closed (or replicated in before start) are derived now.
    this.kick();
    // Deliveries left pending (or leased by a process that died) are sent now.
    this.#worker?.wake();
  }

  /** Derive now, or right after the run in progress. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#dirty = true;
      return;
    }
    this.#running = this.#run().finally(() => (this.#running = undefined));
  }

  /** Resolves once everything committed so far has been derived (tests and shutdown use it). */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #run(): Promise<void> {
    do {
      await this.#requests?.quiet(YIELD_TO_REQUESTS_MS);
      this.#dirty = false;
      try {
        if ((await this.#deriver.deriveAll()) > 0) this.#worker?.wake();
      } catch (err) {
        // A failed pass wrote nothing (one transaction); the same changes are derived on the retry.
        console.error('webhook deriver failed; retrying', err);
        clearTimeout(this.#retryTimer);
        this.#retryTimer = setTimeout(() => this.kick(), RETRY_AFTER_ERROR_MS);
        return;
      }
    } while (this.#dirty && !this.#stopped);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const subscription of this.#subscriptions) subscription.unsubscribe();
    clearTimeout(this.#retryTimer);
    await this.settled();
    await this.#worker?.stop();
  }
}
