import type { IdAllocator } from '../domain/ids.ts';
import { Repository, type WriteStamp } from '../domain/repository.ts';
import type { RecordCollection } from '../storage/database.ts';

/** One of this installation's provisional ids and the id the hub above gave the same record. */
interface SettledIdData {
  local_id: number;
  hub_id: number;
}

/** A pair the hub above answered for an applied entry: this installation's id → the hub's. */
export interface IdPair {
  local: number;
  hub: number;
}

/**
 * The ids the hub above settled for records this installation created provisionally (decision 0127). A device
 * below may still name such an id (it pulled the record before the hub settled it); the replay of its entries
 * rewrites the id through this map, so a chain of tiers reaches the record each tier above made of it.
 */
export class SettledIds {
  readonly #repo: Repository<SettledIdData>;

  constructor(local: RecordCollection, ids: IdAllocator) {
    this.#repo = new Repository<SettledIdData>(local, 'sync_settled_id', ids, (s) => ({ lookup_key: settledLookup(s.local_id) }));
  }

  async keep(pairs: readonly IdPair[], stamp: WriteStamp): Promise<void> {
    for (const { local, hub } of pairs) {
      if (!(await this.#repo.byLookup(settledLookup(local)))) await this.#repo.create({ local_id: local, hub_id: hub }, stamp);
    }
  }

  async hubIdOf(local: number): Promise<number | undefined> {
    return (await this.#repo.byLookup(settledLookup(local)))?.data.hub_id;
  }
}

const settledLookup = (local: number) => `settled:${local}`;
