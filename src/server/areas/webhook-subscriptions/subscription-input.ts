import type { WebhookContextType, WebhookEventType, WebhookFormat, WebhookTransport } from '../../domain/records/webhook-records.ts';
import { normalizeEventType } from '../../webhooks/event-types.ts';
import { InvalidError } from '../../domain/errors.ts';

/** Canvas's answer to a subscription hash it cannot use (`lti/subscriptions_validator.rb`). */
export const invalidSubscription = (message: string) => new InvalidError(message, { error: 'Invalid subscription' });

export interface SubscriptionInput {
  context_type: WebhookContextType;
  context_id: string;
  event_types: WebhookEventType[];
  format: WebhookFormat;
  transport_type: WebhookTransport;
  transport_url: string;
}

type Hash = Record<string, unknown>;
const CONTEXT_TYPES: readonly WebhookContextType[] = ['root_account', 'account', 'course', 'assignment'];
const FORMATS: readonly WebhookFormat[] = ['live-event', 'caliper'];
const TRANSPORTS: readonly WebhookTransport[] = ['https', 'sqs'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `ContextId`, `context_id` and `contextId` are the same key to a liberal reader (docs/canvas-compatibility.md §0.5). */
const squash = (key: string) => key.replace(/_/g, '').toLowerCase();
function pick(hashes: readonly (Hash | undefined)[], name: string): unknown {
  for (const hash of hashes) {
    if (!hash) continue;
    const entry = Object.entries(hash).find(([key]) => squash(key) === squash(name));
    if (entry) return entry[1];
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined);

/**
 * The subscription hash as create sends it (or, with `current`, as update sends it: absent fields keep their
 * value). Both `subscription[ContextId]` and the spec's `submission[ContextId]` are read.
 */
export function readSubscriptionInput(subscription: Hash | undefined, submission: Hash | undefined, current?: SubscriptionInput): SubscriptionInput {
  const hashes = [subscription, submission];
  const field = <T>(name: string, parse: (value: unknown) => T | undefined, fallback: T | undefined): T => {
    const raw = pick(hashes, name);
    if (raw === undefined || raw === '') {
      if (fallback !== undefined) return fallback;
      throw invalidSubscription(`${name} is required`);
    }
    const parsed = parse(raw);
    if (parsed === undefined) throw invalidSubscription(`${name} is invalid`);
    return parsed;
  };
  const oneOf = <T extends string>(allowed: readonly T[]) => (value: unknown) => {
    const lower = text(value)?.toLowerCase();
    return allowed.find((a) => a === lower);
  };
  const transport_type = field('TransportType', oneOf(TRANSPORTS), current?.transport_type);
  return {
    context_type: field('ContextType', oneOf(CONTEXT_TYPES), current?.context_type),
    context_id: field('ContextId', (v) => (text(v) && text(v)!.length <= 200 ? text(v) : undefined), current?.context_id),
    event_types: field('EventTypes', parseEventTypes, current?.event_types),
    format: field('Format', oneOf(FORMATS), current?.format),
    transport_type,
    transport_url: field('TransportMetadata', (v) => parseUrl(v, transport_type), current?.transport_url),
  };
}

function parseEventTypes(value: unknown): WebhookEventType[] | undefined {
  // Form bodies may send a single value without brackets; qs may give an index-keyed object.
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [value];
  if (list.length === 0 || list.length > 20) return undefined;
  const types = list.map((v) => (typeof v === 'string' ? normalizeEventType(v) : undefined));
  if (types.some((t) => t === undefined)) return undefined;
  return [...new Set(types as WebhookEventType[])];
}

/** `TransportMetadata` is `{"Url": …}`. HTTPS endpoints must be https, except on this machine (local receivers). */
function parseUrl(value: unknown, transport: WebhookTransport): string | undefined {
  const raw = typeof value === 'object' && value !== null ? text(pick([value as Hash], 'Url')) : undefined;
  if (!raw || raw.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol === 'https:') return url.toString();
  return url.protocol === 'http:' && (transport === 'sqs' || LOOPBACK.has(url.hostname)) ? url.toString() : undefined;
}
