import type { WebhookDeliveryData } from '../../src/server/domain/records/webhook-records.ts';
import type { Stored } from '../../src/server/storage/typed-records.ts';
import type { TestServer } from './server.ts';

export type Delivery = Stored<WebhookDeliveryData>;

/** Derives everything committed so far (the runtime's own pass), then returns every delivery in creation order. */
export async function derivedDeliveries(server: TestServer): Promise<Delivery[]> {
  const runtime = server.core.webhookRuntime;
  if (runtime) {
    runtime.kick();
    await runtime.settled();
  }
  return server.core.services.webhooks.repos.deliveries.find({}, [{ id: 'asc' }]);
}

/** The parsed payload of a live-event delivery. */
export function liveEvent(delivery: Delivery): { metadata: Record<string, unknown>; body: Record<string, unknown> } {
  return JSON.parse(delivery.data.body) as { metadata: Record<string, unknown>; body: Record<string, unknown> };
}
