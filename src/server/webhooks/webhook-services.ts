import { randomBytes, randomUUID } from 'node:crypto';
import type { IdAllocator } from '../domain/ids.ts';
import type { ToolProxyData } from '../domain/records/webhook-records.ts';
import type { RecordCollection } from '../storage/database.ts';
import type { Stored, WriteStamp } from '../storage/typed-records.ts';
import { createWebhookRepositories, webhookLookup, type WebhookRepositories } from './webhook-store.ts';

export interface ToolProxyRegistration {
  developer_key: string;
  context_type: ToolProxyData['context_type'];
  context_id: number;
  capabilities: string[];
  /** Defaults to the webhooks subscription service with every method. */
  services?: ToolProxyData['services'];
  guid?: string;
}

export const WEBHOOKS_SERVICE_ID = '#vnd.Canvas.webhooksSubscription';

/** What the subscription API and the runtime share: the records, tool proxies, and a wake-up for new work. */
export class WebhookServices {
  readonly repos: WebhookRepositories;
  #onChange: () => void = () => {};

  constructor(local: RecordCollection, ids: IdAllocator) {
    this.repos = createWebhookRepositories(local, ids);
  }

  findToolProxy(guid: string): Promise<Stored<ToolProxyData> | undefined> {
    return this.repos.toolProxies.byLookup(webhookLookup.toolProxy(guid));
  }

  /**
   * Registers an LTI 2 tool proxy with a fresh split secret (two 128-hex-char halves, docs/canvas-compatibility.md §12.1). Tool
   * registration itself (tool consumer profiles) is not served over HTTP yet; installers and tests call this.
   */
  async registerToolProxy(registration: ToolProxyRegistration, stamp: WriteStamp): Promise<Stored<ToolProxyData>> {
    return this.repos.toolProxies.create(
      {
        guid: registration.guid ?? randomUUID(),
        shared_secret: randomBytes(64).toString('hex') + randomBytes(64).toString('hex'),
        developer_key: registration.developer_key,
        developer_key_active: true,
        context_type: registration.context_type,
        context_id: registration.context_id,
        capabilities: registration.capabilities,
        services: registration.services ?? [{ id: WEBHOOKS_SERVICE_ID, actions: ['GET', 'POST', 'PUT', 'DELETE'] }],
        workflow_state: 'active',
      },
      stamp,
    );
  }

  /** The runtime listens here so a subscription change reaches the deriver and worker without polling. */
  onChange(listener: () => void): void {
    this.#onChange = listener;
  }

  changed(): void {
    this.#onChange();
  }
}
