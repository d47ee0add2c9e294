import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Stored, WriteStamp } from '../../storage/typed-records.ts';
import { hashToken } from '../access-tokens.ts';
import type { Principal } from '../principal.ts';
import type { SessionData } from '../records/local-records.ts';
import { lookupKey, type Repositories } from '../repositories.ts';

/** A session unused this long ends; every use moves the end forward (sliding expiry). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** Sliding the expiry costs a durable write, so it moves at most once an hour. */
const SLIDE_RESOLUTION_MS = 60 * 60 * 1000;

export interface OpenedSession {
  record: Stored<SessionData>;
  /** The cookie's value: sent once in Set-Cookie, only its hash is stored. */
  cookieValue: string;
}

/** Whether a presented CSRF token must match: every request but `GET /api/v1/login/session`, which hands it out. */
export type CsrfCheck = { presented: string | undefined } | 'exempt';

/**
 * People's sign-in sessions (the cookie of http/session-cookie.ts). Like access tokens, a session is a random
 * secret of which only the SHA-256 is stored, so a copy of the database signs nobody in; revoking is a state change
 * every request checks, so signing out ends the session at once on the server, whatever the browser keeps.
 */
export class Sessions {
  readonly #repos: Repositories;

  constructor(repos: Repositories) {
    this.#repos = repos;
  }

  async open(userId: number, stamp: WriteStamp): Promise<OpenedSession> {
    const cookieValue = randomBytes(32).toString('base64url');
    const record = await this.#repos.sessions.create(
      {
        user_id: userId,
        token_hash: hashToken(cookieValue).toString('hex'),
        csrf_token: randomBytes(32).toString('base64url'),
        expires_at: stamp.now + SESSION_IDLE_MS,
        workflow_state: 'active',
      },
      stamp,
    );
    return { record, cookieValue };
  }

  /** The principal of a live session whose CSRF token matches (unless exempt); undefined otherwise. */
  async verify(cookieValue: string, csrf: CsrfCheck, now: number): Promise<Principal | undefined> {
    const session = await this.#live(cookieValue, now);
    if (!session) return undefined;
    if (csrf !== 'exempt' && (csrf.presented === undefined || !sameSecret(csrf.presented, session.data.csrf_token))) return undefined;
    const slid = await this.#slide(session, now);
    return { userId: slid.data.user_id, tokenId: slid.id, scopes: null, sessionId: slid.id };
  }

  /** The live session a cookie names, or undefined. */
  async #live(cookieValue: string, now: number): Promise<Stored<SessionData> | undefined> {
    const presented = hashToken(cookieValue);
    const session = await this.#repos.sessions.byLookup(lookupKey.sessionHash(presented.toString('hex')));
    if (!session || !timingSafeEqual(Buffer.from(session.data.token_hash, 'hex'), presented)) return undefined;
    return isLiveSession(session.data, now) ? session : undefined;
  }

  /** Whether a session a principal came with is still signed in (see AccessTokens.isLive). */
  async isLive(id: number, now: number): Promise<boolean> {
    const session = await this.#repos.sessions.get(id);
    return session !== undefined && isLiveSession(session.data, now);
  }

  async get(id: number): Promise<Stored<SessionData> | undefined> {
    return this.#repos.sessions.get(id);
  }

  async revoke(id: number, stamp: WriteStamp): Promise<void> {
    await this.#repos.sessions.update(id, stamp, (data) => ({ ...data, workflow_state: 'revoked' }));
  }

  /** After a password change: every other session of the user ends, so whoever else knew the old one is out. */
  async revokeAllOf(userId: number, stamp: WriteStamp, keepId?: number): Promise<void> {
    const sessions = await this.#repos.sessions.find({ user_id: userId });
    for (const session of sessions) {
      if (session.id !== keepId && session.data.workflow_state === 'active') await this.revoke(session.id, stamp);
    }
  }

  async #slide(session: Stored<SessionData>, now: number): Promise<Stored<SessionData>> {
    if (now + SESSION_IDLE_MS - session.data.expires_at < SLIDE_RESOLUTION_MS) return session;
    const stamp = { actorId: session.data.user_id, requestId: 'session-use', now };
    return (await this.#repos.sessions.update(session.id, stamp, (data) => ({ ...data, expires_at: now + SESSION_IDLE_MS }))) ?? session;
  }
}

/** Compares digests, so neither the content nor the length of the stored secret leaks through timing. */
function sameSecret(presented: string, stored: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(stored));
}

function isLiveSession(session: SessionData, now: number): boolean {
  return session.workflow_state === 'active' && session.expires_at > now;
}
