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
/** Calls `changed` after any token, session or developer key record changes; returns how to stop. */
export type CredentialWatch = (changed: () => void) => () => void;

interface Held {
  readonly principal: Principal;
  readonly controller: AbortController;
}

/**
 * The event streams open right now, counted per credential and per user so that no one caller can hold the
 * server's connections, and ended as soon as their credential is revoked: a change to any credential record
 * makes every open stream ask whether its own credential still admits it. The watch runs only while streams are
 * open.
 */
export class OpenStreams {
  readonly #limits: StreamLimits;
  readonly #isLive: CredentialCheck;
  readonly #watch: CredentialWatch;
  readonly #held = new Set<Held>();
  #stopWatching: (() => void) | undefined;

  constructor(isLive: CredentialCheck, watch: CredentialWatch, limits: StreamLimits = STREAM_LIMITS) {
    this.#isLive = isLive;
    this.#watch = watch;
    this.#limits = limits;
  }

  get size(): number {
    return this.#held.size;
  }

  /** A lease for one more stream of `principal`, or undefined when its credential or its user is at the limit. */
  open(principal: Principal): StreamLease | undefined {
    const credential = credentialOf(principal);
    let ofCredential = 0;
    let ofUser = 0;
    for (const held of this.#held) {
      if (credentialOf(held.principal) === credential) ofCredential++;
      if (held.principal.userId === principal.userId) ofUser++;
    }
    if (ofCredential >= this.#limits.perCredential || ofUser >= this.#limits.perUser) return undefined;
    const held: Held = { principal, controller: new AbortController() };
    this.#held.add(held);
    this.#stopWatching ??= this.#watch(() => void this.#endRevoked());
    return {
      signal: held.controller.signal,
      release: () => {
        this.#held.delete(held);
        if (this.#held.size > 0) return;
        this.#stopWatching?.();
        this.#stopWatching = undefined;
      },
    };
  }

  /** Each credential with open streams is asked once; its streams end together. */
  async #endRevoked(): Promise<void> {
    const now = Date.now();
    const byCredential = Map.groupBy(this.#held, (held) => credentialOf(held.principal));
    await Promise.all(
      [...byCredential.values()].map(async (streams) => {
        if (await this.#isLive(streams[0]!.principal, now)) return;
        for (const { controller } of streams) controller.abort();
      }),
    );
  }
}
