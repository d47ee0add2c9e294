import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks v1 headers (docs/architecture.md §8.5): HMAC-SHA256 over `{id}.{timestamp}.{body}` with the secret's
 * bytes (`whsec_<base64>`). Each attempt is signed anew (new timestamp); id and body never change.
 */
export function standardWebhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${signature}` };
}
