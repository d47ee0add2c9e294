/**
 * Runs work for one key at a time, in arrival order. One process owns the database (docs/architecture.md §4.5), so this
 * is enough to make a check-then-insert (one answer per student, one assessment per key) safe against two
 * requests racing between the check and the insert.
 */
export class KeyedQueue {
  readonly #running = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#running.get(key) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(work);
    this.#running.set(key, next);
    try {
      return await next;
    } finally {
      if (this.#running.get(key) === next) this.#running.delete(key);
    }
  }
}
