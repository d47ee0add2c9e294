import { standardWebhookHeaders } from '../signing.ts';
import { httpOutcome, networkFailure, retryAfterMs, type OutgoingMessage, type Transport } from './outcome.ts';
import { postOnce } from './post.ts';

export interface HttpsTransportOptions {
  /** Extra trusted CA certificates (PEM): tests trust their receiver's self-signed certificate this way. */
  ca?: string | string[];
  /** Whole-request limit; default 15 s (docs/architecture.md §8.3). */
  timeoutMs?: number;
  userAgent?: string;
}

/**
 * POSTs the frozen body with Standard Webhooks signatures. Plain http is only ever used for loopback receivers
 * (the API refuses others).
 */
export function httpsTransport(options: HttpsTransportOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return async (message: OutgoingMessage) => {
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(message.body)),
      'User-Agent': options.userAgent ?? 'Outpost-Webhooks/1.0',
      'X-Subscription-Id': message.subscriptionUuid,
      ...standardWebhookHeaders(message.signingSecret, message.deliveryId, Math.floor(message.nowMs / 1000), message.body),
    };
    const res = await postOnce(new URL(message.url), headers, message.body, { ca: options.ca, timeoutMs });
    if (!res.ok) return networkFailure(res.error, message.url);
    const retryAfter = retryAfterMs(res.headers['retry-after'], Date.now());
    return httpOutcome(res.status, res.excerpt, retryAfter);
  };
}
