import type { DeveloperKeyData } from '../../domain/records/local-records.ts';
import type { ToolProxyData, WebhookEventType } from '../../domain/records/webhook-records.ts';
import { mayCaptureEvents } from '../../webhooks/event-types.ts';

/** Where a subscription's events come from, resolved from its context. */
export interface ResolvedContext {
  course_id: number;
  assignment_id: number;
  account_id: number;
}

/**
 * Who calls the subscription API: an LTI 2 tool proxy (JWT-bearer token) or an LTI 1.3 developer key
 * (`client_credentials` token). Subscriptions belong to the developer key either way.
 */
export interface Subscriber {
  /** `DeveloperKey`: whose subscriptions these are. */
  readonly developerKey: string;
  /** `AssociatedIntegrationId`: the tool proxy's guid, or the developer key's client id. */
  readonly integrationId: string;
  mayCapture(eventTypes: readonly WebhookEventType[]): boolean;
  activeIn(context: ResolvedContext): boolean;
}

/** Capabilities per event type; an account-wide tool is active below its account, a course tool in its course. */
export function toolProxySubscriber(tool: ToolProxyData, rootAccountId: number): Subscriber {
  return {
    developerKey: tool.developer_key,
    integrationId: tool.guid,
    mayCapture: (eventTypes) => mayCaptureEvents(tool, eventTypes),
    activeIn: (context) =>
      tool.context_type === 'Course'
        ? context.course_id === tool.context_id
        : tool.context_id === rootAccountId || tool.context_id === context.account_id,
  };
}

/**
 * An LTI 1.3 key holds the data services scopes instead of capabilities (the route rule checks them per method);
 * it may capture every event type anywhere in its account, which is the root account.
 */
export function developerKeySubscriber(keyId: number, key: DeveloperKeyData, rootAccountId: number): Subscriber {
  return {
    developerKey: String(keyId),
    integrationId: String(keyId),
    mayCapture: () => true,
    activeIn: (context) => key.account_id === rootAccountId || key.account_id === context.account_id,
  };
}
