import type { Repositories } from '../domain/repositories.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import { EventDeriver, SOURCE_COLLECTIONS } from './deriver.ts';
import { WebhookRuntime, type DeliveryWaker, type RequestsInFlight } from './runtime.ts';
import { httpsTransport } from './transports/https.ts';
import { sqsTransport, type SqsSettings } from './transports/sqs.ts';
import { readSqsEnv } from './transports/sqs-config.ts';
import type { WebhookServices } from './webhook-services.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from './worker.ts';

/** What the runtime hands a worker factory: the configured transports and online check. */
export type WorkerDefaults = Pick<DeliveryWorkerOptions, 'repos' | 'transports' | 'isOnline'>;

export interface WebhookRuntimeOptions {
  /** `metadata.hostname` and the caliper sensor; default `localhost`. */
  hostname?: string;
  /**
   * Whether the machine has a network (Electron's `net.isOnline()`); default always. While false nothing but
   * loopback receivers is attempted and no attempt is counted (docs/architecture.md §8.4).
   */
  isOnline?: () => boolean;
  /** SQS credentials and region; default from OUTPOST_SQS_* (transports/sqs-config.ts). */
  sqs?: SqsSettings;
  /**
   * Builds the delivery worker; default: a `DeliveryWorker` over the defaults (HTTPS with the system's CAs, SQS).
   * `false` leaves events waiting in the outbox (tests that drive a worker on a fake clock).
   */
  worker?: ((services: WebhookServices, defaults: WorkerDefaults) => DeliveryWaker) | false;
}

/**
 * Starts the deriver (and worker) over an open database; `stop()` before closing it. Derivations wait for the
 * server's unanswered `requests` (up to a bound).
 */
export function startWebhooks(
  db: OutpostDatabase,
  repos: Repositories,
  webhooks: WebhookServices,
  rootAccountId: number,
  options: WebhookRuntimeOptions = {},
  requests?: RequestsInFlight,
): WebhookRuntime {
  const deriver = new EventDeriver({ db, repos, webhooks: webhooks.repos, rootAccountId, hostname: options.hostname ?? 'localhost' });
  const runtime = new WebhookRuntime(deriver, SOURCE_COLLECTIONS.map((name) => db.collections[name]), buildWorker(webhooks, options), requests);
  webhooks.onChange(() => runtime.kick());
  runtime.start();
  return runtime;
}

function buildWorker(webhooks: WebhookServices, options: WebhookRuntimeOptions): DeliveryWaker | undefined {
  if (options.worker === false) return undefined;
  const defaults: WorkerDefaults = {
    repos: webhooks.repos,
    transports: { https: httpsTransport(), sqs: sqsTransport(options.sqs ?? readSqsEnv()) },
    isOnline: options.isOnline,
  };
  return options.worker ? options.worker(webhooks, defaults) : new DeliveryWorker(defaults);
}
