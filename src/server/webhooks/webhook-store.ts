import type { IdAllocator } from '../domain/ids.ts';
import type {
  ToolProxyData,
  WebhookAttemptData,
  WebhookDeliveryData,
  WebhookDeriverData,
  WebhookSnapshotData,
  WebhookSubscriptionData,
} from '../domain/records/webhook-records.ts';
import { Repository } from '../domain/repository.ts';
import type { RecordCollection } from '../storage/database.ts';

/** Zero-padded milliseconds, so a string range over `sort_key` is a time range. */
export const padTime = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(16, '0');

export const webhookLookup = {
  toolProxy: (guid: string) => `tool_proxy:${guid}`,
  subscription: (uuid: string) => `webhook_subscription:${uuid}`,
  delivery: (deliveryId: string) => `webhook_delivery:${deliveryId}`,
  snapshot: (sourceKey: string) => `webhook_snapshot:${sourceKey}`,
};

/** Subscriptions list per developer key in `Id` order; deleted ones leave the range. */
export const subscriptionSortKey = (s: Pick<WebhookSubscriptionData, 'developer_key' | 'uuid' | 'state'>) =>
  s.state === 'deleted' ? `deleted:${s.uuid}` : `dk:${s.developer_key}:${s.uuid}`;

/** Deliveries are found by status and due time; `course_id` stays 0 so the (type, course_id, sort_key) index serves. */
export const deliverySortKey = (d: Pick<WebhookDeliveryData, 'status' | 'next_attempt_at' | 'lease_until'>) =>
  `${d.status}:${padTime(d.status === 'in_flight' ? (d.lease_until ?? 0) : d.next_attempt_at)}`;

/** The webhook records, all in `local` (never replicated: each instance delivers to its own subscribers). */
export function createWebhookRepositories(local: RecordCollection, ids: IdAllocator) {
  return {
    toolProxies: new Repository<ToolProxyData>(local, 'lti_tool_proxy', ids, (t) => ({ lookup_key: webhookLookup.toolProxy(t.guid) })),
    subscriptions: new Repository<WebhookSubscriptionData>(local, 'webhook_subscription', ids, (s) => ({
      lookup_key: webhookLookup.subscription(s.uuid),
      sort_key: subscriptionSortKey(s),
    })),
    deliveries: new Repository<WebhookDeliveryData>(local, 'webhook_delivery', ids, (d) => ({
      parent_id: d.subscription_id,
      lookup_key: webhookLookup.delivery(d.delivery_id),
      sort_key: deliverySortKey(d),
    })),
    attempts: new Repository<WebhookAttemptData>(local, 'webhook_attempt', ids, (a) => ({
      parent_id: a.delivery_id,
      sort_key: String(a.n).padStart(6, '0'),
    })),
    snapshots: new Repository<WebhookSnapshotData>(local, 'webhook_snapshot', ids, (s) => ({ lookup_key: webhookLookup.snapshot(s.source_key) })),
    deriver: new Repository<WebhookDeriverData>(local, 'webhook_deriver', ids, () => ({})),
  };
}

export type WebhookRepositories = ReturnType<typeof createWebhookRepositories>;
