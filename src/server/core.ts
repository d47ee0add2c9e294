import { Access } from './domain/access.ts';
import { AccessTokens, type FixedToken } from './domain/access-tokens.ts';
import { Sessions, type CsrfCheck } from './domain/auth/sessions.ts';
import { IdAllocator } from './domain/ids.ts';
import { ServiceTokens } from './domain/oauth/service-tokens.ts';
import { ensureInstallation } from './domain/installation.ts';
import type { Principal } from './domain/principal.ts';
import { createRepositories } from './domain/repositories.ts';
import { areaRoutes } from './areas/index.ts';
import type { CoreServices } from './core-services.ts';
import { ensureDataDir } from './data-dir.ts';
import { refuseUnusableDatabase, tightenDataFiles } from './data-files.ts';
import { masquerading } from './areas/common/masquerading.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { AnyRoute } from './http/route.ts';
import { databasePath, openDatabase, type OutpostDatabase } from './storage/database.ts';
import { RECORD_MIGRATIONS } from './domain/record-migrations.ts';
import { SyncServices } from './sync/sync-services.ts';
import { ClassroomHub } from './sync/classroom-hub.ts';
import { JobRunner } from './jobs/job-runner.ts';
import type { DeviceSync } from './sync/device-sync.ts';
import { FileSecretStore, type SecretStore } from './secret-store.ts';
import type { HubConnection } from './sync/hub-client.ts';
import { WebhookServices } from './webhooks/webhook-services.ts';
import { startWebhooks, type WebhookRuntimeOptions } from './webhooks/start-webhooks.ts';
import type { WebhookRuntime } from './webhooks/runtime.ts';

export interface CoreOptions {
  dataDir: string;
  /** OUTPOST_ADMIN_TOKEN: accepted as the admin's token, for scripted setups. */
  adminToken?: string;
  /** Webhook event deriver and delivery worker; `false` leaves them off (deliveries then wait in the outbox). */
  webhooks?: WebhookRuntimeOptions | false;
  /** Sync: the hub this device replicates with (OUTPOST_HUB_URL + OUTPOST_HUB_TOKEN); none when unset. */
  hub?: HubConnection;
  /** Where the hub token is kept; default a 0600 file in the data dir (the desktop app passes safeStorage). */
  secrets?: SecretStore;
  /** Sync: whether the machine has a network; coming back online resyncs (default always online). */
  isOnline?: () => boolean;
}

/** Everything below HTTP: storage, domain services and the routes of every area, wired once per server. */
export interface ServerCore {
  readonly db: OutpostDatabase;
  readonly services: CoreServices;
  readonly routes: readonly AnyRoute[];
  /** Resolves a raw Bearer token to its principal; undefined for unknown, expired or revoked tokens. */
  verifyToken(rawToken: string): Promise<Principal | undefined>;
  /** The principal acting as the user `asUserId` names (`as_user_id`), or undefined when the caller may not. */
  becomeUser(principal: Principal, asUserId: string): Promise<Principal | undefined>;
  /** Resolves a session cookie whose CSRF token matches (or is exempt) to its principal. */
  verifySession(cookieValue: string, csrf: CsrfCheck): Promise<Principal | undefined>;
  /** The running webhook deriver and worker, unless turned off. */
  readonly webhookRuntime: WebhookRuntime | undefined;
  /** Sync: the running replication with the hub, while connected. */
  readonly deviceSync: DeviceSync | undefined;
  close(): Promise<void>;
}

/** Opens storage and builds the domain services, creating the root account and admin on first start. */
export async function openServices(dataDir: string, fixedTokens: (adminUserId: number) => FixedToken[] = () => []) {
  ensureDataDir(dataDir);
  const lock = lockDataDir(dataDir);
  let db: OutpostDatabase | undefined;
  try {
    refuseUnusableDatabase(databasePath(dataDir));
    const loosened = tightenDataFiles(dataDir);
    db = await openDatabase({ dataDir, migrations: RECORD_MIGRATIONS });
    // Again for the files SQLite has just created (a new database, its WAL and shared memory), silently: new files
    // take the umask's mode for an instant, inside a directory no one else may enter.
    tightenDataFiles(dataDir);
    if (loosened.length > 0) console.warn(`Outpost made its data private to this user (directory 0700, files 0600): ${loosened.join(', ')}`);
    const ids = await IdAllocator.open(db.collections.local);
    const repos = createRepositories(db, ids);
    const installation = (await ensureInstallation(repos, Date.now())).data;
    const access = new Access(repos);
    const sessions = new Sessions(repos);
    const sync = new SyncServices(db, repos, access, ids);
    const services: CoreServices = {
      repos,
      access,
      tokens: new AccessTokens(repos, fixedTokens(installation.admin_user_id)),
      sessions,
      installation,
      webhooks: new WebhookServices(db.collections.local, ids),
      serviceTokens: new ServiceTokens(),
      sync,
      classroom: new ClassroomHub(db.collections.local, ids, repos, sessions, sync.hub),
      jobs: new JobRunner(db, repos, ids),
    };
    const opened = db;
    const close = async () => {
      await opened.close();
      lock.release();
    };
    return { db, services, close };
  } catch (err) {
    await db?.close();
    lock.release();
    throw err;
  }
}

/** Composition root below HTTP: storage → domain → areas (docs/architecture.md §1). */
export async function openCore(options: CoreOptions): Promise<ServerCore> {
  const { db, services, close } = await openServices(options.dataDir, (adminUserId) =>
    options.adminToken ? [{ token: options.adminToken, userId: adminUserId }] : [],
  );
  let closed: Promise<void> | undefined;
  // Webhooks: started last, stopped first, so no derivation or delivery outlives the database.
  const webhookRuntime =
    options.webhooks === false
      ? undefined
      : startWebhooks(db, services.repos, services.webhooks, services.installation.root_account_id, options.webhooks, services.sync.foreground);
  // Sync: like webhooks, started last and stopped before the database closes.
  const hubLink = services.sync.hub;
  try {
    await hubLink.resume({ env: options.hub, secrets: options.secrets ?? new FileSecretStore(options.dataDir), isOnline: options.isOnline });
  } catch (err) {
    await Promise.all([webhookRuntime?.stop(), hubLink.stop()]).then(close);
    throw err;
  }
  // The areas register their job kinds as their routes are built; jobs a crash left unfinished run from then on.
  const routes = areaRoutes(services);
  await services.jobs.start();
  return {
    db,
    services,
    routes,
    verifyToken: (rawToken) => services.tokens.verify(rawToken, Date.now()),
    becomeUser: masquerading(services),
    verifySession: (cookieValue, csrf) => services.sessions.verify(cookieValue, csrf, Date.now()),
    webhookRuntime,
    get deviceSync() {
      return hubLink.deviceSync;
    },
    close() {
      closed ??= Promise.all([services.jobs.stop(), webhookRuntime?.stop(), services.classroom.stop(), hubLink.stop()]).then(close);
      return closed;
    },
  };
}
