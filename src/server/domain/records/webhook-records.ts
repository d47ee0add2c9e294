/**
 * Shapes of webhook records in the `local` collection (docs/architecture.md §4.2: never replicated). Every instance derives
 * events from its own change log and delivers them to its own subscribers, so none of this is shared.
 */

/** The Canvas live events a subscription can ask for, in their stored (lowercase) spelling. */
export const WEBHOOK_EVENT_TYPES = [
  'submission_created',
  'submission_updated',
  'grade_change',
  'quiz_submitted',
  'attachment_created',
  'plagiarism_resubmit',
  'discussion_topic_created',
  'announcement_created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export type WebhookContextType = 'root_account' | 'account' | 'course' | 'assignment';
export type WebhookFormat = 'live-event' | 'caliper';
export type WebhookTransport = 'https' | 'sqs';

/** An LTI 2 tool proxy: who may call the subscription API (docs/canvas-compatibility.md §12.1). */
export interface ToolProxyData {
  guid: string;
  /** The split shared secret (tool consumer half + tool provider half) that signs the tool's JWT assertions. */
  shared_secret: string;
  developer_key: string;
  developer_key_active: boolean;
  /** Where the tool is installed: an account tool is active in its courses, a course tool in that course only. */
  context_type: 'Account' | 'Course';
  context_id: number;
  /** Enabled capabilities of the custom tool consumer profile, e.g. `vnd.instructure.webhooks.root_account.all`. */
  capabilities: string[];
  /** The security contract's tool services: the service id and the HTTP methods it may use. */
  services: Array<{ id: string; actions: string[] }>;
  workflow_state: 'active' | 'deleted';
}

export interface WebhookSubscriptionData {
  /** The API's `Id`. */
  uuid: string;
  developer_key: string;
  tool_proxy_guid: string;
  root_account_id: number;
  context_type: WebhookContextType;
  /** As the client sent it (a root account may be named by its uuid). */
  context_id: string;
  /** Resolved from the context, so fan-out is a comparison; 0 when the context is wider. */
  course_id: number;
  assignment_id: number;
  account_id: number;
  event_types: WebhookEventType[];
  format: WebhookFormat;
  transport_type: WebhookTransport;
  transport_url: string;
  /** Standard Webhooks secret (`whsec_<base64>`); shown once, on create. */
  signing_secret: string;
  state: 'active' | 'disabled' | 'deleted';
  disabled_reason: string | null;
  /** The failing streak that leads to disabling (docs/architecture.md §8.4); null while deliveries succeed. */
  failing_since: number | null;
  failing_last_at: number | null;
  failing_online_ms: number;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'in_flight' | 'succeeded' | 'dead' | 'cancelled';

/** One event for one subscription; the body bytes are frozen when the event is derived. */
export interface WebhookDeliveryData {
  /** `msg_<ulid>`: the `webhook-id` header, the SQS dedup id and the replay handle. */
  delivery_id: string;
  event_id: string;
  event_name: WebhookEventType;
  event_time: string;
  /** What the event was derived from, `collection:key:seq`: re-derivation must neither lose nor double it. */
  source: string;
  subscription_id: number;
  subscription_uuid: string;
  body: string;
  status: DeliveryStatus;
  /** Counted attempts only: offline time burns none. */
  attempts: number;
  /** Consecutive "network unreachable" rechecks, for their own backoff. */
  offline_checks: number;
  next_attempt_at: number;
  lease_until: number | null;
  order_key: string;
  last_status: number | null;
  last_error_class: string | null;
  created_at: number;
  delivered_at: number | null;
}

export interface WebhookAttemptData {
  delivery_id: number;
  n: number;
  counted: boolean;
  started_at: number;
  duration_ms: number;
  status_code: number | null;
  error_class: string | null;
  response_excerpt: string;
}

/** The last state of a source record the deriver has seen: old_grade, old_score and created-vs-updated. */
export interface WebhookSnapshotData {
  source_key: string;
  submitted_at: string | null;
  workflow_state: string | null;
  grade: string | null;
  score: number | null;
  excused: boolean;
  points_possible: number | null;
}

/** Where the deriver is in each source collection's change log. */
export interface WebhookDeriverData {
  checkpoints: Record<string, number>;
}
