import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Subscription } from 'rxjs';
import type { Access } from '../domain/access.ts';
import { credentialOf, type Principal } from '../domain/principal.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { SQLiteCheckpoint } from '../storage/sqlite/types.ts';
import { PullVisibility } from './pull-visibility.ts';
import { PULL_COLLECTIONS, toWire, type PullCollection, type WireRecord } from './sync-partitions.ts';
import type { ForegroundRequests } from './foreground-requests.ts';
import { ScopeCache } from './scope-cache.ts';
import { computeSyncScope, scopeFingerprint, type SyncScope } from './sync-scope.ts';

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

/** How long a burst waits at most, before each user, for the requests still unanswered (ForegroundRequests). */
const YIELD_TO_REQUESTS_MS = 50;

/**
 * How long the feed serves users back to back before it steps aside again: a third of a computed scope, so a
 * request waits less than it did behind one (decision 0087), while users whose scope was kept (a fraction of a
 * millisecond each) go through several at a time rather than one per gap between requests.
 */
const SLICE_MS = 1;

/** Changes gathered this long cost at most one scope computation per listening user and one event per stream. */
const COALESCE_MS = 100;

/** One open stream. */
interface Watcher {
  principal: Principal;
  collection: PullCollection;
  emit: HubEventSink;
  authorised: StillAuthorised;
  /** The scope fingerprint the device last heard about (a `resync` when it moves). */
  fingerprint: string;
  /** The scope that fingerprint was taken from: a kept scope that did not change needs no new one. */
  basis: SyncScope;
  /** Ends the stream: its credential no longer admits its user. */
  revoke(): void;
  closed: boolean;
}

/** The changes of one burst: per collection, the committed documents and the checkpoint after the last of them. */
type Burst = Map<PullCollection, { docs: WireRecord[]; seq: number }>;

/**
 * Turns committed changes into events for every open stream. The work lies in the scope: what a change means to a
 * stream depends on what its user may see, and computing that reads the user's enrollments, permissions and locks.
 * So the streams share one subscription to the storage change streams, the changes of a burst are gathered, and
 * each user with open streams has their scope computed at most once per burst for all their streams (a device holds
 * one per collection), and kept for the next bursts until a change it reads comes (ScopeCache). Users are served
 * one after another, in slices of a millisecond with a turn of the event loop between them, so requests that
 * arrived meanwhile are not kept waiting behind every stream's check.
 */
export class HubChangeFeed {
  readonly #db: OutpostDatabase;
  readonly #repos: Repositories;
  readonly #access: Access;
  readonly #watchers = new Set<Watcher>();
  #subscriptions: Subscription[] = [];
  #burst: Burst = new Map();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #scopeComputations = 0;
  #connectComputations = 0;
  readonly #scopes = new ScopeCache();
  /** Connects computing their user's scope, shared by that user's other connects meanwhile. */
  readonly #connecting = new Map<number, Promise<SyncScope>>();
  /** The last connect computation queued: they run one at a time, each after a step aside. */
  #connectQueue: Promise<unknown> = Promise.resolve();
  /** Changes seen on the subscriptions so far: a scope computed while one came may have missed it. */
  #changesSeen = 0;
  readonly #foreground: ForegroundRequests;

  constructor(db: OutpostDatabase, repos: Repositories, access: Access, foreground: ForegroundRequests) {
    this.#db = db;
    this.#repos = repos;
    this.#access = access;
    this.#foreground = foreground;
  }

  /** Open event streams, so tests (and shutdown) can see that a disconnect let go of its subscriptions. */
  get activeStreams(): number {
    return this.#watchers.size;
  }

  /**
   * Scopes computed for changes so far (not for connects), so tests can see that a user's streams share one and
   * that a burst which no scope reads computes none.
   */
  get scopeComputations(): number {
    return this.#scopeComputations;
  }

  /** Scopes computed for connects so far, so tests can see that connects share them. */
  get connectComputations(): number {
    return this.#connectComputations;
  }

