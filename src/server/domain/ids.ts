import { randomInt } from 'node:crypto';
import type { RecordCollection } from '../storage/database.ts';
import type { StoredRecord } from '../storage/record-schema.ts';

/**
 * Integer ids that records created offline on many devices can share without colliding:
 * `replica × 2^33 + sequence`. With replica < 2^20 every id stays below 2^53, so JSON clients read it exactly.
 * Replica 0 is never allocated: it is reserved for fixed, well-known ids (Canvas's built-in role ids 1–8).
 */
export const SEQUENCE_SPACE = 2 ** 33;
export const REPLICA_LIMIT = 2 ** 20;

/** Sequences are reserved durably in blocks, so a crash can skip ids but never hand one out twice. */
const DEFAULT_BLOCK = 1000;
const ALLOCATOR_KEY = 'id_allocator:0';

interface AllocatorState {
  replica: number;
  /** Every sequence below this may already have been handed out. */
  reserved_until: number;
}

export function composeId(replica: number, sequence: number): number {
  return replica * SEQUENCE_SPACE + sequence;
}

export function replicaOf(id: number): number {
  return Math.floor(id / SEQUENCE_SPACE);
}

export class IdAllocator {
  readonly replica: number;
  #local: RecordCollection;
  #blockSize: number;
  #next: number;
  #limit: number;
  #reserving: Promise<void> | undefined;

  private constructor(local: RecordCollection, state: AllocatorState, blockSize: number) {
    this.#local = local;
    this.replica = state.replica;
    this.#blockSize = blockSize;
    // Whatever was reserved before this open may have been used before a crash: start past it.
    this.#next = state.reserved_until;
    this.#limit = state.reserved_until;
  }

  /** Loads the allocator of this database, choosing its replica number on first use. */
  static async open(local: RecordCollection, options: { blockSize?: number } = {}): Promise<IdAllocator> {
    const existing = await local.findOne(ALLOCATOR_KEY).exec();
    let state = existing?.toJSON().data as AllocatorState | undefined;
    if (!state) {
      state = { replica: randomInt(1, REPLICA_LIMIT), reserved_until: 1 };
      const now = Date.now();
      await local.insert(allocatorRecord(state, now, now));
    }
    return new IdAllocator(local, state, options.blockSize ?? DEFAULT_BLOCK);
  }

  /** The next id; callers may run concurrently, each gets a distinct id. */
  async next(): Promise<number> {
    while (this.#next >= this.#limit) await this.#reserveBlock();
    return composeId(this.replica, this.#next++);
  }

  /**
   * An id at least as high as every id handed out so far; the next one will be higher. A device names it to its
   * hub with every sync request, so the hub can tell which of its later outbox entries came after that contact.
   */
  get latest(): number {
    return composeId(this.replica, this.#next - 1);
  }

  async nextMany(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(await this.next());
    return ids;
  }

  #reserveBlock(): Promise<void> {
    this.#reserving ??= this.#persistLimit(this.#limit + this.#blockSize).finally(() => {
      this.#reserving = undefined;
    });
    return this.#reserving;
  }

  async #persistLimit(limit: number): Promise<void> {
    if (limit >= SEQUENCE_SPACE) throw new Error(`id sequence space of replica ${this.replica} is exhausted`);
    const doc = await this.#local.findOne(ALLOCATOR_KEY).exec();
    if (!doc) throw new Error('id allocator record disappeared');
    await doc.incrementalPatch({ data: { replica: this.replica, reserved_until: limit }, updated_at: Date.now() });
    this.#limit = limit;
  }
}

function allocatorRecord(state: AllocatorState, createdAt: number, updatedAt: number): StoredRecord {
  return {
    key: ALLOCATOR_KEY,
    type: 'id_allocator',
    id: 0,
    course_id: 0,
    user_id: 0,
    parent_id: 0,
    sort_key: '',
    lookup_key: '',
    created_at: createdAt,
    updated_at: updatedAt,
    updated_by: 0,
    request_id: '',
    data: { ...state },
  };
}
