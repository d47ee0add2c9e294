import type { IncomingHttpHeaders } from 'node:http';
import { replicaOf, type IdAllocator } from '../domain/ids.ts';
import type { Principal } from '../domain/principal.ts';
import { Repository } from '../domain/repository.ts';
import type { TimeEvidence } from '../domain/time-evidence.ts';
import type { RecordCollection } from '../storage/database.ts';
import { LATEST_ID_HEADER } from './hub-client.ts';

/** One sync request of a token as the hub received it, and the latest id its device named then. */
interface ContactData {
  token_id: number;
  user_id: number;
  /** The device's `IdAllocator.latest` when it sent the request; 0 when it named none. */
  latest_id: number;
  /** Epoch ms on the hub's clock: the latest request that named this id. */
  at: number;
  /** The first request that named it (absent on contacts recorded before this was kept: `at` stands in). */
  first_at?: number;
}

/**
 * A contact is written again for the same latest id only after this long: devices pull often, and a contact's time
 * only has to bound entries made after it. The bound it gives may be this much too early (in the device's favour).
 */
const CONTACT_GRAIN_MS = 60_000;

/**
 * How long after a contact a device may take to deliver the entries it held then. A device sends its outbox at every
 * contact; one that kept syncing for longer while holding an entry back was not offline, so that contact bounds the
 * entry's time too. Generous, so that a device reconnecting with a long outbox (sent in order, batch by batch, after
 * its first pull) keeps its honest times.
 */
export const DELIVERY_GRACE_MS = 10 * 60_000;

/**
 * The hub's record of when each token's device was last in contact, and what it had written by then (decision
 * 0062). Ids on a device only grow, so an outbox entry whose id is above the latest id a contact named was made
 * after that contact: the hub can vouch that the entry is not older than the last such contact. A request that
 * names no id of the entry's device (none at all, or another installation's using the same token) does not show
 * that the entry existed before it, so it bounds the entry too: naming ids can only help a device's honest time.
 */
export class DeviceContacts {
  readonly #contacts: Repository<ContactData>;
  /** The newest contact written per token, so a device that pulls every few seconds is not one write per pull. */
  readonly #newest = new Map<number, { latest_id: number; at: number }>();

  constructor(local: RecordCollection, ids: IdAllocator) {
    this.#contacts = new Repository<ContactData>(local, 'sync_contact', ids, (c) => ({ user_id: c.user_id, parent_id: c.token_id, lookup_key: `sync_contact:${c.token_id}:${c.latest_id}` }));
  }

  /** Notes a sync request of `principal`'s token, received at `now`. */
  async record(principal: Principal, headers: IncomingHttpHeaders, now: number): Promise<void> {
    const latestId = latestIdOf(headers[LATEST_ID_HEADER]);
    const newest = this.#newest.get(principal.tokenId);
    if (newest && newest.latest_id === latestId && now - newest.at < CONTACT_GRAIN_MS) return;
    this.#newest.set(principal.tokenId, { latest_id: latestId, at: now });
    const stamp = { actorId: principal.userId, requestId: `contact:${principal.tokenId}`, now };
    const data: ContactData = { token_id: principal.tokenId, user_id: principal.userId, latest_id: latestId, at: now, first_at: now };
    const existing = await this.#contacts.byLookup(`sync_contact:${principal.tokenId}:${latestId}`);
    if (existing) await this.#contacts.update(existing.id, stamp, (current) => ({ ...current, at: Math.max(current.at, now) }));
    else await this.#contacts.create(data, stamp);
  }

  /**
   * The time of an outbox entry the hub received at `receivedAt`: the device's time when the hub can vouch for it —
   * not before the token's last contact that preceded the entry (or at which the device, in contact, kept the entry
   * back for longer than `DELIVERY_GRACE_MS`), not after it was received — else `undefined` (the hub's own time of
   * performing it stands).
   */
  async vouchedTime(tokenId: number, entryId: number, deviceTime: number, receivedAt: number): Promise<number | undefined> {
    if (deviceTime > receivedAt) return undefined;
    const device = replicaOf(entryId);
    // Contacts before the entry existed, and contacts long before its receipt at which the device held it unsent.
    const bounding = (c: ContactData) => replicaOf(c.latest_id) !== device || c.latest_id < entryId || (c.first_at ?? c.at) < receivedAt - DELIVERY_GRACE_MS;
    const before = (await this.#contacts.find({ parent_id: tokenId })).filter((c) => bounding(c.data) && c.data.at <= receivedAt);
    if (before.length === 0) return undefined;
    const lastContact = Math.max(...before.map((c) => c.data.at));
    return deviceTime >= lastContact ? deviceTime : undefined;
  }

  /**
   * What bounds the device's time of an outbox entry received at `receivedAt` (decision 0120): the token's last
   * contact that named a lower id of the entry's device (or none of it), and the first contact that named the
   * entry's id or a later one, or the receipt if that came first. Unlike `vouchedTime` the device's time is not
   * replaced when it falls outside: `provenTime` moves it to the nearer bound, so a claim can only lose by a lie.
   */
  async evidence(tokenId: number, entryId: number, deviceTime: number, receivedAt: number): Promise<TimeEvidence> {
    const device = replicaOf(entryId);
    const heard = (await this.#contacts.find({ parent_id: tokenId })).map((c) => c.data).filter((c) => (c.first_at ?? c.at) <= receivedAt);
    const before = heard.filter((c) => replicaOf(c.latest_id) !== device || c.latest_id < entryId);
    const after = heard.filter((c) => replicaOf(c.latest_id) === device && c.latest_id >= entryId);
    return {
      claimed: deviceTime,
      earliest: before.length === 0 ? undefined : Math.max(...before.map((c) => Math.min(c.at, receivedAt))),
      latest: Math.min(receivedAt, ...after.map((c) => c.first_at ?? c.at)),
    };
  }
}

/** A device's latest id from its header; anything else names none. */
function latestIdOf(value: string | string[] | undefined): number {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : 0;
  return Number.isSafeInteger(n) ? n : 0;
}
