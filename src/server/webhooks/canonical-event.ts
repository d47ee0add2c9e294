import type { WebhookEventType } from '../domain/records/webhook-records.ts';

/**
 * One derived event in live-event shape, before any subscription is known: `metadata` and `body` as Canvas's
 * live-event format has them (docs/canvas-compatibility.md §12.3), ids as strings. Both formats are built from this.
 */
export interface CanonicalEvent {
  event_id: string;
  event_name: WebhookEventType;
  event_time: string;
  /** What the event was derived from (`collection:key:seq`). */
  source: string;
  /** Fan-out keys (0 when not applicable). */
  course_id: number;
  assignment_id: number;
  account_id: number;
  /** Deliveries with the same key are sent in order (docs/architecture.md §8.3). */
  order_key: string;
  /** Epoch ms of the change: subscriptions created later do not receive it. */
  changed_at: number;
  metadata: Record<string, string | null>;
  body: Record<string, unknown>;
  /** Facts only the caliper format needs. */
  caliper: { actor_role: string | null; student_sis_id?: string | null };
}

/** Canvas cuts `body`, `filename` and `display_name` at 8,192 characters. */
export const cut = (text: string | null) => (text === null ? null : text.slice(0, 8192));
export const idString = (id: number | null | undefined) => (id === null || id === undefined || id === 0 ? null : String(id));
/** `2026-03-02T10:15:04Z`: Canvas's body times have seconds; metadata `event_time` has milliseconds. */
export const isoSeconds = (value: string | number | null) =>
  value === null ? null : new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
