import type { Delegation } from './classroom-delegations.ts';
import type { ReplayResult } from './replay-ledger.ts';
import { encodeCheckpoint, type PullCollection, type SyncCheckpoint, type WireRecord } from './sync-partitions.ts';

/** Where the device's hub is and whose token it uses there (OUTPOST_HUB_URL, OUTPOST_HUB_TOKEN). */
export interface HubConnection {
  url: string;
  token: string;
}

/**
 * Names the device's latest id (`IdAllocator.latest`) on every sync request: the hub keeps when it heard each, to
 * vouch for the time of outbox entries made after that contact (decision 0062).
 */
export const LATEST_ID_HEADER = 'outpost-latest-id';

/** How many changes the device still has to send, also on every sync request: what `Devices in this class` shows. */
export const WAITING_HEADER = 'outpost-waiting';

export class HubRequestError extends Error {
  readonly status: number;

  constructor(status: number, what: string) {
    super(`hub answered ${status} to ${what}`);
    this.name = 'HubRequestError';
    this.status = status;
  }
}

/** The device's HTTP calls to its hub's sync area; a failure throws, and RxDB retries after its retry time. */
export class HubClient {
  readonly #hub: HubConnection;
  readonly #latestId: () => number;
  readonly #waiting: () => number;

  constructor(hub: HubConnection, latestId: () => number, waiting: () => number = () => 0) {
    this.#hub = hub;
    this.#latestId = latestId;
    this.#waiting = waiting;
  }

  get connection(): HubConnection {
    return this.#hub;
  }

  async pull(collection: PullCollection, since: SyncCheckpoint | undefined, limit: number): Promise<{ documents: WireRecord[]; checkpoint: SyncCheckpoint }> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (since) query.set('checkpoint', encodeCheckpoint(since));
    const body = (await this.#call('GET', `/api/v1/sync/${collection}/pull?${query}`)) as { documents: WireRecord[]; checkpoint: SyncCheckpoint };
    const { seq, scope, sweep } = body.checkpoint;
    return { documents: body.documents, checkpoint: { seq, scope, ...(sweep ? { sweep } : {}) } };
  }

  /** Sends outbox entries; the hub performs them in order as the token's user and answers each outcome. */
  async replay(device: number, entries: readonly unknown[]): Promise<ReplayResult[]> {
    return ((await this.#call('POST', '/api/v1/sync/replay', { device, entries })) as { results: ReplayResult[] }).results;
  }

  /**
   * Asks the hub for (or refreshes) this token's classroom delegation (decision 0126): the courses and the people it
   * covers, with their verifiers. Undefined when the hub grants none (the user teaches no active course).
   */
  async classroomDelegation(): Promise<Delegation | undefined> {
    try {
      return (await this.#call('POST', '/api/v1/sync/classroom_delegation', {})) as Delegation;
    } catch (err) {
      if (err instanceof HubRequestError && err.status === 400) return undefined;
      throw err;
    }
  }

  /** The hub's current state of records, as its pull would send them (a tombstone for what the user may not hold). */
  async states(collection: PullCollection, keys: readonly string[]): Promise<WireRecord[]> {
    const query = new URLSearchParams(keys.map((key): [string, string] => ['keys[]', key]));
    return ((await this.#call('GET', `/api/v1/sync/${collection}/states?${query}`)) as { documents: WireRecord[] }).documents;
  }

  /** Opens a collection's event stream on the hub; the caller reads the body and aborts `signal` to close it. */
  async openStream(collection: PullCollection, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const res = await fetch(this.#url(`/api/v1/sync/${collection}/stream`), { headers: { ...this.#auth(), accept: 'text/event-stream' }, signal });
    if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel();
      throw new HubRequestError(res.status, 'the event stream');
    }
    return res.body;
  }

  async #call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { ...this.#auth(), accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.#url(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new HubRequestError(res.status, `${method} ${path.split('?')[0]}`);
    return JSON.parse(text) as unknown;
  }

  #url(path: string): string {
    return new URL(path, this.#hub.url).toString();
  }

  #auth(): Record<string, string> {
    return { authorization: `Bearer ${this.#hub.token}`, [LATEST_ID_HEADER]: String(this.#latestId()), [WAITING_HEADER]: String(this.#waiting()) };
  }
}
