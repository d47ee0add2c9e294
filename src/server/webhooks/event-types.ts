import { WEBHOOK_EVENT_TYPES, type ToolProxyData, type WebhookEventType } from '../domain/records/webhook-records.ts';

/**
 * Canvas's docs write event types in capitals and older ones say GRADE_CHANGED, while its validator compares
 * lowercase keys (docs/canvas-compatibility.md §12.1): accept every spelling, store lowercase.
 */
const ALIASES: Readonly<Record<string, WebhookEventType>> = { grade_changed: 'grade_change' };

export function normalizeEventType(raw: string): WebhookEventType | undefined {
  const lower = raw.trim().toLowerCase();
  const known = ALIASES[lower] ?? lower;
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(known) ? (known as WebhookEventType) : undefined;
}

/**
 * Both vendor words are capabilities of the same thing: the spec's neutral `vnd.vendor` and Canvas's own
 * `vnd.instructure` (docs/canvas-compatibility.md §0.5).
 */
export const CAPABILITY_PREFIXES = ['vnd.instructure.webhooks.', 'vnd.vendor.webhooks.'] as const;

/** Grade changes exist only at root-account level (docs/canvas-compatibility.md §12.1). */
const SCOPES: Readonly<Record<WebhookEventType, readonly string[]>> = {
  submission_created: ['root_account', 'assignment'],
  submission_updated: ['root_account', 'assignment'],
  grade_change: ['root_account'],
  quiz_submitted: ['root_account', 'assignment'],
  attachment_created: ['root_account', 'assignment'],
  plagiarism_resubmit: ['root_account', 'assignment'],
  // Course-wide events: no assignment names them.
  discussion_topic_created: ['root_account'],
  announcement_created: ['root_account'],
};

const capabilitiesFor = (eventType: WebhookEventType) =>
  CAPABILITY_PREFIXES.flatMap((prefix) => SCOPES[eventType].map((scope) => `${prefix}${scope}.${eventType}`));

/** `root_account.all` grants every event type; otherwise each type needs one of its own capabilities. */
export function mayCaptureEvents(tool: Pick<ToolProxyData, 'capabilities'>, eventTypes: readonly WebhookEventType[]): boolean {
  const held = new Set(tool.capabilities.map((c) => c.toLowerCase()));
  if (CAPABILITY_PREFIXES.some((prefix) => held.has(`${prefix}root_account.all`))) return true;
  return eventTypes.every((type) => capabilitiesFor(type).some((capability) => held.has(capability)));
}

/** The tool's security contract must list the webhooks service with the request's HTTP method (docs/canvas-compatibility.md §12.1). */
export function mayUseSubscriptionService(tool: Pick<ToolProxyData, 'services'>, method: string): boolean {
  return tool.services.some(
    (service) => service.id.endsWith('vnd.Canvas.webhooksSubscription') && service.actions.some((a) => a.toUpperCase() === method),
  );
}
