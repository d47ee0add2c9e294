import type { CanonicalEvent } from '../canonical-event.ts';

/** `{"metadata","body"}`; the subscription is named in `metadata.subscription_id` (ours, docs/canvas-compatibility.md §12.2). */
export function liveEventPayload(event: CanonicalEvent, subscriptionUuid: string): Record<string, unknown> {
  return { metadata: { ...event.metadata, subscription_id: subscriptionUuid }, body: event.body };
}
