import type { Access } from '../domain/access.ts';
import type { IdAllocator } from '../domain/ids.ts';
import type { Principal } from '../domain/principal.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import { ConflictLog, type ConflictFinding } from './conflict-log.ts';
import { DeviceContacts } from './device-contacts.ts';
import { ForegroundRequests } from './foreground-requests.ts';
import { HubChangeFeed } from './hub-change-feed.ts';
import { HubLink } from './hub-link.ts';
import { ClassroomDelegations } from './classroom-delegations.ts';
import { Outbox } from './outbox.ts';
import { SettledIds } from './settled-ids.ts';
import { pullChanges, type PullResult } from './hub-pull.ts';
import { PullVisibility } from './pull-visibility.ts';
import { hiddenTombstone, missingTombstone, toWire, type PullCollection, type SyncCheckpoint, type WireRecord } from './sync-partitions.ts';
import { computeSyncScope } from './sync-scope.ts';

/** The hub's side of sync (pull, record states, change events), the device's hub link and outbox, and the conflict log. */
export class SyncServices {
  readonly conflicts: ConflictLog;
  /** When each token's device was last in contact, to bound the time of its offline writes (decision 0062). */
  readonly contacts: DeviceContacts;
  /** The event streams devices hold open (GET /api/v1/sync/:collection/stream). */
  readonly changes: HubChangeFeed;
  /** The HTTP requests still unanswered, which the change feed steps aside for. */
  readonly foreground = new ForegroundRequests();
  /** This installation's own connection to a hub, when it is a device. */
  readonly hub: HubLink;
  /** The writes this installation's API made while connected to a hub, until the hub has replayed them. */
  readonly outbox: Outbox;
  /** The ids the hub above gave records this installation created provisionally (decision 0127). */
  readonly settled: SettledIds;
  /** The device tokens that may have their class's entries performed as its students (decision 0126). */
  readonly delegations: ClassroomDelegations;
  readonly #db: OutpostDatabase;
  readonly #repos: Repositories;
  readonly #access: Access;
  readonly ids: IdAllocator;

  constructor(db: OutpostDatabase, repos: Repositories, access: Access, ids: IdAllocator) {
    this.ids = ids;
    this.#db = db;
    this.#repos = repos;
    this.#access = access;
    this.conflicts = new ConflictLog(db.collections.local, ids);
    this.contacts = new DeviceContacts(db.collections.local, ids);
    this.changes = new HubChangeFeed(db, repos, access, this.foreground);
    // Writes are recorded while a hub connection runs; the outbox outlives connections (disconnecting keeps it).
    this.settled = new SettledIds(db.collections.local, ids);
    this.delegations = new ClassroomDelegations(db.collections.local, ids, repos);
    this.outbox = new Outbox(db, ids, this.conflicts, this.settled, () => this.hub.deviceSync !== undefined);
    this.hub = new HubLink(db, repos, this.outbox, ids);
  }

  get db(): OutpostDatabase {
    return this.#db;
  }

  async pull(principal: Principal, collection: PullCollection, since: SyncCheckpoint | undefined, limit: number, now: number): Promise<PullResult> {
    const scope = await computeSyncScope(principal, this.#repos, this.#access, { now, locks: collection === 'course' });
    return pullChanges(this.#db, this.#repos, collection, scope, since, limit);
  }

  /** What a device may hold of each record it changed, now: the record as a pull sends it, or a tombstone. */
  async states(principal: Principal, collection: PullCollection, keys: readonly string[]): Promise<WireRecord[]> {
    const stored = new Map((await this.#db.collections[collection].storageInstance.findDocumentsById([...keys], true)).map((doc) => [doc.key, toWire(doc)]));
    const found = await this.asPulled(principal, collection, [...stored.values()]);
    const byKey = new Map(found.map((doc) => [doc.key, doc]));
    return keys.map((key) => byKey.get(key) ?? missingTombstone(key));
  }

  /** A conflict's two records as `principal` may see them (see `asPulled`). */
  async shownTo<T extends ConflictFinding>(principal: Principal, finding: T): Promise<T> {
    const [kept, lost] = await this.asPulled(principal, finding.collection, [finding.kept, finding.lost]);
    return { ...finding, kept: kept!, lost: lost! };
  }

  /**
   * Records as a pull would send them to `principal`: redacted as the pull redacts, or a tombstone where the user may
   * not see the record. What a conflict shows of a record (to its person, or the student it concerns) goes through
   * this too, so a conflict never reveals more than sync itself.
   */
  async asPulled(principal: Principal, collection: PullCollection, docs: readonly WireRecord[]): Promise<WireRecord[]> {
    const scope = await computeSyncScope(principal, this.#repos, this.#access, { now: Date.now(), locks: collection === 'course' });
    const visibility = new PullVisibility(scope, this.#repos);
    return Promise.all(
      docs.map(async (doc) => {
        const decision = await visibility.decide(collection, doc);
        return typeof decision === 'object' ? decision : hiddenTombstone(doc);
      }),
    );
  }
}
