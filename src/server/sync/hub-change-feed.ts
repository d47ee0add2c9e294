import type { Subscription } from 'rxjs';
import type { Access } from '../domain/access.ts';
import type { Principal } from '../domain/principal.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { SQLiteCheckpoint } from '../storage/sqlite/types.ts';
import { PullVisibility } from './pull-visibility.ts';
import { PULL_COLLECTIONS, toWire, type PullCollection, type WireRecord } from './sync-partitions.ts';
import { computeSyncScope, scopeFingerprint } from './sync-scope.ts';

/**
 * What the hub's event stream says. Both tell the device to pull (RxDB's RESYNC); the pull itself stays the
 * only way records travel, so they are filtered in exactly one place (hub-pull.ts).
 * - `resync`: on every connection (the device may have missed changes while it was away, or the hub restarted)
 *   and whenever the user's scope fingerprint for the collection changes (a new enrollment, a role change).
 * - `changed`: a committed change in the collection that the user may see (or whose copy they must delete).
 */
export type HubEventName = 'resync' | 'changed';
export type HubEventSink = (event: HubEventName, data: unknown) => void;
/** Whether the credential the stream was opened with still admits its user (a revoked token does not). */
export type StillAuthorised = (now: number) => Promise<boolean>;

/** Changes gathered this long cost one scope computation and at most one event (a course copy is one burst). */
const COALESCE_MS = 100;

/** Per-connection watchers over the storage change streams of the replicated collections. */
export class HubChangeFeed {
  readonly #db: OutpostDatabase;
  readonly #repos: Repositories;
  readonly #access: Access;
  #active = 0;

  constructor(db: OutpostDatabase, repos: Repositories, access: Access) {
    this.#db = db;
    this.#repos = repos;
    this.#access = access;
  }

  /** Open event streams, so tests (and shutdown) can see that a disconnect let go of its subscriptions. */
  get activeStreams(): number {
    return this.#active;
  }

  /**
   * Emits events for one device connection until `signal` aborts, or until `authorised` says no on a change (the
   * token was revoked since the connect): resolves then, subscriptions released, and the response ends. Losing
   * an enrollment changes the scope: one `resync` lets the device pull the tombstones, and the course's changes
   * are not visible any more, so nothing follows.
   */
  async watch(principal: Principal, collection: PullCollection, emit: HubEventSink, signal: AbortSignal, authorised: StillAuthorised): Promise<void> {
    if (signal.aborted) return;
    const pending: WireRecord[] = [];
    let lastSeq = 0;
    let timer: NodeJS.Timeout | undefined;
    let flushing: Promise<void> = Promise.resolve();
    let fingerprint = await this.#fingerprint(principal, collection);
    if (signal.aborted) return;
    const revoked = new AbortController();

    const flush = async () => {
      const docs = pending.splice(0);
      const now = Date.now();
      if (!(await authorised(now))) {
        revoked.abort();
        return;
      }
      const scope = await computeSyncScope(principal, this.#repos, this.#access, { now, locks: collection === 'course' });
      const next = scopeFingerprint(scope, collection);
      if (next !== fingerprint) {
        fingerprint = next;
        emit('resync', { reason: 'scope' });
        return;
      }
      const visibility = new PullVisibility(scope, this.#repos);
      for (const doc of docs) {
        if ((await visibility.decide(collection, doc)) !== 'skip') {
          emit('changed', { seq: lastSeq });
          return;
        }
      }
    };
    const schedule = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        // One flush at a time; a failure (the database closing under a last burst) costs the device one pull.
        flushing = flushing.then(flush).catch((err: unknown) => {
          if (signal.aborted) return;
          console.error('sync change feed failed', err);
          emit('resync', { reason: 'error' });
        });
      }, COALESCE_MS);
    };
    // Every replicated collection, not only this one: an enrollment written elsewhere changes this scope too.
    const subscriptions: Subscription[] = PULL_COLLECTIONS.map((name) =>
      this.#db.collections[name].storageInstance.changeStream().subscribe((bulk) => {
        if (name === collection) {
          for (const change of bulk.events) pending.push(toWire(change.documentData));
          lastSeq = (bulk.checkpoint as SQLiteCheckpoint).seq;
        }
        schedule();
      }),
    );
    this.#active++;
    try {
      emit('resync', { reason: 'connected' });
      await new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        else for (const ending of [signal, revoked.signal]) ending.addEventListener('abort', () => resolve(), { once: true });
      });
    } finally {
      for (const subscription of subscriptions) subscription.unsubscribe();
      clearTimeout(timer);
      await flushing;
      this.#active--;
    }
  }

  async #fingerprint(principal: Principal, collection: PullCollection): Promise<string> {
    const scope = await computeSyncScope(principal, this.#repos, this.#access, { now: Date.now(), locks: collection === 'course' });
    return scopeFingerprint(scope, collection);
  }
}
