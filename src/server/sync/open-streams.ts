import { credentialOf, type Principal } from '../domain/principal.ts';

/** How many event streams may be open at once (decision 0080). */
export interface StreamLimits {
  /**
   * Per token or session. A device holds one stream per replicated collection (four); twice that lets a
   * reconnect open its new streams before the hub has noticed that the old connections dropped.
   */
  readonly perCredential: number;
  /** Per user, across all their credentials: three devices' worth. */
  readonly perUser: number;
}

export const STREAM_LIMITS: StreamLimits = { perCredential: 8, perUser: 24 };

/** One open stream's hold on its budget: its signal aborts when the credential stops admitting the user. */
export interface StreamLease {
  readonly signal: AbortSignal;
  release(): void;
}

/** Whether the credential a principal was verified from still admits it. */
export type CredentialCheck = (principal: Principal, now: number) => Promise<boolean>;
/**
 * Calls `changed` after token, session or developer key records change, with the credentials touched (keys of
 * `credentialKey`) or `every` when any token may have changed its answer; returns how to stop.
 */
export type CredentialWatch = (changed: (credentials: ReadonlySet<string> | 'every') => void) => () => void;

interface Held {
  readonly principal: Principal;
  readonly controller: AbortController;
}

/**
 * The event streams open right now, counted per credential and per user so that no one caller can hold the
 * server's connections, and ended as soon as their credential is revoked: a change to a credential record makes
 * the streams it holds ask whether it still admits them. Opening and asking cost the same however many streams
 * other credentials hold (a school hub's devices all connect at 8 a.m., and each first request of a token that day
 * writes its `last_used_at`). The watch runs only while streams are open.
 */
export class OpenStreams {
  readonly #limits: StreamLimits;
  readonly #isLive: CredentialCheck;
  readonly #watch: CredentialWatch;
  readonly #byCredential = new Map<string, Set<Held>>();
  readonly #perUser = new Map<number, number>();
  #size = 0;
  #stopWatching: (() => void) | undefined;

  constructor(isLive: CredentialCheck, watch: CredentialWatch, limits: StreamLimits = STREAM_LIMITS) {
    this.#isLive = isLive;
    this.#watch = watch;
    this.#limits = limits;
  }

  get size(): number {
    return this.#size;
  }

  /** A lease for one more stream of `principal`, or undefined when its credential or its user is at the limit. */
  open(principal: Principal): StreamLease | undefined {
    const credential = credentialOf(principal);
    const { userId } = principal;
    const ofCredential = this.#byCredential.get(credential) ?? new Set<Held>();
    const ofUser = this.#perUser.get(userId) ?? 0;
    if (ofCredential.size >= this.#limits.perCredential || ofUser >= this.#limits.perUser) return undefined;
    const held: Held = { principal, controller: new AbortController() };
    this.#byCredential.set(credential, ofCredential.add(held));
    this.#perUser.set(userId, ofUser + 1);
    this.#size++;
    this.#stopWatching ??= this.#watch((changed) => void this.#endRevoked(changed));
    return { signal: held.controller.signal, release: () => this.#release(credential, held) };
  }

  #release(credential: string, held: Held): void {
    const ofCredential = this.#byCredential.get(credential);
    if (!ofCredential?.delete(held)) return;
    if (ofCredential.size === 0) this.#byCredential.delete(credential);
    const ofUser = (this.#perUser.get(held.principal.userId) ?? 1) - 1;
    if (ofUser > 0) this.#perUser.set(held.principal.userId, ofUser);
    else this.#perUser.delete(held.principal.userId);
    if (--this.#size > 0) return;
    this.#stopWatching?.();
    this.#stopWatching = undefined;
  }

  /** Each changed credential with open streams is asked once; its streams end together. */
  async #endRevoked(changed: ReadonlySet<string> | 'every'): Promise<void> {
    const now = Date.now();
    const asked = changed === 'every' ? [...this.#byCredential.keys()] : [...changed].filter((credential) => this.#byCredential.has(credential));
    await Promise.all(
      asked.map(async (credential) => {
        const [first] = this.#byCredential.get(credential) ?? [];
        if (!first || (await this.#isLive(first.principal, now))) return;
        for (const { controller } of this.#byCredential.get(credential) ?? []) controller.abort();
      }),
    );
  }
}
