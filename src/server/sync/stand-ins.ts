import { replicaOf } from '../domain/ids.ts';
import type { OutpostDatabase } from '../storage/database.ts';
import type { Outbox } from './outbox.ts';
import type { PullCollection } from './sync-partitions.ts';

/** A record's identity beyond its id: records of one type with one lookup key stand for the same thing. */
interface Looked {
  type: string;
  lookup_key: string;
}

const sameThing = (record: Looked) => `${record.type}|${record.lookup_key}`;

/**
 * A record this device made for itself outside any replayed write (reading an assignment's submissions creates an
 * unsubmitted one per student, as Canvas keeps one) stands in for the hub's record of the same thing: once the hub's
 * record with that type and lookup key is here or arriving (`fromHub`), the device's copy goes, or the device would
 * hold two and answer with its own. Records that entries still waiting in the outbox created or changed stay until
 * their entry is settled; the settling calls this again. Directory records (people) made here before the connection
 * are this installation's own, never stand-ins.
 */
export async function dropStandIns(db: OutpostDatabase, outbox: Outbox, replica: number, name: PullCollection, fromHub: readonly Looked[]): Promise<void> {
  if (name === 'directory') return;
  const arrived = new Set(fromHub.filter((record) => record.lookup_key !== '').map(sameThing));
  if (arrived.size === 0) return;
  const lookupKeys = [...new Set(fromHub.map((record) => record.lookup_key))];
  const mine = (await db.collections[name].find({ selector: { lookup_key: { $in: lookupKeys } } }).exec()).filter(
    (doc) => replicaOf(doc.id) === replica && arrived.has(sameThing(doc)),
  );
  if (mine.length === 0) return;
  const waiting = new Set(
    (await outbox.sendable()).flatMap(({ record: { data } }) => [...data.created.map((created) => created.key), ...(data.base ? [data.base.key] : [])]),
  );
  const standIns = mine.filter((doc) => !waiting.has(doc.key)).map((doc) => doc.key);
  if (standIns.length > 0) await db.collections[name].bulkRemove(standIns);
}

/**
 * After entries settled: the hub's records already here for what those entries' own-id records stood for (the hub's
 * record may have been pulled while the entry still waited, when its stand-in had to stay).
 */
export async function dropSettledStandIns(db: OutpostDatabase, outbox: Outbox, replica: number, bases: readonly { collection: PullCollection; key: string }[]): Promise<void> {
  for (const base of bases) {
    const own = await db.collections[base.collection].findOne(base.key).exec();
    if (!own || replicaOf(own.id) !== replica || own.lookup_key === '') continue;
    const same = await db.collections[base.collection].find({ selector: { lookup_key: own.lookup_key, type: own.type } }).exec();
    const fromHub = same.filter((doc) => replicaOf(doc.id) !== replica);
    await dropStandIns(db, outbox, replica, base.collection, fromHub);
  }
}
