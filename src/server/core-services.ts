import type { Access } from './domain/access.ts';
import type { AccessTokens } from './domain/access-tokens.ts';
import type { Sessions } from './domain/auth/sessions.ts';
import type { ServiceTokens } from './domain/oauth/service-tokens.ts';
import type { InstallationData } from './domain/records/local-records.ts';
import type { Repositories } from './domain/repositories.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { ClassroomHub } from './sync/classroom-hub.ts';
import type { SyncServices } from './sync/sync-services.ts';
import type { WebhookServices } from './webhooks/webhook-services.ts';

/**
 * What every area's routes are built from. It lives apart from the composition root (core.ts), which imports
 * every area, so that an area depending on it closes no import cycle: this module imports no area.
 */
export interface CoreServices {
  readonly repos: Repositories;
  readonly access: Access;
  readonly tokens: AccessTokens;
  /** People's signed-in sessions (cookie + CSRF token). */
  readonly sessions: Sessions;
  readonly installation: InstallationData;
  /** Webhook subscriptions, tool proxies, deliveries (webhooks/). */
  readonly webhooks: WebhookServices;
  /** The JWT access tokens of the LTI services, shared by both ways tools obtain one. */
  readonly serviceTokens: ServiceTokens;
  /** Sync: the hub's pull/push and the conflict log (sync/). */
  readonly sync: SyncServices;
  /** Serving the class on the LAN from this (the teacher's) installation (decision 0124). */
  readonly classroom: ClassroomHub;
  /** The job table: Progress jobs that survive a restart (jobs/). */
  readonly jobs: JobRunner;
}
