import type { WebhookFormat } from '../../domain/records/webhook-records.ts';
import type { CanonicalEvent } from '../canonical-event.ts';
import { caliperPayload } from './caliper.ts';
import { liveEventPayload } from './live-event.ts';

/** The exact bytes a delivery sends, frozen when the event is derived (retries resend them unchanged). */
export function formatPayload(event: CanonicalEvent, format: WebhookFormat, subscriptionUuid: string, now: number): string {
  const payload = format === 'caliper' ? caliperPayload(event, subscriptionUuid, new Date(now).toISOString()) : liveEventPayload(event, subscriptionUuid);
  return JSON.stringify(payload);
}
