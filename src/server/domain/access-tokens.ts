import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Stored, WriteStamp } from '../storage/typed-records.ts';
import { isUsableKey } from './oauth/developer-key-rules.ts';
import type { Principal } from './principal.ts';
import type { AccessTokenData } from './records/local-records.ts';
import { lookupKey, type Repositories } from './repositories.ts';

/** A prefix secret scanners recognise (docs/architecture.md §5.5). */
const TOKEN_PREFIX = 'lms_';
/** Refreshing last_used_at costs a durable write: once an hour is enough to tell stale tokens apart. */
const LAST_USED_RESOLUTION_MS = 60 * 60 * 1000;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export interface IssuedToken {
  record: Stored<AccessTokenData>;
  /** Shown once, in the response that created it; only its hash is stored. */
  visibleToken: string;
  /** OAuth2 tokens only, shown once like the token: trades for a new access token until the token is revoked. */
  refreshToken?: string;
}

export interface NewToken {
  userId: number;
  purpose: string;
  scopes?: string[] | null;
  expiresAt?: number | null;
  /** An OAuth2 token: issued to this developer key, with a refresh token. */
  developerKeyId?: number;
}

const newSecret = () => TOKEN_PREFIX + randomBytes(32).toString('base64url');
const hintOf = (token: string) => token.slice(0, TOKEN_PREFIX.length + 5);

/**
 * `lms_<record id>~<secret>`: the id finds the record (a record has one lookup slot, taken by the access token's
 * hash), the secret proves it; only the secret's hash is stored.
 */
const REFRESH_TOKEN = /^lms_(\d{1,16})~([A-Za-z0-9_-]{43})$/;

/** A token that lives only in memory and acts as a fixed user: OUTPOST_ADMIN_TOKEN. */
export interface FixedToken {
  token: string;
  userId: number;
}

/** Issues tokens and resolves presented ones to principals. Tokens are random; only SHA-256 hashes are kept. */
export class AccessTokens {
  readonly #repos: Repositories;
  readonly #fixed: { hash: Buffer; userId: number }[];

  constructor(repos: Repositories, fixed: readonly FixedToken[] = []) {
    this.#repos = repos;
    this.#fixed = fixed.map(({ token, userId }) => ({ hash: hashToken(token), userId }));
  }

  async issue(input: NewToken, stamp: WriteStamp): Promise<IssuedToken> {
    const visibleToken = newSecret();
    const refreshSecret = input.developerKeyId === undefined ? undefined : randomBytes(32).toString('base64url');
    const record = await this.#repos.tokens.create(
      {
        user_id: input.userId,
        token_hash: hashToken(visibleToken).toString('hex'),
        purpose: input.purpose,
        scopes: input.scopes ?? null,
        expires_at: input.expiresAt ?? null,
        last_used_at: null,
        token_hint: hintOf(visibleToken),
        workflow_state: 'active',
        developer_key_id: input.developerKeyId ?? null,
        refresh_token_hash: refreshSecret === undefined ? null : hashToken(refreshSecret).toString('hex'),
      },
      stamp,
    );
    return { record, visibleToken, refreshToken: refreshSecret === undefined ? undefined : `${TOKEN_PREFIX}${record.id}~${refreshSecret}` };
  }

  /** The live token record a refresh token belongs to; undefined for anything else, revoked tokens included. */
  async byRefreshToken(refreshToken: string): Promise<Stored<AccessTokenData> | undefined> {
    const match = REFRESH_TOKEN.exec(refreshToken);
    if (!match) return undefined;
    const record = await this.#repos.tokens.get(Number(match[1]));
    const stored = record?.data.refresh_token_hash;
    if (!record || !stored || record.data.workflow_state !== 'active') return undefined;
    return timingSafeEqual(Buffer.from(stored, 'hex'), hashToken(match[2]!)) ? record : undefined;
  }

  /** A new access token on the same record (the old one stops working); the refresh token stays. */
  async renew(record: Stored<AccessTokenData>, expiresAt: number, stamp: WriteStamp): Promise<IssuedToken> {
    const visibleToken = newSecret();
    const renewed = await this.#repos.tokens.update(record.id, stamp, (data) => ({
      ...data,
      token_hash: hashToken(visibleToken).toString('hex'),
      token_hint: hintOf(visibleToken),
      expires_at: expiresAt,
    }));
    return { record: renewed ?? record, visibleToken };
  }

  /** Revokes the live tokens issued to a developer key (only `userId`'s when given): they stop working at once. */
  async revokeIssuedTo(developerKeyId: number, stamp: WriteStamp, userId?: number): Promise<void> {
    const selector = userId === undefined ? { parent_id: developerKeyId } : { parent_id: developerKeyId, user_id: userId };
    for (const token of await this.#repos.tokens.find(selector)) {
      if (token.data.workflow_state === 'active') await this.#repos.tokens.update(token.id, stamp, (data) => ({ ...data, workflow_state: 'deleted' }));
    }
  }

  /** The principal a raw Bearer token acts as; undefined when it is unknown, revoked or expired. */
  async verify(rawToken: string, now: number): Promise<Principal | undefined> {
    const presented = hashToken(rawToken);
    // Every fixed token is compared, matched or not, so timing tells nothing about which exist.
    let fixedUser: number | undefined;
    for (const fixed of this.#fixed) if (timingSafeEqual(fixed.hash, presented)) fixedUser ??= fixed.userId;
    if (fixedUser !== undefined) return { userId: fixedUser, tokenId: 0, scopes: null };

    const record = await this.#repos.tokens.byLookup(lookupKey.tokenHash(presented.toString('hex')));
    if (!record) return undefined;
    // The index lookup found it by hash; compare the digests in constant time all the same.
    if (!timingSafeEqual(Buffer.from(record.data.token_hash, 'hex'), presented)) return undefined;
    const token = record.data;
    if (!(await this.#usable(token, now))) return undefined;
    if (token.last_used_at === null || now - token.last_used_at >= LAST_USED_RESOLUTION_MS) {
      await this.#repos.tokens.update(record.id, { actorId: token.user_id, requestId: 'token-use', now }, (data) => ({
        ...data,
        last_used_at: now,
      }));
    }
    return { userId: token.user_id, tokenId: record.id, scopes: token.scopes };
  }

  /**
   * Whether the token a principal was verified from still admits it: a connection held open (the sync event
   * stream) asks again before each event, so revoking the token silences it. Fixed tokens (id 0) live as long as
   * the process's configuration.
   */
  async isLive(principal: Principal, now: number): Promise<boolean> {
    if (principal.tokenId === 0) return true;
    const record = await this.#repos.tokens.get(principal.tokenId);
    return record !== undefined && (await this.#usable(record.data, now));
  }

  async #usable(token: AccessTokenData, now: number): Promise<boolean> {
    if (token.workflow_state !== 'active' || (token.expires_at !== null && token.expires_at <= now)) return false;
    // An OAuth2 token lives only as long as its developer key is usable: turning a key off cuts its tools off.
    if (!token.developer_key_id) return true;
    const key = await this.#repos.developerKeys.get(token.developer_key_id);
    return key !== undefined && isUsableKey(key.data);
  }
}
