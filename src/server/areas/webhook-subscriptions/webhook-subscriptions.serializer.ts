import type { WebhookSubscriptionData } from '../../domain/records/webhook-records.ts';
import type { Stored } from '../../domain/repository.ts';

/**
 * Canvas's subscription service echoes the PascalCase hash plus its owner fields (docs/canvas-compatibility.md §12.1). The signing
 * secret is ours (docs/canvas-compatibility.md §12.1) and shown only on create.
 */
export function subscriptionJson(record: Stored<WebhookSubscriptionData>, options: { withSecret?: boolean } = {}) {
  const s = record.data;
  return {
    Id: s.uuid,
    DeveloperKey: s.developer_key,
    RootAccountId: String(s.root_account_id),
    AssociatedIntegrationId: s.tool_proxy_guid,
    ContextType: s.context_type,
    ContextId: s.context_id,
    EventTypes: s.event_types,
    Format: s.format,
    TransportType: s.transport_type,
    TransportMetadata: { Url: s.transport_url },
    State: s.state,
    ...(s.disabled_reason ? { DisabledReason: s.disabled_reason } : {}),
    CreatedAt: s.created_at,
    UpdatedAt: s.updated_at,
    ...(options.withSecret ? { SigningSecret: s.signing_secret } : {}),
  };
}
