import type { Access } from '../domain/access.ts';
import type { IdAllocator } from '../domain/ids.ts';
import type { Principal } from '../domain/principal.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import { ConflictLog } from './conflict-log.ts';
import { HubChangeFeed } from './hub-change-feed.ts';
import { HubLink } from './hub-link.ts';
import { pullChanges, type PullResult } from './hub-pull.ts';
import { PullVisibility } from './pull-visibility.ts';
import { pushChanges, type PushResult, type PushRow } from './hub-push.ts';
import type { PullCollection, PushCollection, SyncCheckpoint } from './sync-partitions.ts';
import { computeSyncScope } from './sync-scope.ts';

/** The hub's side of sync (pull, push, change events), the device's hub link, and the conflict log both sides keep. */
export class SyncServices {
  readonly conflicts: ConflictLog;
  /** The event streams devices hold open (GET /api/v1/sync/:collection/stream). */
  readonly changes: HubChangeFeed;
  /** This installation's own connection to a hub, when it is a device. */
  readonly hub: HubLink;
  readonly #db: OutpostDatabase;
  readonly #repos: Repositories;
  readonly #access: Access;

  constructor(db: OutpostDatabase, repos: Repositories, access: Access, ids: IdAllocator) {
    this.#db = db;
    this.#repos = repos;
    this.#access = access;
    this.conflicts = new ConflictLog(db.collections.local, ids);
    this.changes = new HubChangeFeed(db, repos, access);
    this.hub = new HubLink(db, repos, this.conflicts);
  }

  get db(): OutpostDatabase {
    return this.#db;
  }

  async pull(principal: Principal, collection: PullCollection, since: SyncCheckpoint | undefined, limit: number): Promise<PullResult> {
    const scope = await computeSyncScope(principal, this.#repos, this.#access);
    return pullChanges(this.#db, this.#repos, collection, scope, since, limit);
  }

  async push(principal: Principal, collection: PushCollection, rows: readonly PushRow[], requestId: string, now: number): Promise<PushResult> {
    const scope = await computeSyncScope(principal, this.#repos, this.#access);
    const visibility = new PullVisibility(scope, this.#repos);
    return pushChanges({ db: this.#db, scope, visibility, conflicts: this.conflicts, requestId, now }, collection, rows);
  }
}
