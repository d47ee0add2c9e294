import { replicaOf } from '../domain/ids.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { HubClient } from './hub-client.ts';
import type { Outbox, OutboxEntry } from './outbox.ts';

/** Entries per replay request: each may carry a page body, so requests stay well under the hub's body limit. */
const BATCH = 20;

/**
 * Sends the outbox to the hub, oldest first, one request at a time, and settles what the hub answered: an
 * applied entry leaves the outbox, a refused one stays as a refused change, one that met a later change on the hub
 * leaves it as a recorded conflict. Either way the records the request created here were placeholders (the hub
 * allocated its own ids, decision 0044) and are removed; the hub's records arrive by pull. A failed request (hub
 * unreachable, 5xx) throws and leaves every unanswered entry pending: the hub's receipts make sending them again
 * harmless.
 */
export class OutboxSender {
  readonly #outbox: Outbox;
  readonly #client: HubClient;
  readonly #db: OutpostDatabase;
  readonly #replica: number;
  #running: Promise<void> | undefined;

  constructor(outbox: Outbox, client: HubClient, db: OutpostDatabase, replica: number) {
    this.#outbox = outbox;
    this.#client = client;
    this.#db = db;
    this.#replica = replica;
  }

  /** Sends everything sendable now; a call while one runs waits for it and then sends what came meanwhile. */
  async flush(): Promise<void> {
    while (this.#running) await this.#running.catch(() => undefined);
    this.#running = this.#sendAll();
    try {
      await this.#running;
    } finally {
      this.#running = undefined;
    }
  }

  async #sendAll(): Promise<void> {
    for (;;) {
      const batch = (await this.#outbox.sendable()).slice(0, BATCH);
      if (batch.length === 0) return;
      const results = await this.#client.replay(this.#replica, batch.map(sentForm));
      const byId = new Map(results.map((r) => [r.id, r]));
      for (const entry of batch) {
        const result = byId.get(entry.record.id);
        if (!result) throw new Error(`the hub did not answer outbox entry ${entry.record.id}`);
        if (result.outcome === 'applied') await this.#outbox.remove(entry);
        else if (result.outcome === 'conflict' && result.conflict) await this.#outbox.conflicted(entry, result.conflict, Date.now());
        else await this.#outbox.refuse(entry, result.status, result.message ?? '', Date.now());
        await this.#removePlaceholders(entry);
      }
    }
  }

  async #removePlaceholders(entry: OutboxEntry): Promise<void> {
    for (const created of entry.record.data.created) {
      if (replicaOf(created.id) !== this.#replica) continue;
      await this.#db.collections[created.collection].bulkRemove([created.key]);
    }
  }
}

function sentForm(entry: OutboxEntry) {
  const { method, route, params, user_id, device_time, base, created } = entry.record.data;
  return { id: entry.record.id, method, route, params, user_id, device_time, base, created };
}
