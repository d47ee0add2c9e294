import type { RecordCollection } from '../../src/server/storage/database.ts';
import type { StoredRecord } from '../../src/server/storage/record-schema.ts';
import type { Stored, TypedRecords } from '../../src/server/storage/typed-records.ts';
import type { Random } from './storage-random.ts';

/** How a test's random writes make a new record, and the ways they may change a picked one. */
export interface WriteKinds<TData extends Record<string, unknown>> {
  fresh(): StoredRecord<TData>;
  changes: ReadonlyArray<(picked: Stored<TData>) => StoredRecord<TData>>;
}

/**
 * Random inserts, changes and removals of one type's records, for tests that race memory kept beside the storage
 * against the writes it must follow. `round` decides its writes now and returns what starts them, so the caller can
 * start its reads first and the writes in the same tick; a round's writes touch different records, so none of them
 * conflicts with another.
 */
export function randomWrites<TData extends Record<string, unknown>>(collection: RecordCollection, records: TypedRecords<TData>, random: Random, kinds: WriteKinds<TData>) {
  const plan = async (taken: Set<number>): Promise<() => Promise<unknown>> => {
    const existing = (await records.find({})).filter((r) => !taken.has(r.id));
    const picked = random.pick(existing);
    taken.add(picked.id);
    const op = random.int(kinds.changes.length + 2);
    if (op === 0) {
      const fresh = kinds.fresh();
      return () => collection.insert(fresh);
    }
    if (op <= kinds.changes.length) {
      const changed = kinds.changes[op - 1]!(picked);
      return () => collection.upsert(changed);
    }
    const doc = (await collection.findOne(picked.key).exec())!;
    return () => doc.remove();
  };
  return {
    async round(count = 3): Promise<() => Promise<unknown>> {
      const taken = new Set<number>();
      const writes: Array<() => Promise<unknown>> = [];
      for (let i = 0; i < count; i++) writes.push(await plan(taken));
      return () => Promise.all(writes.map((start) => start()));
    },
  };
}
