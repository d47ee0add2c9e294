import { replicaOf } from '../domain/ids.ts';
import { LARGE_BODY_BYTES } from '../../contracts/upload-limits.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { HubClient } from './hub-client.ts';
import type { Outbox, OutboxEntry } from './outbox.ts';
import { dropSettledStandIns } from './stand-ins.ts';

/** Entries per replay request at most. */
const BATCH = 20;
/**
 * Bytes of entries per replay request at most: the hub's replay route takes bodies up to this limit, and
 * entries carry page bodies and uploaded files (base64, up to 1.87 MB for the largest file Outpost stores, which
 * therefore travels alone). The margin is for the request's own JSON around the entries.
 */
const BATCH_BYTES = LARGE_BODY_BYTES - 64 * 1024;

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
  #running: Promise<number> | undefined;

  constructor(outbox: Outbox, client: HubClient, db: OutpostDatabase, replica: number) {
    this.#outbox = outbox;
    this.#client = client;
    this.#db = db;
    this.#replica = replica;
  }

  /**
   * Sends everything sendable now; a call while one runs waits for it and then sends what came meanwhile. Resolves
   * with how many entries the hub answered: their results (the hub's records) are then there to pull.
   */
  async flush(): Promise<number> {
    while (this.#running) await this.#running.catch(() => undefined);
    const running = this.#sendAll();
    this.#running = running;
    try {
      return await running;
    } finally {
      this.#running = undefined;
    }
  }

  async #sendAll(): Promise<number> {
    let answered = 0;
    for (;;) {
      const sent = batchOf(await this.#outbox.sendable());
      if (sent.length === 0) return answered;
      answered += sent.length;
      const batch = sent.map(({ entry }) => entry);
      const results = await this.#client.replay(this.#replica, sent.map(({ form }) => form));
      const byId = new Map(results.map((r) => [r.id, r]));
      for (const entry of batch) {
        const result = byId.get(entry.record.id);
        if (!result) throw new Error(`the hub did not answer outbox entry ${entry.record.id}`);
        if (result.outcome === 'applied') await this.#outbox.settle(entry, result.ids ?? []);
        else if (result.outcome === 'conflict' && result.conflict) await this.#outbox.conflicted(entry, result.conflict, Date.now());
        else await this.#outbox.refuse(entry, result.status, result.message ?? '', Date.now());
        await this.#removePlaceholders(entry);
      }
      const bases = batch.flatMap((entry) => (entry.record.data.base ? [entry.record.data.base] : []));
      await dropSettledStandIns(this.#db, this.#outbox, this.#replica, bases);
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

/** The oldest entries that fit one replay request; the oldest goes even alone, whatever its size. */
function batchOf(sendable: readonly OutboxEntry[]): { entry: OutboxEntry; form: ReturnType<typeof sentForm> }[] {
  const batch: { entry: OutboxEntry; form: ReturnType<typeof sentForm> }[] = [];
  let bytes = 0;
  for (const entry of sendable.slice(0, BATCH)) {
    const form = sentForm(entry);
    bytes += Buffer.byteLength(JSON.stringify(form));
    if (batch.length > 0 && bytes > BATCH_BYTES) break;
    batch.push({ entry, form });
  }
  return batch;
}
