import type { HubClient } from './hub-client.ts';
import { readServerEvents, type ServerEvent } from './server-events.ts';
import type { PullCollection } from './sync-partitions.ts';

export interface HubStreamOptions {
  client: HubClient;
  collection: PullCollection;
  onEvent(event: ServerEvent): void;
  /** Told when the stream opens (the hub is reachable) and when it drops or fails to open (it may not be). */
  onConnection?(connected: boolean): void;
  /** First wait after a dropped or refused connection, doubled per failure up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * The device's end of one collection's hub event stream: holds it open, reconnects with backoff while the hub is
 * unreachable, and stays disconnected while the machine is offline (`setOnline`). Events are handed over as they
 * arrive; what they mean is the caller's business (DeviceSync turns each into an RxDB RESYNC).
 */
export class HubStream {
  readonly #o: Required<HubStreamOptions>;
  #online = true;
  #stopped = false;
  #connection: AbortController | undefined;
  #wake: (() => void) | undefined;
  readonly #running: Promise<void>;

  constructor(options: HubStreamOptions, online = true) {
    this.#o = { minBackoffMs: 1000, maxBackoffMs: 30_000, onConnection: () => undefined, ...options };
    this.#online = online;
    this.#running = this.#loop();
  }

  /** Offline drops the connection and waits; online reconnects at once, without finishing a backoff. */
  setOnline(online: boolean): void {
    this.#online = online;
    if (!online) this.#connection?.abort();
    this.#wake?.();
  }

  /** The hub answered another request: a stream waiting out its backoff tries again at once. */
  reconnectNow(): void {
    if (!this.#connection) this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#connection?.abort();
    this.#wake?.();
    await this.#running;
  }

  async #loop(): Promise<void> {
    let backoff = this.#o.minBackoffMs;
    while (!this.#stopped) {
      if (!this.#online) {
        await this.#sleep(undefined);
        continue;
      }
      const connection = new AbortController();
      this.#connection = connection;
      try {
        const body = await this.#o.client.openStream(this.#o.collection, connection.signal);
        backoff = this.#o.minBackoffMs;
        this.#o.onConnection(true);
        for await (const event of readServerEvents(body)) this.#o.onEvent(event);
      } catch {
        // Unreachable, refused (e.g. a revoked token answers 401) or aborted: all end in a wait and a retry.
      } finally {
        this.#connection = undefined;
      }
      if (!this.#stopped && this.#online) this.#o.onConnection(false);
      if (this.#stopped) break;
      await this.#sleep(backoff);
      backoff = Math.min(backoff * 2, this.#o.maxBackoffMs);
    }
  }

  /** Waits `ms` (forever when undefined) or until `setOnline`/`stop` wakes the loop. */
  #sleep(ms: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
      this.#wake = done;
    });
  }
}