  /**
   * Emits events for one device connection until `signal` aborts, or until `authorised` says no on a change (the
   * token was revoked since the connect): resolves then, subscriptions released, and the response ends. Losing
   * an enrollment changes the scope: one `resync` lets the device pull the tombstones, and the course's changes
   * are not visible any more, so nothing follows.
   */
  async watch(principal: Principal, collection: PullCollection, emit: HubEventSink, signal: AbortSignal, authorised: StillAuthorised): Promise<void> {
    if (signal.aborted) return;
    const scope = await this.#connectScope(principal, collection === 'course');
    if (signal.aborted) return;
    const revoked = new AbortController();
    const fingerprint = scopeFingerprint(scope, collection);
    const watcher: Watcher = { principal, collection, emit, authorised, fingerprint, basis: scope, revoke: () => revoked.abort(), closed: false };
    this.#add(watcher);
    try {
      emit('resync', { reason: 'connected' });
      await new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        else for (const ending of [signal, revoked.signal]) ending.addEventListener('abort', () => resolve(), { once: true });
      });
    } finally {
      watcher.closed = true;
      this.#remove(watcher);
      // A burst being handled may still read the database: shutdown closes it only after the streams ended.
      await this.#flushing;
    }
  }

  /**
   * The scope a connect starts from, the basis its stream's scope moves are told against. A device opens its four
   * streams at once and a hub's devices reconnect together after a restart: the connects of one user share one
   * computation (with the locks, which the `course` stream needs), and the users' computations run one at a time,
   * each when no request is waiting (as a burst's users do): released together, a hundred of them would hold the
   * event loop for a third of a second. Each is kept for the bursts that follow unless a change came while it was
   * made. A kept scope serves a connect as it is: one
   * later found stale by a burst costs the device one more `resync`, never a missed one.
   */
  #connectScope(principal: Principal, locks: boolean): Promise<SyncScope> {
    const userId = principal.userId;
    const kept = this.#scopes.get(userId, locks, Date.now());
    if (kept) return Promise.resolve(kept);
    let shared = this.#connecting.get(userId);
    if (!shared) {
      shared = this.#connectQueue.then(() => this.#computeAtConnect(principal)).finally(() => this.#connecting.delete(userId));
      this.#connectQueue = shared.catch(() => undefined);
      this.#connecting.set(userId, shared);
    }
    return shared;
  }

  async #computeAtConnect(principal: Principal): Promise<SyncScope> {
    await nextTurn();
    await this.#foreground.quiet(YIELD_TO_REQUESTS_MS);
    this.#connectComputations++;
    // Without subscriptions (the first stream), changes made meanwhile would go unseen.
    const watched = this.#subscriptions.length > 0;
    const seen = this.#changesSeen;
    const now = Date.now();
    const scope = await computeSyncScope(principal, this.#repos, this.#access, { now, locks: true });
    if (watched && seen === this.#changesSeen) this.#scopes.keep(scope, true, now);
    return scope;
  }

  #add(watcher: Watcher): void {
    this.#watchers.add(watcher);
    if (this.#subscriptions.length > 0) return;
    // Every replicated collection, not only the watched ones: an enrollment written elsewhere changes scopes too.
    this.#subscriptions = PULL_COLLECTIONS.map((name) =>
      this.#db.collections[name].storageInstance.changeStream().subscribe((bulk) => {
        this.#changesSeen++;
        const gathered = this.#burst.get(name) ?? { docs: [], seq: 0 };
        for (const change of bulk.events) gathered.docs.push(toWire(change.documentData));
        gathered.seq = (bulk.checkpoint as SQLiteCheckpoint).seq;
        this.#burst.set(name, gathered);
        this.#schedule();
      }),
    );
  }

  #remove(watcher: Watcher): void {
    this.#watchers.delete(watcher);
    if (this.#watchers.size > 0) return;
    for (const subscription of this.#subscriptions) subscription.unsubscribe();
    this.#subscriptions = [];
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#burst = new Map();
    this.#scopes.retain(new Set());
  }

  #schedule(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      const burst = this.#burst;
      this.#burst = new Map();
      // One burst at a time; changes arriving meanwhile gather into the next one.
      this.#flushing = this.#flushing.then(() => this.#deliver(burst));
    }, COALESCE_MS);
  }

  async #deliver(burst: Burst): Promise<void> {
    const byUser = new Map<number, Watcher[]>();
    for (const watcher of this.#watchers) byUser.set(watcher.principal.userId, [...(byUser.get(watcher.principal.userId) ?? []), watcher]);
    this.#scopes.retain(new Set(byUser.keys()));
    this.#scopes.apply([...burst.values()].flatMap((changes) => changes.docs));
    let sliceEnd = 0;
    for (const watchers of byUser.values()) {
      if (performance.now() >= sliceEnd) {
        await nextTurn();
        await this.#foreground.quiet(YIELD_TO_REQUESTS_MS);
        sliceEnd = performance.now() + SLICE_MS;
      }
      try {
        await this.#deliverToUser(watchers, burst);
      } catch (err) {
        // The database closing under a last burst, say: it costs the user's devices one pull each.
        this.#scopes.forget(watchers[0]!.principal.userId);
        const open = watchers.filter((watcher) => !watcher.closed);
        if (open.length > 0) console.error('sync change feed failed', err);
        for (const watcher of open) watcher.emit('resync', { reason: 'error' });
      }
    }
  }

  /**
   * One user's streams: each credential asked again (once, however many of the streams it holds: a device holds
   * one per collection), then one scope for all of them, kept or computed.
   */
  async #deliverToUser(watchers: Watcher[], burst: Burst): Promise<void> {
    const now = Date.now();
    const live: Watcher[] = [];
    const asked = new Map<string, Promise<boolean>>();
    for (const watcher of watchers) {
      if (watcher.closed) continue;
      const credential = credentialOf(watcher.principal);
      let admitted = asked.get(credential);
      if (!admitted) asked.set(credential, (admitted = watcher.authorised(now)));
      if (await admitted) live.push(watcher);
      else watcher.revoke();
    }
    const [first] = live;
    if (!first) return;
    // Locks cost extra and only `course` streams judge content by them; the other fingerprints ignore them.
    const locks = live.some((watcher) => watcher.collection === 'course');
    let scope = this.#scopes.get(first.principal.userId, locks, now);
    if (!scope) {
      this.#scopeComputations++;
      scope = await computeSyncScope(first.principal, this.#repos, this.#access, { now, locks });
      this.#scopes.keep(scope, locks, now);
    }
    for (const watcher of live) await this.#deliverToStream(watcher, scope, burst);
  }

  async #deliverToStream(watcher: Watcher, scope: SyncScope, burst: Burst): Promise<void> {
    if (scope !== watcher.basis) {
      watcher.basis = scope;
      const next = scopeFingerprint(scope, watcher.collection);
      if (next !== watcher.fingerprint) {
        watcher.fingerprint = next;
        if (!watcher.closed) watcher.emit('resync', { reason: 'scope' });
        return;
      }
    }
    const changes = burst.get(watcher.collection);
    if (!changes) return;
    const visibility = new PullVisibility(scope, this.#repos);
    for (const doc of changes.docs) {
      if ((await visibility.decide(watcher.collection, doc)) !== 'skip') {
        if (!watcher.closed) watcher.emit('changed', { seq: changes.seq });
        return;
      }
    }
  }
}
