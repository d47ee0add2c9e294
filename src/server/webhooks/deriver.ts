import type { RxDocumentData } from 'rxdb';
import type { WebhookDeriverData, WebhookSnapshotData, WebhookSubscriptionData } from '../domain/records/webhook-records.ts';
import type { Repositories } from '../domain/repositories.ts';
import { writeTogether, type PlannedWrite } from '../domain/repository.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';
import type { Stored, WriteStamp } from '../storage/typed-records.ts';
import type { CanonicalEvent } from './canonical-event.ts';
import { EventFacts } from './event-facts.ts';
import { formatPayload } from './payloads/index.ts';
import { derivationOf } from './record-events.ts';
import { ulid } from './ulid.ts';
import { webhookLookup, type WebhookRepositories } from './webhook-store.ts';

/** The replicated collections whose records produce events, in the order they are read. */
export const SOURCE_COLLECTIONS = ['course_user', 'course'] as const;
const DERIVER_ID = 1;

export interface DeriverOptions {
  db: OutpostDatabase;
  repos: Repositories;
  webhooks: WebhookRepositories;
  rootAccountId: number;
  hostname: string;
  /** Changes read per pass; each pass is one write to `local`. */
  batchSize?: number;
  now?: () => number;
}

type Subscription = Stored<WebhookSubscriptionData>;

/**
 * Turns committed changes into deliveries (docs/architecture.md §8.1). Each pass reads one batch of one source collection's
 * change log after its `seq` checkpoint and writes the batch's deliveries, the updated snapshots and the new
 * checkpoint in ONE bulkWrite to `local`. A crash before that write leaves the checkpoint where it was, so the
 * same changes are derived again: nothing lost, nothing doubled.
 */
export class EventDeriver {
  readonly #o: Required<DeriverOptions>;

  constructor(options: DeriverOptions) {
    this.#o = { batchSize: 100, now: Date.now, ...options };
  }

  /** Derives until every source is caught up (or `maxPasses` passes); returns the number of deliveries written. */
  async deriveAll(maxPasses = 10_000): Promise<number> {
    let written = 0;
    for (let pass = 0; pass < maxPasses; pass++) {
      const result = await this.derivePass();
      written += result.deliveries;
      if (result.changes === 0) break;
    }
    return written;
  }

  /** One batch of the first source collection with changes left. */
  async derivePass(): Promise<{ changes: number; deliveries: number }> {
    const state = await this.#o.webhooks.deriver.get(DERIVER_ID);
    const checkpoints = state?.data.checkpoints ?? {};
    for (const source of SOURCE_COLLECTIONS) {
      const since = checkpoints[source] ?? 0;
      const storage = this.#o.db.collections[source].storageInstance;
      if (!storage.getChangedDocumentsSince) throw new Error('the storage has no change log: webhooks need one');
      // Our SQLite storage's checkpoint is `{id, seq}`; only `seq` orders the log.
      const { documents, checkpoint } = await storage.getChangedDocumentsSince(this.#o.batchSize, { id: '', seq: since } as never);
      if (documents.length === 0) continue;
      const seq = (checkpoint as { seq: number }).seq;
      const deliveries = await this.#commit(source, since, documents, state, { ...checkpoints, [source]: seq });
      return { changes: documents.length, deliveries };
    }
    return { changes: 0, deliveries: 0 };
  }

  async #commit(
    source: string,
    since: number,
    documents: RxDocumentData<StoredRecord>[],
    state: Stored<WebhookDeriverData> | undefined,
    checkpoints: Record<string, number>,
  ): Promise<number> {
    const { webhooks } = this.#o;
    const now = this.#o.now();
    const stamp: WriteStamp = { actorId: 0, requestId: 'webhook-deriver', now };
    const facts = new EventFacts(this.#o.repos, this.#o.rootAccountId, this.#o.hostname);
    const subscriptions = (await webhooks.subscriptions.find({ course_id: 0, sort_key: { $gte: 'dk:', $lt: 'dk;' } })).filter(
      (s) => s.data.state === 'active',
    );
    const writes: PlannedWrite[] = [];
    let deliveries = 0;
    for (const doc of documents) {
      if (doc._deleted) continue;
      const derived = await this.#derive(source, since, doc as unknown as Stored<object>, facts);
      if (!derived) continue;
      const { events, snapshot } = derived;
      writes.push(await this.#snapshotWrite(snapshot, stamp));
      for (const event of events) {
        for (const subscription of subscriptions.filter((s) => matches(s, event))) {
          const record = await webhooks.deliveries.build(
            {
              delivery_id: `msg_${ulid(now)}`,
              event_id: event.event_id,
              event_name: event.event_name,
              event_time: event.event_time,
              source: `${event.source}:${event.event_name}`,
              subscription_id: subscription.id,
              subscription_uuid: subscription.data.uuid,
              body: formatPayload(event, subscription.data.format, subscription.data.uuid, now),
              status: 'pending',
              attempts: 0,
              offline_checks: 0,
              next_attempt_at: now,
              lease_until: null,
              order_key: `${subscription.data.uuid}:${event.order_key}`,
              last_status: null,
              last_error_class: null,
              created_at: now,
              delivered_at: null,
            },
            stamp,
          );
          writes.push(webhooks.deliveries.insertion(record));
          deliveries++;
        }
      }
    }
    const data = { checkpoints };
    writes.push(
      state
        ? webhooks.deriver.replacement(state, data, stamp)
        : webhooks.deriver.insertion(await webhooks.deriver.build(data, stamp, DERIVER_ID)),
    );
    await writeTogether(writes);
    return deliveries;
  }

  /** The events of one changed record and its next snapshot; undefined for types that declare no events. */
  async #derive(source: string, since: number, record: Stored<object>, facts: EventFacts) {
    const derivation = derivationOf(record);
    if (!derivation) return undefined;
    const sourceKey = `${source}:${record.key}`;
    const previous = await this.#snapshot(sourceKey);
    const { events, next } = await derivation({ record, source: `${sourceKey}:${since}` }, sourceKey, previous?.data, facts);
    return { events, snapshot: { previous, next } };
  }

  #snapshot(sourceKey: string) {
    return this.#o.webhooks.snapshots.byLookup(webhookLookup.snapshot(sourceKey));
  }

  async #snapshotWrite({ previous, next }: { previous: Stored<WebhookSnapshotData> | undefined; next: WebhookSnapshotData }, stamp: WriteStamp) {
    const { snapshots } = this.#o.webhooks;
    return previous ? snapshots.replacement(previous, next, stamp) : snapshots.insertion(await snapshots.build(next, stamp));
  }
}

/**
 * Fan-out (docs/architecture.md §8.2): assignment contexts match the assignment, course contexts the course, account
 * contexts their account's courses, the root account everything. Changes older than the subscription are not its.
 */
function matches(subscription: Subscription, event: CanonicalEvent): boolean {
  const s = subscription.data;
  if (!s.event_types.includes(event.event_name) || event.changed_at < subscription.created_at) return false;
  switch (s.context_type) {
    case 'root_account':
      return true;
    case 'account':
      return s.account_id === s.root_account_id || s.account_id === event.account_id;
    case 'course':
      return s.course_id === event.course_id;
    case 'assignment':
      return s.assignment_id !== 0 && s.assignment_id === event.assignment_id;
  }
}
