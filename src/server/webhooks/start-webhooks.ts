import type { Repositories } from '../domain/repositories.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import { EventDeriver, SOURCE_COLLECTIONS } from './deriver.ts';
import { WebhookRuntime, type DeliveryWaker } from './runtime.ts';
import { httpsTransport } from './transports/https.ts';
import type { WebhookServices } from './webhook-services.ts';
import { DeliveryWorker } from './worker.ts';

const defaultWorker = (webhooks: WebhookServices) => new DeliveryWorker({ repos: webhooks.repos, transports: { https: httpsTransport() } });

export interface WebhookRuntimeOptions {
  /** `metadata.hostname` and the caliper sensor; default `localhost`. */
  hostname?: string;
  /**
   * Builds the delivery worker; default: HTTPS with the system's CAs. `false` leaves events waiting in the outbox
   * (tests that drive a worker on a fake clock).
   */
  worker?: ((services: WebhookServices) => DeliveryWaker) | false;
}

/** Starts the deriver (and worker) over an open database; `stop()` before closing it. */
export function startWebhooks(
  db: OutpostDatabase,
  repos: Repositories,
  webhooks: WebhookServices,
  rootAccountId: number,
  options: WebhookRuntimeOptions = {},
): WebhookRuntime {
  const deriver = new EventDeriver({ db, repos, webhooks: webhooks.repos, rootAccountId, hostname: options.hostname ?? 'localhost' });
  const runtime = new WebhookRuntime(
    deriver,
    SOURCE_COLLECTIONS.map((name) => db.collections[name]),
    options.worker === false ? undefined : (options.worker ?? defaultWorker)(webhooks),
  );
  webhooks.onChange(() => runtime.kick());
  runtime.start();
  return runtime;
}
