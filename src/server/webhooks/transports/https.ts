import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { standardWebhookHeaders } from '../signing.ts';
import { EXCERPT_BYTES, httpOutcome, networkFailure, retryAfterMs, type OutgoingMessage, type SendOutcome, type Transport } from './outcome.ts';

export interface HttpsTransportOptions {
  /** Extra trusted CA certificates (PEM): tests trust their receiver's self-signed certificate this way. */
  ca?: string | string[];
  /** Whole-request limit; default 15 s (webhooks.md §6.2). */
  timeoutMs?: number;
  userAgent?: string;
}

/**
 * POSTs the frozen body with Standard Webhooks signatures. `node:https`, not Chromium's `net`: predictable TLS,
 * no cookies, no redirects followed. Plain http is only ever used for loopback receivers (the API refuses others).
 */
export function httpsTransport(options: HttpsTransportOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return (message: OutgoingMessage) =>
    new Promise<SendOutcome>((resolve) => {
      const url = new URL(message.url);
      const headers = {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(message.body)),
        'User-Agent': options.userAgent ?? 'Outpost-Webhooks/1.0',
        'X-Subscription-Id': message.subscriptionUuid,
        ...standardWebhookHeaders(message.signingSecret, message.deliveryId, Math.floor(message.nowMs / 1000), message.body),
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(url, { method: 'POST', headers, ca: options.ca, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(deadline);
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const retryAfter = retryAfterMs(res.headers['retry-after'], Date.now());
          resolve(httpOutcome(res.statusCode ?? 0, excerpt, retryAfter));
        });
        res.on('error', (err) => resolve(networkFailure(err, message.url)));
      });
      const deadline = setTimeout(() => req.destroy(Object.assign(new Error('webhook timed out'), { code: 'WEBHOOK_TIMEOUT' })), timeoutMs);
      req.on('timeout', () => req.destroy(Object.assign(new Error('webhook timed out'), { code: 'WEBHOOK_TIMEOUT' })));
      req.on('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(deadline);
        resolve(networkFailure(err, message.url));
      });
      req.end(message.body);
    });
}
